import * as v from 'valibot';
import {id, text} from '../lib/schema-parts.ts';

/**
 * Sectors and communities as the administration keeps them (spec §2 "sectors"; issue 13): one valibot
 * schema for the screen and the mutators on both sides. A sector has a label per language (Hebrew
 * required: the data's base language); a community has one name, a proper name. Issue messages are
 * message keys (app/lib/field-errors.ts).
 */
const otherLabel = v.pipe(v.optional(v.string(), ''), v.trim(), v.maxLength(60, 'tooLong'));

export const sectorSchema = v.object({
  id,
  labels: v.pipe(
    v.object({he: text(60), en: otherLabel, de: otherLabel, ru: otherLabel}),
    // A language left empty falls back to Hebrew (labelOf), so it is not stored.
    v.transform(labels => Object.fromEntries(Object.entries(labels).filter(([, label]) => label !== '')) as {he: string}),
  ),
});
export type SectorArgs = v.InferOutput<typeof sectorSchema>;

export const communitySchema = v.object({id, name: text(80)});
export type CommunityArgs = v.InferOutput<typeof communitySchema>;

/** A new order: every row's id, first to last. */
export const orderSchema = v.object({ids: v.pipe(v.array(id), v.minLength(1, 'required'), v.maxLength(500, 'tooLong'))});
export type OrderArgs = v.InferOutput<typeof orderSchema>;

export const retireSchema = v.object({id, retired: v.boolean()});
export type RetireArgs = v.InferOutput<typeof retireSchema>;
