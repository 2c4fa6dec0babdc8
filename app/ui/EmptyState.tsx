import type {LucideIcon} from 'lucide-react';
import {Loading} from './Loading.tsx';

/**
 * What a list page shows when it has nothing: a quiet icon and one line. While the list's query is not
 * yet complete (`loading`), "nothing" is not known: the branded loader shows instead (issue 31).
 */
export function EmptyState({icon: Icon, loading = false, children}: {icon: LucideIcon; loading?: boolean; children: string}) {
  if (loading) return <Loading />;
  return (
    <p className="flex flex-col items-center gap-3 rounded-2xl bg-white py-16 text-slate-500 ring-1 ring-slate-200">
      <Icon className="size-8 text-slate-300" aria-hidden />
      {children}
    </p>
  );
}

/** What a list page shows while its first rows are on their way: the shared loader (app/ui/Loading.tsx). */
export function ListLoading() {
  return <Loading />;
}
