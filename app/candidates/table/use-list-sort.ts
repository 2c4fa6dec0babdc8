import {useNavigate, useRouterState} from '@tanstack/react-router';
import {useCallback, useRef} from 'react';
import {oneOf} from '../../lib/search-params.ts';
import {SORT_KEYS, type SortKey} from '../../tables/saved-searches.ts';

export type SortDir = 'asc' | 'desc';

/**
 * The /home URL's search params, as they were when /home was last open: the list page stays mounted
 * (hidden) while the user is on a card (shell/KeptOutlet), and must keep its list meanwhile.
 */
export function useHomeSearch(): Record<string, unknown> {
  const search = useRouterState({select: s => (s.location.pathname === '/home' ? s.location.search : undefined)});
  const last = useRef<Record<string, unknown>>({});
  if (search) last.current = search as Record<string, unknown>;
  return last.current;
}

/**
 * The list's order, kept in the URL (`sort`, `dir`) beside the filters, so a link reproduces the view.
 * Names by default, A to Z.
 */
export function useListSort() {
  const search = useHomeSearch();
  const navigate = useNavigate();
  const sort: SortKey = oneOf(SORT_KEYS, search.sort) ?? 'name';
  const dir: SortDir = oneOf(['asc', 'desc'] as const, search.dir) ?? 'asc';
  const setSort = useCallback(
    // Cast: /home's search params get their type from the route's validateSearch (the filter set's keys).
    (next: SortKey, nextDir: SortDir) =>
      void navigate({to: '/home', search: (prev: Record<string, unknown>) => ({...prev, sort: next, dir: nextDir})} as never),
    [navigate],
  );
  return {sort, dir, setSort};
}
