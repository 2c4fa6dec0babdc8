import type {ComponentType, ReactNode} from 'react';
import {Loading} from './Loading.tsx';

/**
 * A dashboard box (issue 12): an icon, a title with how many rows it holds and, at the end, a link; its rows,
 * or while it has none, `empty` once its query is complete and a loading line before.
 */
export function CountedPanel({
  icon: Icon,
  title,
  count,
  action,
  complete,
  empty,
  testid,
  children,
}: {
  icon: ComponentType<{className?: string; 'aria-hidden'?: boolean}>;
  title: string;
  count: number;
  action?: ReactNode;
  complete: boolean;
  empty: string;
  testid: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid={testid}>
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Icon className="size-4" aria-hidden />
        {title}
        <span className="text-sm font-normal text-slate-500 tabular-nums">({count})</span>
        {action}
      </h2>
      {count > 0 ? children : complete ? <p className="text-sm text-slate-500">{empty}</p> : <Loading size="small" />}
    </section>
  );
}
