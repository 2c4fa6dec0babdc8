import {Search} from 'lucide-react';
import {useEffect, useState, type ReactNode} from 'react';
import {DATE_RANGES, type DateRange} from '../activities/list-filters.ts';
import {Select} from '../ui/controls.tsx';
import {DateInput} from '../ui/DateInput.tsx';
import type {LogFilters} from './filters.ts';
import {KIND_LABEL} from './labels.ts';
import {LOG_KINDS, type LogKind, type LogUser} from './schema.ts';
import * as m from '../paraglide/messages.js';

const RANGE_LABEL: Record<DateRange, () => string> = {
  today: m.range_since_today,
  month: m.range_last_month,
  year: m.range_last_year,
  custom: m.range_custom,
};

/** The users log's filters; each change goes straight into the URL (onChange). */
export function UsersLogFilters({
  filters,
  users,
  onChange,
}: {
  filters: LogFilters;
  users: LogUser[];
  onChange: (next: LogFilters) => void;
}) {
  const set = <K extends keyof LogFilters>(key: K, value: LogFilters[K] | '') =>
    onChange({...filters, [key]: value === '' ? undefined : value});

  // The record is typed here and reaches the URL a moment after typing stops; a URL changed elsewhere wins.
  const [record, setRecord] = useState(filters.record ?? '');
  const [sent, setSent] = useState(filters.record ?? '');
  if ((filters.record ?? '') !== sent) {
    setSent(filters.record ?? '');
    setRecord(filters.record ?? '');
  }
  useEffect(() => {
    if (record === sent) return;
    const timer = setTimeout(() => {
      setSent(record);
      set('record', record.trim());
    }, 300);
    return () => clearTimeout(timer);
    // The typed text alone starts the wait.
  }, [record]);

  return (
    <div
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4"
      data-testid="users-log-filters"
    >
      <Labelled label={m.users_log_filter_user()}>
        <Select value={filters.user ?? ''} onChange={e => set('user', e.target.value)} data-testid="log-filter-user">
          <option value="">{m.filter_any()}</option>
          {users.map(u => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </Select>
      </Labelled>
      <Labelled label={m.users_log_filter_record()}>
        <div className="relative">
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
          <input
            type="search"
            value={record}
            maxLength={100}
            onChange={e => setRecord(e.target.value)}
            className="block w-full rounded-lg border-0 bg-white py-2 ps-9 pe-3 text-sm shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none"
            data-testid="log-filter-record"
          />
        </div>
      </Labelled>
      <Labelled label={m.users_log_filter_kind()}>
        <Select value={filters.kind ?? ''} onChange={e => set('kind', e.target.value as LogKind)} data-testid="log-filter-kind">
          <option value="">{m.filter_any()}</option>
          {LOG_KINDS.map(k => (
            <option key={k} value={k}>
              {KIND_LABEL[k]()}
            </option>
          ))}
        </Select>
      </Labelled>
      <Labelled label={m.users_log_filter_dates()}>
        <Select
          value={filters.range ?? ''}
          onChange={e =>
            onChange({...filters, range: (e.target.value || undefined) as DateRange, from: undefined, until: undefined})
          }
          data-testid="log-filter-range"
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
              fieldProps={{id: 'log-filter-from', 'aria-invalid': false}}
              name="log-filter-from"
              value={filters.from}
              onChange={v => set('from', v)}
            />
          </Labelled>
          <Labelled label={m.range_until()}>
            <DateInput
              fieldProps={{id: 'log-filter-until', 'aria-invalid': false}}
              name="log-filter-until"
              value={filters.until}
              onChange={v => set('until', v)}
            />
          </Labelled>
        </>
      )}
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
