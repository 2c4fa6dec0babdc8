import * as v from 'valibot';
import {id} from '../lib/schema-parts.ts';

/**
 * Activities' arguments (spec §3; issue 12): the list's, the pickers', the quick actions'. An activity's own form
 * and write are app/activities/activity-schema.ts's (with the caller's phone number, which needs the phone library).
 * Issue messages are message keys (app/lib/field-errors.ts).
 */
export const ACTIVITY_TYPES = ['idea', 'suggestion', 'date', 'vort'] as const;
export const ACTIVITY_STATUSES = ['in_progress', 'done', 'irrelevant'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const card = v.nullable(id);
/** A moment in time (ms). */
export const moment = v.pipe(v.number('invalidDate'), v.integer('invalidDate'), v.minValue(0, 'invalidDate'));

/** An activity's status: its form's (app/activities/activity-schema.ts) and the reminder toast's quick change. */
export const activityStatus = v.picklist(ACTIVITY_STATUSES, 'required');

export const activityIDSchema = v.object({id});

/** Moving a pair on (issue 31): the stage, and the id of the next stage's new activity. */
export const activityNextStageSchema = v.object({id, nextID: id});
export type ActivityNextStageArgs = v.InferOutput<typeof activityNextStageSchema>;

export const activityCommentSchema = v.object({
  id,
  activityID: id,
  body: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(2000, 'tooLong')),
});
export type ActivityCommentArgs = v.InferOutput<typeof activityCommentSchema>;

/** The reminder toast's quick actions: a new reminder time, or a new status. */
export const activitySnoozeSchema = v.object({id, reminderAt: moment});
export const activityStatusSchema = v.object({id, status: activityStatus});
export type ActivitySnoozeArgs = v.InferOutput<typeof activitySnoozeSchema>;
export type ActivityStatusArgs = v.InferOutput<typeof activityStatusSchema>;

/** The cards a side's picker offers: those of that gender whose name the typed words start. */
export const candidatePickSchema = v.object({
  gender: v.picklist(['male', 'female']),
  search: v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(50)),
  /** Engaged cards too: the couple form and the benefit-card office pick the engaged themselves. */
  engaged: v.optional(v.boolean(), false),
});

/** The pair a new activity is about, for the collision warning; the activity itself is left out. */
export const collisionArgsSchema = v.object({
  id,
  maleProfileID: card,
  femaleProfileID: card,
});

export const ACTIVITY_SORTS = ['created', 'reminder', 'type', 'status'] as const;
export type ActivitySort = (typeof ACTIVITY_SORTS)[number];

/** The activities list (/dashboard/activities): whose, filters, order and a growing window. */
export const activityListSchema = v.object({
  /** Every shadchan's (with viewAllActivities), not only the user's own. */
  all: v.optional(v.boolean()),
  /** One shadchan's (with viewAllActivities). */
  shadchanID: v.optional(id),
  type: v.optional(v.picklist(ACTIVITY_TYPES)),
  status: v.optional(v.picklist(ACTIVITY_STATUSES)),
  createdFrom: v.optional(moment),
  createdUntil: v.optional(moment),
  /** Only activities with a reminder due by then. */
  reminderBy: v.optional(moment),
  /** A name search on either side's card. */
  candidate: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50))),
  sort: v.optional(v.picklist(ACTIVITY_SORTS)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)),
});
export type ActivityListArgs = v.InferOutput<typeof activityListSchema>;
