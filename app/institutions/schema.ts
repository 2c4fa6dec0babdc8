import * as v from 'valibot';
import {foldName} from '../lib/hebrew-name.ts';
import {id, text} from '../lib/schema-parts.ts';

/**
 * An institution (spec §3 "Institution or community"; issue 13): one valibot schema for the form and
 * the mutators on both sides. Issue messages are message keys (app/lib/field-errors.ts).
 */
export const INSTITUTION_TYPES = ['yeshiva', 'seminary'] as const;
export const MAX_VARIATIONS = 20;

/** Other spellings: trimmed, empty ones and repeats (as folded) dropped. */
const variations = v.pipe(
  v.array(v.pipe(v.string(), v.trim(), v.maxLength(120, 'tooLong')), 'invalidInput'),
  v.transform(list => {
    const seen = new Set<string>();
    return list.filter(name => {
      const folded = foldName(name);
      if (!folded || seen.has(folded)) return false;
      seen.add(folded);
      return true;
    });
  }),
  v.maxLength(MAX_VARIATIONS, 'tooLong'),
);

export const institutionSchema = v.object({
  id,
  name: text(120),
  type: v.picklist(INSTITUTION_TYPES, 'required'),
  variations,
});
export type InstitutionArgs = v.InferOutput<typeof institutionSchema>;

export const institutionRetireSchema = v.object({id, retired: v.boolean()});
export type InstitutionRetireArgs = v.InferOutput<typeof institutionRetireSchema>;

/** The variations as the form types them: one per line or separated by commas. */
export const variationsOf = (typed: string): string[] => typed.split(/[,\n]/);
