import {useQuery} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {Search, SlidersHorizontal} from 'lucide-react';
import {useEffect, useState, type ReactNode} from 'react';
import {queries} from '../queries.ts';
import {Select} from '../ui/controls.tsx';
import {DateInput} from '../ui/DateInput.tsx';
import {Toggle} from '../ui/Toggle.tsx';
import {SORT_LABEL, STATUS_LABEL, TYPE_LABEL} from './labels.ts';
import {DATE_RANGES, type DateRange, type ListFilters} from './list-filters.ts';
import {ACTIVITY_SORTS, ACTIVITY_STATUSES, ACTIVITY_TYPES} from './schema.ts';
import * as m from '../paraglide/messages.js';

const RANGE_LABEL: Record<DateRange, () => string> = {
  today: m.range_since_today,
  month: m.range_last_month,
  year: m.range_last_year,
  custom: m.range_custom,
};

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
  const [staff] = useQuery(mayViewAll && filters.all === true && queries.candidates.staff());
  const set = <K extends keyof ListFilters>(key: K, value: ListFilters[K] | '') =>
    onChange({...filters, [key]: value === '' ? undefined : value});

  // The name is typed here and reaches the URL as it is typed; a URL changed elsewhere (back, a link) wins.
  const [name, setName] = useState(filters.q ?? '');
  const [sent, setSent] = useState(filters.q ?? '');
  if ((filters.q ?? '') !== sent) {
    setSent(filters.q ?? '');
    setName(filters.q ?? '');
  }
  useEffect(() => {
    if (name === sent) return;
    const timer = setTimeout(() => {
      setSent(name);
      set('q', name);
    }, 200);
    return () => clearTimeout(timer);
    // The typed name alone starts the wait.
  }, [name]);

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
          <div className="relative">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <input
              type="search"
              value={name}
              onChange={e => setName(e.target.value)}
              placeholder={m.activity_pick_placeholder()}
              className="block w-full rounded-lg border-0 bg-white py-2 ps-9 pe-3 text-sm shadow-sm ring-1 ring-slate-300 ring-inset placeholder:text-slate-500 focus:ring-2 focus:ring-brand-500 focus:outline-none"
              data-testid="filter-candidate"
            />
          </div>
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
          <Labelled label={m.activities_filter_created()}>
            <Select
              value={filters.range ?? ''}
              onChange={e => set('range', e.target.value as DateRange)}
              data-testid="filter-range"
            >
              <option value="">{m.filter_any()}</option>
              {DATE_RANGES.map(r => (
                <option key={r} value={r}>
                  {RANGE_LABEL[r]()}
                </option>
              ))}
            </Select>
          </Labelled>
          {filters.range === 'custom' && (
            <>
              <Labelled label={m.range_from()}>
                <DateInput
                  fieldProps={{id: 'filter-from', 'aria-invalid': false}}
                  name="filter-from"
                  value={filters.from}
                  onChange={v => set('from', v)}
                />
              </Labelled>
              <Labelled label={m.range_until()}>
                <DateInput
                  fieldProps={{id: 'filter-until', 'aria-invalid': false}}
                  name="filter-until"
                  value={filters.until}
                  onChange={v => set('until', v)}
                />
              </Labelled>
            </>
          )}
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

/** A filter with its label above it (the control inside the label, so no ids are needed). */
function Labelled({label, children}: {label: string; children: ReactNode}) {
  return (
    <label className="block space-y-1 text-xs font-medium text-slate-600">
      <span>{label}</span>
      {children}
    </label>
  );
}
