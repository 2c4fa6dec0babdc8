import {defineQuery, type Query} from '@rocicorp/zero';
import {zql, type Schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {visibleSavedSearches} from '../../permissions/saved-searches.ts';
import {applyFilters} from '../candidates/search/apply.ts';
import {needsAttentionSchema} from './schema.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** More saved searches than anyone keeps: the screen lists them all. */
const LIST_LIMIT = 500;
/** The shadchanim the needs-attention view lists at most (each with their few most neglected cards). */
const SHADCHANIM_LIMIT = 300;

/**
 * The cards that need attention (open now, no activity in `days`), among those this user may see and
 * as the list shows them (not deleted, not awaiting approval). The same filter set a pinned preset
 * counts, so the view and its badge agree.
 */
function neglected<R>(q: Query<'profile', Schema, R>, ctx: AuthContext | undefined, days: number) {
  return applyFilters(visibleProfiles(q, ctx), {openNow: true, idleDays: days}, ctx)
    .where('deletedAt', 'IS', null)
    .where('state', '!=', 'pending');
}

export const savedSearchQueries = namedQueries('savedSearches', {
  /** The user's own searches and the shared ones, by title, each with the user's own pin (if pinned) and its owner. */
  list: defineQuery(({ctx}) =>
    visibleSavedSearches(zql.savedSearch, ctx)
      .related('owner', o => o.one())
      .related('pins', p => p.where('userID', ctx?.userID ?? ''))
      .orderBy('title', 'asc')
      .orderBy('id', 'asc')
      .limit(LIST_LIMIT),
  ),

  /**
   * The searches this user pinned to their side menu, in their order. A pin whose search they may no
   * longer see (its owner made it private) is left out.
   */
  pinned: defineQuery(({ctx}) =>
    zql.savedSearchPin
      .where('userID', ctx?.userID ?? '')
      .whereExists('search', s => visibleSavedSearches(s, ctx))
      .related('search', s => s.one())
      .orderBy('position', 'asc')
      .orderBy('searchID', 'asc')
      .limit(LIST_LIMIT),
  ),

  /**
   * The needs-attention view (spec §9, issue 14): for each shadchan who owns such a card this user may
   * see, their `perShadchan` most neglected ones, never-touched first, then the longest idle. Spread
   * per shadchan rather than one list by idle time: a shadchan with many old cards would otherwise fill
   * the whole screen and another's forgotten cards would never come up; this way every shadchan's
   * oldest cards are in view, however many each has. The page sorts the groups (most neglected first).
   */
  needsAttention: defineQuery(needsAttentionSchema, ({args, ctx}) =>
    zql.user
      .whereExists('ownedProfiles', p => neglected(p, ctx, args.days))
      .related('ownedProfiles', p =>
        neglected(p, ctx, args.days).orderBy('lastActivityAt', 'asc').orderBy('id', 'asc').limit(args.perShadchan),
      )
      .orderBy('name', 'asc')
      .orderBy('id', 'asc')
      .limit(SHADCHANIM_LIMIT),
  ),
});
