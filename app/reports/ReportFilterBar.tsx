import {useQuery} from '@rocicorp/zero/react';
import type {ReactNode} from 'react';
import {lookupQueries} from '../lookups.ts';
import {retiredMark} from '../LookupOptions.tsx';
import {Labelled, Select} from '../ui/controls.tsx';
import {DateRangeFilter} from '../ui/DateRangeFilter.tsx';
import type {ReportSearch} from './filters.ts';
import * as m from '../paraglide/messages.js';

/** A report's filters: the dates and the community (and what a page adds); each change goes straight into the URL. */
export function ReportFilterBar({
  search,
  onChange,
  children,
}: {
  search: ReportSearch;
  onChange: (next: ReportSearch) => void;
  children?: ReactNode;
}) {
  const [communities] = useQuery(lookupQueries.communities());
  return (
    <div
      className="grid gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-4 print:hidden"
      data-testid="report-filters"
    >
      <DateRangeFilter
        label={m.report_filter_dates()}
        value={search}
        onChange={dates => onChange({...search, ...dates})}
        testid="report-filter"
      />
      <Labelled label={m.report_filter_community()}>
        <Select
          value={search.community ?? ''}
          onChange={e => onChange({...search, community: e.target.value || undefined})}
          data-testid="report-filter-community"
        >
          <option value="">{m.filter_any()}</option>
          {communities.map(c => (
            <option key={c.id} value={c.id}>
              {c.name + retiredMark(c)}
            </option>
          ))}
        </Select>
      </Labelled>
      {children}
    </div>
  );
}
