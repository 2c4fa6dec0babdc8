import {useNavigate, useRouterState} from '@tanstack/react-router';
import {useDeferredValue, useLayoutEffect, useMemo, useRef} from 'react';
import {definedOnly} from '../../lib/search-params.ts';
import {useTypedParam} from '../../ui/use-typed-param.ts';
import {filtersOfSearch, homeSearchOf, type HomeSearch} from './url.ts';
import type {FilterSet} from '../../tables/saved-searches.ts';

const HOME = '/home';
const isBare = (search: HomeSearch) => Object.keys(search).length === 0;

/**
 * The candidate list's filters, sort and search text, kept in the URL (/home's search params). The
 * list is a kept page (shell/sections.ts): while the user is elsewhere it holds the view it last had,
 * and a plain link home (the side menu) puts that view back into the address.
 *
 * `filters` is what the list query gets: the URL's filters with the search text as typed (deferred, so
 * results follow the keys without waiting for the URL, which catches up once typing pauses).
 */
export function useCandidateFilters() {
  const navigate = useNavigate();
  const location = useRouterState({select: s => s.location});
  const here = location.pathname === HOME;

  const kept = useRef<HomeSearch>({});
  const wasHere = useRef(false);
  const restoring = useRef(false);
  const fromURL = homeSearchOf(location.search as Record<string, unknown>);
  if (here) {
    if (!wasHere.current && isBare(fromURL) && !isBare(kept.current)) restoring.current = true;
    if (!(restoring.current && isBare(fromURL))) {
      kept.current = fromURL;
      restoring.current = false;
    }
  }
  useLayoutEffect(() => {
    if (here && restoring.current) void navigate({to: HOME, search: kept.current, replace: true});
    wasHere.current = here;
    // Only on arriving.
  }, [here]);

  const view = kept.current;
  const go = (next: HomeSearch, replace: boolean) => {
    const search = definedOnly(next);
    // Typing settles after the user may have left: the view is kept for their return, not forced on them.
    if (location.pathname !== HOME) kept.current = search;
    else void navigate({to: HOME, search, replace});
  };

  const [searchText, setSearchText] = useTypedParam(view.search, text => go({...kept.current, search: text || undefined}, true), {
    delayMs: 300,
    clean: text => text.trim(),
  });
  const search = useDeferredValue(searchText.trim());

  const urlFilters = filtersOfSearch(view);
  // One object while the view is the same, so the list's memos and effects see no change.
  const key = JSON.stringify({...urlFilters, search: search || undefined});
  const filters = useMemo<FilterSet>(() => JSON.parse(key), [key]);
  return {
    /** The filter set the list asks for (the search text live). */
    filters,
    /** The filters as the URL holds them, for the chips and the panel. */
    urlFilters,
    sort: view.sort,
    dir: view.dir,
    searchText,
    setSearchText,
    /** A new filter set (the sort stays); `replace` while typing, so Back is not one step per key. */
    setFilters: (next: FilterSet, {replace = false}: {replace?: boolean} = {}) =>
      go({...next, search: kept.current.search, sort: view.sort, dir: view.dir}, replace),
  };
}
