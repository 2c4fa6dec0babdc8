import * as v from 'valibot';
import {toE164} from '../lib/phones.ts';
import {id, text} from '../lib/schema-parts.ts';

/**
 * An activity (spec §3; issue 12): one valibot schema for the form (errors by field) and for the
 * mutators on both sides. Issue messages are message keys (app/lib/field-errors.ts).
 */
export const ACTIVITY_TYPES = ['idea', 'suggestion', 'date', 'vort'] as const;
export const ACTIVITY_STATUSES = ['in_progress', 'done', 'irrelevant'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

const card = v.nullable(id);
/** A moment in time (ms). */
const moment = v.pipe(v.number('invalidDate'), v.integer('invalidDate'), v.minValue(0, 'invalidDate'));
const count = (max: number) =>
  v.pipe(v.number('invalidNumber'), v.integer('invalidNumber'), v.minValue(0, 'outOfRange'), v.maxValue(max, 'outOfRange'));

const activityValues = {
  type: v.picklist(ACTIVITY_TYPES, 'required'),
  status: v.picklist(ACTIVITY_STATUSES, 'required'),
  title: text(200),
  summary: v.pipe(v.string(), v.trim(), v.maxLength(4000, 'tooLong')),
  /** Candidate A (male) and candidate B (female): cards; at least one. */
  maleProfileID: card,
  femaleProfileID: card,
  /** When to remind the one who entered it (ms), if at all. */
  reminderAt: v.nullable(moment),
  /** From a call through the phone proxy: its length and the caller's number (E.164). */
  callDurationSeconds: v.nullable(count(86_400)),
  callerNumber: v.nullable(
    v.pipe(
      v.string('invalidPhone'),
      v.check(typed => toE164(typed) !== undefined, 'invalidPhone'),
      v.transform(typed => toE164(typed)!),
    ),
  ),
  /** The phone call this activity is opened for (the END_CALL prompt's "yes"): on create it links the call. */
  phoneCallID: v.optional(v.nullable(id)),
};

export const activitySchema = v.pipe(
  v.object({id, ...activityValues}),
  v.forward(
    v.check(a => a.maleProfileID !== null || a.femaleProfileID !== null, 'required'),
    ['maleProfileID'],
  ),
);
export type ActivityArgs = v.InferOutput<typeof activitySchema>;

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
export const activityStatusSchema = v.object({id, status: activityValues.status});
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
