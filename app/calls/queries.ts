import {defineQuery, type Query} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql, type Schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import {visibleCalls} from '../../permissions/calls.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** The list keeps the newest calls live; older ones are history that nobody scrolls to on this screen. */
export const CALLS_LIMIT = 200;

/** Which calls the list shows: the user's own (the default), or every shadchan's (viewAllActivities). */
export const callsListArgs = v.object({scope: v.picklist(['mine', 'all'])});
export type CallsScope = v.InferOutput<typeof callsListArgs>['scope'];

/** The start of "today" in the browser's own time zone (ms): the server cannot know the user's midnight. */
export const callsTodayArgs = v.object({since: v.pipe(v.number(), v.integer(), v.minValue(0))});

/** A call with what the user may see of it: the card only when visible, the activity only when visible, who took it. */
const withRelated = <R>(q: Query<'phoneCall', Schema, R>, ctx: AuthContext | undefined) =>
  q
    .related('profile', p => visibleProfiles(p, ctx).one())
    .related('activity', a => visibleActivities(a, ctx).one())
    .related('user', u => u.one())
    .orderBy('startedAt', 'desc')
    .orderBy('id', 'asc');

export const callQueries = namedQueries('calls', {
  /** The calls list (/dashboard/calls): mine, or all with the permission (the read rule narrows "all" otherwise). */
  list: defineQuery(callsListArgs, ({args, ctx}) => {
    const calls = visibleCalls(zql.phoneCall, ctx);
    return withRelated(args.scope === 'mine' ? calls.where('userID', ctx?.userID ?? '') : calls, ctx).limit(CALLS_LIMIT);
  }),

  /** The signed-in user's calls since the browser's midnight, newest first (the dashboard's "today's calls"). */
  today: defineQuery(callsTodayArgs, ({args, ctx}) =>
    withRelated(
      visibleCalls(zql.phoneCall, ctx)
        .where('userID', ctx?.userID ?? '')
        .where('startedAt', '>=', args.since),
      ctx,
    ).limit(CALLS_LIMIT),
  ),
});
