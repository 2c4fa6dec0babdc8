/**
 * Saved searches and the menu pins (issue 14, migrations/0031). Read only through
 * app/saved-searches/queries.ts, which applies permissions/saved-searches.ts.
 */
import {boolean, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {DATE_RANGES} from '../lib/date-ranges.ts';
import type {Gender, ProfileDatabase, ProfileState} from './shared.ts';
import {user} from './staff.ts';
import type {ActivityRecency, FREE_OPERATORS, SortKey} from './search-keys.ts';

export {ACTIVITY_RECENCY, FREE_OPERATORS, SORT_KEYS, type ActivityRecency, type SortKey} from './search-keys.ts';

/** Where a saved search opens: the candidate list, or the needs-attention view (spread by shadchan). */
export const SAVED_SEARCH_VIEWS = ['list', 'needsAttention'] as const;
export type SavedSearchView = (typeof SAVED_SEARCH_VIEWS)[number];

/** A comparison of the free filter builder: a catalogue field, an operator and a value. */
export type FreeCondition = {field: string; op: (typeof FREE_OPERATORS)[number]; value?: string | number | boolean};
export type FreeGroup = {join: 'and' | 'or'; items: (FreeCondition | FreeGroup)[]};

/** A §9 date range: since today, the last month, the last year, or from/until a day ('YYYY-MM-DD'). */
export type FilterDateRange = {range: (typeof DATE_RANGES)[number]; from?: string; until?: string};

/**
 * The candidate search's filter set (issue 14, spec §9), as a saved search stores it. Its schema, with
 * what each key means, is app/candidates/search/filters.ts's filterSetSchema, which yields exactly this
 * (tests/unit/column-types.test.ts).
 */
export type FilterSet = {
  search?: string;
  gender?: Gender;
  ageFrom?: number;
  ageTo?: number;
  heightFrom?: number;
  heightTo?: number;
  sectors?: string[];
  communities?: string[];
  statuses?: string[];
  maritalStatuses?: string[];
  states?: ProfileState[];
  database?: ProfileDatabase;
  cities?: string[];
  institutions?: string[];
  owners?: string[];
  openNow?: true;
  added?: FilterDateRange;
  updated?: FilterDateRange;
  activity?: ActivityRecency;
  idleDays?: number;
  noSuggestionHalfYear?: true;
  free?: FreeGroup;
};

export const savedSearch = table('savedSearch')
  .from('saved_search')
  .columns({
    id: string(),
    ownerID: string().from('owner_id'),
    title: string(),
    filters: json<FilterSet>(),
    sort: enumeration<SortKey>(),
    dir: enumeration<'asc' | 'desc'>(),
    view: enumeration<SavedSearchView>(),
    shared: boolean(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

/** A search pinned to one user's side menu, at a position among their pins. */
export const savedSearchPin = table('savedSearchPin')
  .from('saved_search_pin')
  .columns({
    userID: string().from('user_id'),
    searchID: string().from('search_id'),
    position: number(),
  })
  .primaryKey('userID', 'searchID');

export const savedSearchRelationships = relationships(savedSearch, ({one, many}) => ({
  owner: one({sourceField: ['ownerID'], destField: ['id'], destSchema: user}),
  pins: many({sourceField: ['id'], destField: ['searchID'], destSchema: savedSearchPin}),
}));

export const savedSearchPinRelationships = relationships(savedSearchPin, ({one}) => ({
  search: one({sourceField: ['searchID'], destField: ['id'], destSchema: savedSearch}),
}));
