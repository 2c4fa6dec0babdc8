import {ArrowDownUp} from 'lucide-react';
import {Select} from '../../ui/controls.tsx';
import type {SortDir} from './use-list-sort.ts';
import * as m from '../../paraglide/messages.js';
import {SORT_KEYS, type SortKey} from '../../tables/saved-searches.ts';

/** The sortable columns' names (the table's headers say the same). */
const SORT_LABEL: Record<SortKey, () => string> = {
  name: m.column_name,
  age: m.column_age,
  city: m.column_city,
  createdAt: m.column_created,
  updatedAt: m.column_updated,
  lastActivityAt: m.column_last_activity,
};

/** A phone has no headers to click: the order is chosen here instead. */
export function SortSelect({sort, dir, onSort}: {sort: SortKey; dir: SortDir; onSort: (sort: SortKey, dir: SortDir) => void}) {
  return (
    <span className="flex items-center gap-2">
      <label className="flex flex-1 items-center gap-2 text-sm whitespace-nowrap text-slate-600">
        {m.table_sort()}
        <Select className="py-1.5" value={sort} onChange={e => onSort(e.target.value as SortKey, dir)} data-testid="sort-select">
          {SORT_KEYS.map(key => (
            <option key={key} value={key}>
              {SORT_LABEL[key]()}
            </option>
          ))}
        </Select>
      </label>
      <button
        type="button"
        onClick={() => onSort(sort, dir === 'asc' ? 'desc' : 'asc')}
        className="rounded-lg bg-white p-2 text-slate-600 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50"
        aria-label={dir === 'asc' ? m.table_sort_asc() : m.table_sort_desc()}
        aria-pressed={dir === 'desc'}
        data-testid="sort-dir"
      >
        <ArrowDownUp className="size-4" aria-hidden />
      </button>
    </span>
  );
}
