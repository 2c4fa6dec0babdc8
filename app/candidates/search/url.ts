import * as v from 'valibot';
import {oneOf, textOf} from '../../lib/search-params.ts';
import {filterSetSchema} from './filters.ts';
import {SORT_KEYS, type SortKey} from '../../tables/search-keys.ts';
import type {FilterSet} from '../../tables/saved-searches.ts';

/**
 * The candidate list's URL (/home): its search params are the filter set's own keys, plus the sort, so
 * a link `{to: '/home', search}` reproduces a view and a saved search is the same object.
 */
export type HomeSearch = FilterSet & {sort?: SortKey; dir?: 'asc' | 'desc'};

type FilterKey = keyof FilterSet;
const FILTER_KEYS = Object.keys(filterSetSchema.entries) as FilterKey[];
/** The keys that hold a list: a hand-typed `?cities=צפת` (one value, not a JSON list) is read as one item. */
const LIST_KEYS = new Set<FilterKey>([
  'sectors',
  'communities',
  'statuses',
  'maritalStatuses',
  'states',
  'cities',
  'institutions',
  'owners',
]);

/** A typed param as its key's schema wants it: the router reads "21" as 21 and "true" as true, a single value as itself. */
function shapeOf(key: FilterKey, value: unknown): unknown {
  if (key === 'search') return textOf(value);
  if (LIST_KEYS.has(key)) {
    const list = Array.isArray(value) ? value : [value];
    return [...new Set(list.map(item => (typeof item === 'number' ? String(item) : item)))];
  }
  if (key === 'openNow' || key === 'noSuggestionHalfYear') return value === true || value === 'true' || value === 1 || undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * The /home route's search params, whatever was typed in the address bar: each key is read on its own
 * against the filter set's schema, and a value that does not fit is dropped (never an error), so a
 * mistyped link still opens the list with whatever it got right.
 */
export function homeSearchOf(search: Record<string, unknown>): HomeSearch {
  const found: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) {
    if (search[key] === undefined) continue;
    const read = v.safeParse(filterSetSchema.entries[key], shapeOf(key, search[key]));
    if (read.success && read.output !== undefined && read.output !== '') found[key] = read.output;
  }
  // A crossed range (from above until) matches nobody: it is a typing slip, read as no range.
  for (const [from, to] of [
    ['ageFrom', 'ageTo'],
    ['heightFrom', 'heightTo'],
  ] as const) {
    if (!((found[from] as number) > (found[to] as number))) continue;
    delete found[from];
    delete found[to];
  }
  const sort = oneOf(SORT_KEYS, search.sort);
  const dir = oneOf(['asc', 'desc'] as const, search.dir);
  return {...(found as FilterSet), ...(sort ? {sort} : {}), ...(dir ? {dir} : {})};
}

/** The filter set of a /home URL (without its sort). */
export function filtersOfSearch({sort: _sort, dir: _dir, ...filters}: HomeSearch): FilterSet {
  return filters;
}

/** How many filters are set, as the chips show them (a from–to range is one; the search text has its box). */
export function activeFilterCount(filters: FilterSet): number {
  const keys = new Set(
    Object.keys(filters)
      .filter(key => key !== 'search' && filters[key as FilterKey] !== undefined)
      .map(key => key.replace(/(From|To)$/, '')),
  );
  return keys.size;
}
