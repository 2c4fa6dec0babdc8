import {useSearch} from '@tanstack/react-router';
import * as v from 'valibot';
import {filterSetSchema} from '../candidates/search/filters.ts';
import {NEEDS_ATTENTION_DAYS} from './schema.ts';
import {SORT_KEYS, type FilterSet, type SortKey, type SavedSearchView} from '../tables/saved-searches.ts';

/** The candidate list's view as its URL holds it: the filter set's keys, plus sort and dir. */
export type ListView = {filters: FilterSet; sort: SortKey; dir: 'asc' | 'desc'};

// Section routes (shell/sections.ts), made at runtime, so outside the router's typed paths.
export const NEEDS_ATTENTION_PATH: string = '/home/needs-attention';

/**
 * Reads the list's view from URL search params. Keys the filter set does not know are dropped, and so
 * is the whole set when a value is not one it takes (a hand-edited URL): saving then saves no filter
 * rather than a wrong one.
 */
export function listViewOf(search: Record<string, unknown>): ListView {
  const parsed = v.safeParse(filterSetSchema, search);
  return {
    filters: parsed.success ? parsed.output : {},
    sort: SORT_KEYS.includes(search.sort as SortKey) ? (search.sort as SortKey) : 'name',
    dir: search.dir === 'desc' ? 'desc' : 'asc',
  };
}

/** The view on screen now, read loosely from whichever route is current (the list's own validates it). */
export function useCurrentListView(): ListView {
  return listViewOf(useSearch({strict: false}) as Record<string, unknown>);
}

/**
 * Where a saved search opens: the list with its filters and sort in the URL (defaults left out, so the
 * address stays short), or the needs-attention view with its days. Route search params are typed per
 * route and these routes are sections made at runtime, so the link is built here, loosely, once.
 */
export function savedSearchTarget(search: {view: SavedSearchView; filters: FilterSet; sort: SortKey; dir: 'asc' | 'desc'}): {
  to: string;
  search: Record<string, unknown>;
} {
  if (search.view === 'needsAttention') {
    return {to: NEEDS_ATTENTION_PATH, search: {days: search.filters.idleDays ?? NEEDS_ATTENTION_DAYS}};
  }
  return {
    to: '/home',
    search: {
      ...search.filters,
      ...(search.sort !== 'name' ? {sort: search.sort} : {}),
      ...(search.dir !== 'asc' ? {dir: search.dir} : {}),
    },
  };
}
