import {X} from 'lucide-react';
import type {ReactNode} from 'react';
import {chipsOf, conditionCount, type FilterOptions} from './chips.ts';
import * as m from '../../paraglide/messages.js';
import type {FilterSet} from '../../tables/saved-searches.ts';

const chipClass = 'inline-flex max-w-full items-center rounded-full bg-brand-50 text-sm text-brand-800 ring-1 ring-brand-200';

/**
 * The active filters above the list, each a chip with its value and a remove button, and "clear all".
 * The free filter is one chip that reopens its builder (onOpenFree), or, for a user who may not build
 * one (a link from someone who may), only shows and removes it.
 */
export function FilterChips({
  filters,
  options,
  onChange,
  onOpenFree,
}: {
  filters: FilterSet;
  options: FilterOptions;
  onChange: (next: FilterSet) => void;
  onOpenFree: (() => void) | undefined;
}) {
  const chips = chipsOf(filters, options);
  if (chips.length === 0 && !filters.free) return null;
  const {search} = filters;
  return (
    <ul className="flex flex-wrap items-center gap-2" aria-label={m.search_active_filters()} data-testid="filter-chips">
      {chips.map(chip => (
        <Chip key={chip.id} id={chip.id} label={chip.text} onRemove={() => onChange(chip.without)}>
          <bdi className="truncate">{chip.text}</bdi>
        </Chip>
      ))}
      {filters.free && (
        <Chip id="free" label={m.free_filter()} onRemove={() => onChange({...filters, free: undefined})}>
          {onOpenFree ? (
            <button type="button" onClick={onOpenFree} className="truncate hover:underline" data-testid="free-chip-open">
              {m.free_chip({count: conditionCount(filters.free)})}
            </button>
          ) : (
            <span className="truncate">{m.free_chip({count: conditionCount(filters.free)})}</span>
          )}
        </Chip>
      )}
      <li>
        <button
          type="button"
          onClick={() => onChange(search ? {search} : {})}
          className="rounded-full px-2.5 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          data-testid="filter-chips-clear"
        >
          {m.search_clear_all()}
        </button>
      </li>
    </ul>
  );
}

function Chip({id, label, onRemove, children}: {id: string; label: string; onRemove: () => void; children: ReactNode}) {
  return (
    <li className={chipClass} data-testid="filter-chip" data-chip={id}>
      <span className="flex min-w-0 items-center py-1 ps-3">{children}</span>
      <button
        type="button"
        onClick={onRemove}
        className="ms-1 me-1 shrink-0 rounded-full p-1 text-brand-700 hover:bg-brand-100"
        aria-label={m.search_remove_chip({label})}
        data-testid="filter-chip-remove"
      >
        <X className="size-3.5" aria-hidden />
      </button>
    </li>
  );
}
