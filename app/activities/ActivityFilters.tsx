import {useQuery} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {SlidersHorizontal} from 'lucide-react';
import {useState} from 'react';
import {candidateQueries} from '../candidates/queries.ts';
import {Labelled, SearchBox, Select} from '../ui/controls.tsx';
import {DateRangeFilter} from '../ui/DateRangeFilter.tsx';
import {Toggle} from '../ui/Toggle.tsx';
import {useTypedParam} from '../ui/use-typed-param.ts';
import {SORT_LABEL, STATUS_LABEL, TYPE_LABEL} from './labels.ts';
import type {ListFilters} from './list-filters.ts';
import {ACTIVITY_SORTS, ACTIVITY_STATUSES, ACTIVITY_TYPES} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The activities list's filters and order; each change goes straight into the URL (onChange). */
export function ActivityFilters({
  filters,
  onChange,
  mayViewAll,
}: {
  filters: ListFilters;
  onChange: (next: ListFilters) => void;
  mayViewAll: boolean;
}) {
  const [more, setMore] = useState(false);
  // How many of the folded filters are set, so a phone shows that the list is narrowed.
  const folded = [filters.type, filters.status, filters.range, filters.shadchan, filters.due, filters.sort].filter(
    value => value !== undefined && value !== 'created',
  ).length;
  const [staff] = useQuery(mayViewAll && filters.all === true && candidateQueries.staff());
  const set = <K extends keyof ListFilters>(key: K, value: ListFilters[K] | '') =>
    onChange({...filters, [key]: value === '' ? undefined : value});

  // The name reaches the URL as it is typed (a short pause), kept as typed: the query trims it.
  const [name, setName] = useTypedParam(filters.q, q => set('q', q), {delayMs: 200});

  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="activity-filters">
      {mayViewAll && (
        <div className="max-w-xs">
          <Toggle
            label={m.activities_all_shadchanim()}
            checked={filters.all === true}
            onChange={all => onChange({...filters, all: all || undefined, shadchan: undefined})}
            testid="activities-all"
          />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Labelled label={m.activities_filter_candidate()}>
          <SearchBox
            value={name}
            onChange={e => setName(e.target.value)}
            placeholder={m.activity_pick_placeholder()}
            data-testid="filter-candidate"
          />
        </Labelled>
        {/* On a phone the rest folds away behind one button, so the list starts on the first screen. */}
        <div className={clsx('contents', !more && 'max-sm:hidden')} data-testid="activity-filters-more">
          <Labelled label={m.activity_type()}>
            <Select
              value={filters.type ?? ''}
              onChange={e => set('type', e.target.value as ListFilters['type'])}
              data-testid="filter-type"
            >
              <option value="">{m.filter_any()}</option>
              {ACTIVITY_TYPES.map(t => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]()}
                </option>
              ))}
            </Select>
          </Labelled>
          <Labelled label={m.activity_status()}>
            <Select
              value={filters.status ?? ''}
              onChange={e => set('status', e.target.value as ListFilters['status'])}
              data-testid="filter-status"
            >
              <option value="">{m.filter_any()}</option>
              {ACTIVITY_STATUSES.map(s => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]()}
                </option>
              ))}
            </Select>
          </Labelled>
          {filters.all && (
            <Labelled label={m.activities_filter_shadchan()}>
              <Select
                value={filters.shadchan ?? ''}
                onChange={e => set('shadchan', e.target.value)}
                data-testid="filter-shadchan"
              >
                <option value="">{m.filter_any()}</option>
                {(staff ?? []).map(u => (
                  <option key={u.id} value={u.id}>
                    {u.name}
                  </option>
                ))}
              </Select>
            </Labelled>
          )}
          <DateRangeFilter
            label={m.activities_filter_created()}
            value={filters}
            onChange={dates => onChange({...filters, ...dates})}
            testid="filter"
          />
          <Labelled label={m.activities_sort()}>
            <Select
              value={filters.sort ?? 'created'}
              onChange={e => set('sort', e.target.value as ListFilters['sort'])}
              data-testid="filter-sort"
            >
              {ACTIVITY_SORTS.map(s => (
                <option key={s} value={s}>
                  {SORT_LABEL[s]()}
                </option>
              ))}
            </Select>
          </Labelled>
        </div>
      </div>
      <label className={clsx('flex items-center gap-2 text-sm text-slate-700', !more && 'max-sm:hidden')}>
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={filters.due === true}
          onChange={e => set('due', e.target.checked || '')}
          data-testid="filter-due"
        />
        {m.activities_filter_due()}
      </label>
      <button
        type="button"
        aria-expanded={more}
        onClick={() => setMore(!more)}
        className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 sm:hidden"
        data-testid="activity-filters-toggle"
      >
        <SlidersHorizontal className="size-4" aria-hidden />
        {more ? m.activities_filters_fewer() : m.activities_filters_more({count: String(folded)})}
      </button>
    </div>
  );
}
