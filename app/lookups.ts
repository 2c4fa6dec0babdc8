import {defineQuery} from '@rocicorp/zero';
import {zql} from '../zero-schema.ts';
import {namedQueries} from './lib/named-queries.ts';

export {labelOf} from './tables/label-of.ts';

/**
 * Admin-extendable option lists (sectors, statuses, communities). Everyone signed in may read them.
 * Retired sectors and communities are here too: old cards still show them (forms offer them no more).
 */
export const lookupQueries = namedQueries('lookups', {
  sectors: defineQuery(() => zql.sector.orderBy('sort', 'asc').orderBy('id', 'asc')),
  statuses: defineQuery(() => zql.profileStatus.orderBy('sort', 'asc').orderBy('id', 'asc')),
  communities: defineQuery(() => zql.community.orderBy('sort', 'asc').orderBy('name', 'asc')),
});
