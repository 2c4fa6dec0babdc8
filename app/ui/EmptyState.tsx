import type {LucideIcon} from 'lucide-react';
import * as m from '../paraglide/messages.js';

/** What a list page shows when it has nothing: a quiet icon and one line. */
export function EmptyState({icon: Icon, children}: {icon: LucideIcon; children: string}) {
  return (
    <p className="flex flex-col items-center gap-3 rounded-2xl bg-white py-16 text-slate-500 ring-1 ring-slate-200">
      <Icon className="size-8 text-slate-300" aria-hidden />
      {children}
    </p>
  );
}

/** What a list page shows while its first rows are on their way. */
export function ListLoading() {
  return <p className="py-12 text-center text-sm text-slate-500">{m.loading()}</p>;
}
