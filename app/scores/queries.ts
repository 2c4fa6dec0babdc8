import {defineQuery} from '@rocicorp/zero';
import * as v from 'valibot';
import {zql} from '../../zero-schema.ts';
import {mayManageGoals, visibleGoals, visiblePoints, visibleScores} from '../../permissions/scores.ts';
import {monthSchema} from './schema.ts';
import {id} from '../lib/schema-parts.ts';
import {namedQueries} from '../lib/named-queries.ts';

/** How many shadchanim the leaders board ranks. */
export const LEADERS_LIMIT = 10;
/** A month's rows of a whole team: far more than an organisation's staff. */
const TEAM_LIMIT = 500;

const ofMonth = v.object({month: monthSchema});

export const scoreQueries = namedQueries('scores', {
  /** The points per kind, for the settings form and the legend. */
  points: defineQuery(({ctx}) => visiblePoints(zql.scorePoints, ctx)),

  /** The month's leaders, by points (ties by id, so the order holds still), with their names. */
  leaders: defineQuery(ofMonth, ({args, ctx}) =>
    visibleScores(zql.shadchanScore, ctx)
      .where('month', args.month)
      .where('points', '>', 0)
      .related('user', u => u.one())
      .orderBy('points', 'desc')
      .orderBy('userID', 'asc')
      .limit(LEADERS_LIMIT),
  ),

  /** Every shadchan's row of one month: the staff list's monthly score, the goals screen's progress. */
  month: defineQuery(ofMonth, ({args, ctx}) =>
    visibleScores(zql.shadchanScore, ctx).where('month', args.month).orderBy('userID', 'asc').limit(TEAM_LIMIT),
  ),

  /** One shadchan's row of one month (their monthly score), if they did anything counted. */
  one: defineQuery(v.object({userID: id, month: monthSchema}), ({args, ctx}) =>
    visibleScores(zql.shadchanScore, ctx).where('userID', args.userID).where('month', args.month).one(),
  ),

  /** A month's goals the user may see (their own, or everyone's for those who manage goals), with progress. */
  goals: defineQuery(v.object({month: monthSchema, userID: v.optional(id)}), ({args, ctx}) => {
    let q = visibleGoals(zql.shadchanGoal, ctx).where('month', args.month);
    if (args.userID) q = q.where('userID', args.userID);
    return q
      .related('score', s => visibleScores(s, ctx).one())
      .orderBy('userID', 'asc')
      .limit(TEAM_LIMIT);
  }),

  /** Whom goals can be set for (names only): the staff who make matches, for those who manage goals. */
  roster: defineQuery(({ctx}) => {
    const q = zql.user.where('role', 'IN', ['admin', 'coordinator', 'shadchan']).orderBy('name', 'asc').orderBy('id', 'asc');
    return mayManageGoals(ctx) ? q.limit(TEAM_LIMIT) : q.where('id', 'IS', null);
  }),
});
