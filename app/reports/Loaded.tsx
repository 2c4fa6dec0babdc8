import type {ReactNode} from 'react';
import {ListLoading} from '../ui/EmptyState.tsx';
import {useReport} from './use-report.ts';
import type {ReportFilters} from '../tables/exports.ts';

/** A report once the server has answered: loading until then, or the error. */
export function Loaded<T>({name, filters, children}: {name: string; filters: ReportFilters; children: (data: T) => ReactNode}) {
  const {data, error} = useReport<T>(name, filters);
  if (error)
    return (
      <p role="alert" className="text-sm text-rose-600" data-testid="report-error">
        {error}
      </p>
    );
  return data === undefined ? <ListLoading /> : <div data-testid="report-loaded">{children(data)}</div>;
}
