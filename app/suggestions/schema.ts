import * as v from 'valibot';
import type {ReasonKey} from './rules.ts';

const reasonKey = v.custom<ReasonKey>(value => typeof value === 'string');

/** One suggested match as GET /api/profiles/:id/suggestions sends it (server/suggestions/routes.ts). */
export const suggestedMatchSchema = v.object({
  id: v.string(),
  forename: v.string(),
  surname: v.string(),
  gender: v.picklist(['male', 'female']),
  age: v.number(),
  city: v.string(),
  score: v.number(),
  reasons: v.array(
    v.object({
      key: reasonKey,
      against: v.optional(v.literal(true)),
      values: v.record(v.string(), v.union([v.string(), v.number()])),
    }),
  ),
});
export type SuggestedMatch = v.InferOutput<typeof suggestedMatchSchema>;

export const suggestionsAnswerSchema = v.object({matches: v.array(suggestedMatchSchema)});
