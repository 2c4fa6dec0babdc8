import type {ReactNode} from 'react';

/** A page's title, its one-line explanation and its main actions (at the end; under the title on a phone). */
export function PageHeader({title, subtitle, children}: {title: string; subtitle?: ReactNode; children?: ReactNode}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="mt-1 text-sm text-slate-500">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
