import {defineQuery, type Query} from '@rocicorp/zero';
import {zql, type Schema} from '../../zero-schema.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import {can, type AuthContext} from '../../permissions/context.ts';
import {nameSearchPatterns} from '../candidates/name-search.ts';
import {activityListSchema, candidatePickSchema, collisionArgsSchema, type ActivityListArgs} from './schema.ts';
import {INSIDE_OR} from '../../permissions/exists.ts';
import {idArgsSchema} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** Cards whose name the typed words start (nameSearchPatterns); also the ideas bank's search. */
export const named = <R>(q: Query<'profile', Schema, R>, search: string) =>
  nameSearchPatterns(search).reduce((named, pattern) => named.where('nameSearch', 'LIKE', pattern), q);

/** The activities list's rows: whose (own, or with viewAllActivities everyone's or one shadchan's), filtered. */
function listed(args: ActivityListArgs, ctx: AuthContext | undefined) {
  let q = visibleActivities(zql.activity, ctx);
  if (!(args.all && can(ctx, 'viewAllActivities'))) q = q.where('createdBy', ctx?.userID ?? '');
  else if (args.shadchanID) q = q.where('createdBy', args.shadchanID);
  if (args.type) q = q.where('type', args.type);
  if (args.status) q = q.where('status', args.status);
  if (args.createdFrom !== undefined) q = q.where('createdAt', '>=', args.createdFrom);
  if (args.createdUntil !== undefined) q = q.where('createdAt', '<', args.createdUntil);
  if (args.reminderBy !== undefined) q = q.where('reminderAt', '<=', args.reminderBy);
  // Sorting by reminder lists those that have one, soonest first.
  if (args.sort === 'reminder') q = q.where('reminderAt', 'IS NOT', null);
  const candidate = args.candidate;
  if (candidate && nameSearchPatterns(candidate).length > 0) {
    q = q.where(({or, exists}) =>
      or(
        exists('maleProfile', p => named(visibleProfiles(p, ctx), candidate), INSIDE_OR),
        exists('femaleProfile', p => named(visibleProfiles(p, ctx), candidate), INSIDE_OR),
      ),
    );
  }
  switch (args.sort) {
    case 'reminder':
      return q.orderBy('reminderAt', 'asc').orderBy('id', 'asc');
    case 'type':
    case 'status':
      return q.orderBy(args.sort, 'asc').orderBy('createdAt', 'desc').orderBy('id', 'asc');
    default:
      return q.orderBy('createdAt', 'desc').orderBy('id', 'asc');
  }
}

/**
 * An activity as the timeline and the form show it: both sides (each only where the user may see that
 * card), the author, and the comment thread with each comment's author, oldest first.
 */
const withPeopleAndThread = <R>(q: Query<'activity', Schema, R>, ctx: AuthContext | undefined) =>
  q
    .related('maleProfile', p => visibleProfiles(p, ctx).one())
    .related('femaleProfile', p => visibleProfiles(p, ctx).one())
    .related('author', a => a.one())
    .related('comments', c =>
      c
        .related('author', a => a.one())
        .orderBy('createdAt', 'asc')
        .orderBy('id', 'asc'),
    );

/** How many reminders the bell keeps live: the nearest ones matter, the rest are a click away. */
export const REMINDER_LIMIT = 20;

