import {Labelled, SearchBox, Select} from '../ui/controls.tsx';
import {DateRangeFilter} from '../ui/DateRangeFilter.tsx';
import {useTypedParam} from '../ui/use-typed-param.ts';
import type {LogFilters} from './filters.ts';
import {KIND_LABEL} from './labels.ts';
import {LOG_KINDS, type LogKind, type LogUser} from './schema.ts';
import * as m from '../paraglide/messages.js';

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

  // The record reaches the URL a moment after typing stops, trimmed as the log's query takes it.
  const [record, setRecord] = useTypedParam(filters.record, text => set('record', text), {
    delayMs: 300,
    clean: text => text.trim(),
  });

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
        <SearchBox value={record} maxLength={100} onChange={e => setRecord(e.target.value)} data-testid="log-filter-record" />
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
      <DateRangeFilter
        label={m.users_log_filter_dates()}
        value={filters}
        onChange={dates => onChange({...filters, ...dates})}
        testid="log-filter"
      />
    </div>
  );
}
