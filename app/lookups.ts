import {defineQuery} from '@rocicorp/zero';
import {zql} from '../zero-schema.ts';
import {can} from '../permissions/context.ts';
import {namedQueries} from './lib/named-queries.ts';

export {labelOf} from './tables/label-of.ts';

/** More staff than any office has: the names query's bound. */
const STAFF_NAMES_LIMIT = 5000;

/**
 * Admin-extendable option lists (sectors, statuses, communities). Everyone signed in may read them.
 * Retired sectors and communities are here too: old cards still show them (forms offer them no more).
 */
export const lookupQueries = namedQueries('lookups', {
  sectors: defineQuery(() => zql.sector.orderBy('sort', 'asc').orderBy('id', 'asc')),
  statuses: defineQuery(() => zql.profileStatus.orderBy('sort', 'asc').orderBy('id', 'asc')),
  communities: defineQuery(() => zql.community.orderBy('sort', 'asc').orderBy('name', 'asc')),
  /**
   * The office's staff by name (approved users, administrators and blocked ones too: they own cards),
   * for whoever sees cards: the lists name a card's shadchan from here rather than following each
   * row's owner, which costs every list a lookup per row (docs/benchmark.md, "Cold lists and searches").
   */
  staffNames: defineQuery(({ctx}) =>
    (ctx && can(ctx, 'showTickets') ? zql.user.where('approvedAt', 'IS NOT', null) : zql.user.where('id', 'IS', null))
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(STAFF_NAMES_LIMIT),
  ),
});
