import * as v from 'valibot';
import {id, text} from '../lib/schema-parts.ts';

/**
 * The ideas bank (issue 17): one valibot schema per write for the forms (errors by field) and the
 * mutators on both sides; issue messages are message keys (app/lib/field-errors.ts).
 */
export const IDEA_ANSWERS = ['open', 'accepted', 'declined'] as const;
export const IDEA_BOXES = ['all', 'received', 'sent'] as const;
export type IdeaBox = (typeof IDEA_BOXES)[number];

/** A new idea: a man's card and a woman's card the sender may see, and a note for the recipients. */
export const ideaSendSchema = v.object({
  id,
  maleProfileID: id,
  femaleProfileID: id,
  note: text(2000),
});
export type IdeaSendArgs = v.InferOutput<typeof ideaSendSchema>;

/** A recipient accepts: the idea activity is made with this id and title (in the recipient's language). */
export const ideaAcceptSchema = v.object({ideaID: id, activityID: id, title: text(200)});
export type IdeaAcceptArgs = v.InferOutput<typeof ideaAcceptSchema>;

/** A recipient declines, saying why. */
export const ideaDeclineSchema = v.object({ideaID: id, reason: text(500)});
export type IdeaDeclineArgs = v.InferOutput<typeof ideaDeclineSchema>;

/** The bank: whose ideas (all the user may see, received, sent), which answer, a name, a growing window. */
export const ideaListSchema = v.object({
  box: v.picklist(IDEA_BOXES),
  /** Ideas with a recipient in this state (in the received box: the user's own answer). */
  status: v.optional(v.picklist(IDEA_ANSWERS)),
  /** A name search on either side's card. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50))),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(500)),
});
export type IdeaListArgs = v.InferOutput<typeof ideaListSchema>;

/** The form's "this pair was tried before": the pair, and the idea being written (left out). */
export const ideaPairSchema = v.object({id, maleProfileID: id, femaleProfileID: id});
