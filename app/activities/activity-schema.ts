import * as v from 'valibot';
import {toE164} from '../lib/phones.ts';
import {id, text} from '../lib/schema-parts.ts';
import {ACTIVITY_TYPES, activityStatus, card, moment} from './schema.ts';

/**
 * An activity (spec §3; issue 12): one valibot schema for the form (errors by field) and for the
 * mutators on both sides. Issue messages are message keys (app/lib/field-errors.ts). Its own module: the caller's
 * number needs the phone library, which the screens that only list activities do not load.
 */
const count = (max: number) =>
  v.pipe(v.number('invalidNumber'), v.integer('invalidNumber'), v.minValue(0, 'outOfRange'), v.maxValue(max, 'outOfRange'));

const activityValues = {
  type: v.picklist(ACTIVITY_TYPES, 'required'),
  status: activityStatus,
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
