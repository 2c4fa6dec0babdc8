import {defineQuery} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleActivities} from '../../permissions/activities.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {ACTIVITY_TYPES} from '../activities/schema.ts';
import {namedQueries} from '../lib/named-queries.ts';

/**
 * "My day" (/dashboard, issue 12): the signed-in user's own activities, through the one read rule, with
 * each side's card only where the user may see it (a card they lost sight of comes as null).
 */

/** How many open activities a stage's column holds live: its count shows "100+" beyond. */
export const STAGE_LIMIT = 100;
/** How many of the month's activities are counted; a shadchan enters far fewer. */
export const MONTH_LIMIT = 1000;

const time = v.pipe(v.number(), v.integer(), v.minValue(0));

/** The user's own activities; nobody's without a session. */
const mine = (ctx: AuthContext | undefined) => visibleActivities(zql.activity, ctx).where('createdBy', ctx?.userID ?? '');

export const dashboardQueries = namedQueries('dashboard', {
  /**
   * My open activities whose reminder is due by `until` (the end of the user's today, by their clock):
   * overdue and today's, soonest first.
   */
  dueReminders: defineQuery(v.object({until: time}), ({args, ctx}) =>
    mine(ctx)
      .where('status', 'in_progress')
      .where('reminderAt', '<=', args.until)
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .orderBy('reminderAt', 'asc')
      .orderBy('id', 'asc')
      .limit(50),
  ),

  /** My open activities of one stage, the most recently worked on first (a column of the pipeline). */
  openOfStage: defineQuery(v.object({type: v.picklist(ACTIVITY_TYPES)}), ({args, ctx}) =>
    mine(ctx)
      .where('status', 'in_progress')
      .where('type', args.type)
      .related('maleProfile', q => visibleProfiles(q, ctx).one())
      .related('femaleProfile', q => visibleProfiles(q, ctx).one())
      .orderBy('updatedAt', 'desc')
      .orderBy('id', 'asc')
      .limit(STAGE_LIMIT),
  ),

  /**
   * My activities of this month (`since`: the start of the user's month): those created since, and
   * those completed since (done, last changed since then), for "my numbers this month".
   */
  myMonth: defineQuery(v.object({since: time}), ({args, ctx}) =>
    mine(ctx)
      .where(({or, and, cmp}) =>
        or(cmp('createdAt', '>=', args.since), and(cmp('status', 'done'), cmp('updatedAt', '>=', args.since))),
      )
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'asc')
      .limit(MONTH_LIMIT),
  ),
});