export const activityQueries = namedQueries('activities', {
  /**
   * The signed-in user's open activities that have a reminder, soonest first (the top bar's bell).
   * The people on them come through the same profile filter as everywhere else.
   */
  myReminders: defineQuery(({ctx}) =>
    zql.activity
      .where('createdBy', ctx?.userID ?? '')
      .where('status', 'in_progress')
      .where('reminderAt', 'IS NOT', null)
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .orderBy('reminderAt', 'asc')
      .orderBy('id', 'asc')
      .limit(REMINDER_LIMIT),
  ),

  /**
   * A card's activities, newest first (the card's timeline), of a card the user may see, with the other
   * side's card only where the user may see it too, the author and the comments.
   */
  ofCard: defineQuery(idArgsSchema, ({args, ctx}) =>
    withPeopleAndThread(visibleActivities(zql.activity, ctx), ctx)
      // Only through a card the user may see: a hidden card's timeline answers nothing.
      .where(({or, and, cmp, exists}) =>
        or(
          and(
            cmp('maleProfileID', args.id),
            exists('maleProfile', p => visibleProfiles(p, ctx), INSIDE_OR),
          ),
          and(
            cmp('femaleProfileID', args.id),
            exists('femaleProfile', p => visibleProfiles(p, ctx), INSIDE_OR),
          ),
        ),
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(200),
  ),

  /** One activity as its form shows it: both sides (each only if the user may see it), the author, the comments, its stages' neighbours. */
  one: defineQuery(idArgsSchema, ({args, ctx}) =>
    withPeopleAndThread(visibleActivities(zql.activity, ctx), ctx)
      .where('id', args.id)
      // The stages before and after it (issue 31), where the user may see them.
      .related('previous', p => visibleActivities(p, ctx).one())
      .related('next', n => visibleActivities(n, ctx).one())
      .one(),
  ),

  /** The activities list (/dashboard/activities), with both sides' names where the user may see them. */
  list: defineQuery(activityListSchema, ({args, ctx}) =>
    listed(args, ctx)
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .related('author', q => q.one())
      .limit(args.limit),
  ),

  /** One card's name for a side of the form (a prefilled card), if the user may see it. */
  candidate: defineQuery(idArgsSchema, ({args, ctx}) => visibleProfiles(zql.profile, ctx).where('id', args.id).one()),

  /**
   * A side's search-as-you-type: the cards of that gender the user may see whose name the typed words
   * start; not deleted, not awaiting approval, and not engaged (an engaged card is no longer suggested,
   * issue 15) unless asked for by the couple form or the benefit-card office.
   */
  pick: defineQuery(candidatePickSchema, ({args, ctx}) =>
    named(visibleProfiles(zql.profile, ctx), args.search)
      .where('gender', args.gender)
      .where('deletedAt', 'IS', null)
      .where('state', 'NOT IN', args.engaged ? ['pending'] : ['pending', 'engaged'])
      .orderBy('surname', 'asc')
      .orderBy('forename', 'asc')
      .orderBy('id', 'asc')
      .limit(8),
  ),

  /**
   * The idea-collision warning (issue 12 point 4) for a new activity between A and B: another
   * shadchan's in-progress suggestion or date with A or with B, and this very pair tried before and
   * marked irrelevant (by anyone). Only activities the user may see, each with its author; the other
   * side of such an activity shows only if the user may see that card too.
   */
  collisions: defineQuery(collisionArgsSchema, ({args, ctx}) =>
    visibleActivities(zql.activity, ctx)
      .where('id', '!=', args.id)
      // One flat OR of ANDs: zero-cache's planner fails on an OR nested in another (SQLite's nested
      // multi-index OR has a scan loop without a plan line).
      .where(({or, and, cmp}) => {
        const busyWith = (side: 'maleProfileID' | 'femaleProfileID', card: string) =>
          and(
            cmp('createdBy', '!=', ctx?.userID ?? ''),
            cmp('status', 'in_progress'),
            cmp('type', 'IN', ['suggestion', 'date']),
            cmp(side, card),
          );
        const {maleProfileID: a, femaleProfileID: b} = args;
        return or(
          ...(a === null ? [] : [busyWith('maleProfileID', a)]),
          ...(b === null ? [] : [busyWith('femaleProfileID', b)]),
          ...(a !== null && b !== null
            ? [and(cmp('status', 'irrelevant'), cmp('maleProfileID', a), cmp('femaleProfileID', b))]
            : []),
        );
      })
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .related('author', q => q.one())
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(20),
  ),
});
