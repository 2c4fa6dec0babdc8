/**
 * Saved searches and the menu pins (issue 14, migrations/0031). Read only through
 * app/saved-searches/queries.ts, which applies permissions/saved-searches.ts.
 */
import {boolean, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {FilterSet, SortKey} from '../candidates/search/filters.ts';
import type {SavedSearchView} from '../saved-searches/schema.ts';
import {user} from './staff.ts';

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
