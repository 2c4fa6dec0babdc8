import * as v from 'valibot';
import type {ScoreKind} from '../tables/scores.ts';
import {id} from '../lib/schema-parts.ts';

/**
 * Scores and goals (issue 17): one valibot schema per write, for the forms (errors by field) and the
 * mutators on both sides. Issue messages are message keys (app/lib/field-errors.ts).
 */
export const SCORE_KINDS = ['idea', 'suggestion', 'date', 'vort', 'couple'] as const satisfies readonly ScoreKind[];

/** A whole number in a range, typed into a number field (an empty field is NaN, not 0). */
const count = (max: number) =>
  v.pipe(v.number('invalidNumber'), v.integer('invalidNumber'), v.minValue(0, 'outOfRange'), v.maxValue(max, 'outOfRange'));

export const MAX_POINTS = 1000;
export const MAX_GOAL = 1000;

/** The points of every kind at once, as the settings form saves them. */
export const pointsSchema = v.object(
  Object.fromEntries(SCORE_KINDS.map(kind => [kind, count(MAX_POINTS)])) as Record<ScoreKind, ReturnType<typeof count>>,
);
export type PointsArgs = v.InferOutput<typeof pointsSchema>;

/** A month, `YYYY-MM` (the organisation's calendar, Asia/Jerusalem). */
export const monthSchema = v.pipe(v.string('required'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'invalidDate'));

export const goalSchema = v.object({
  userID: id,
  month: monthSchema,
  suggestions: count(MAX_GOAL),
  dates: count(MAX_GOAL),
});
export type GoalArgs = v.InferOutput<typeof goalSchema>;

export const goalKeySchema = v.object({userID: id, month: monthSchema});

/** A score row's and a goal's id: the shadchan and the month. */
export const monthRowID = (userID: string, month: string) => `${userID}:${month}`;

/** A number field's text as the schemas check it: empty is not zero but missing (NaN, "not a number"). */
export const typedNumber = (typed: string) => (typed.trim() === '' ? Number.NaN : Number(typed));
