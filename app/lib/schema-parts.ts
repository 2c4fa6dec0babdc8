import * as v from 'valibot';

/**
 * The valibot pieces every feature's schemas are built from. Issue messages are message keys (see
 * app/lib/field-errors.ts), not text, so each UI language can translate them.
 */

/** Required text, trimmed, of at most `max` characters. */
export const text = (max: number) => v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'tooLong'));

/**
 * The longest text a schema takes (its maxLength action), so a form's control refuses the rest as it is
 * typed or pasted, with no work of ours (issue 31); undefined when it sets none.
 */
export function maxLengthOf(schema: v.GenericSchema): number | undefined {
  const pipe = 'pipe' in schema ? (schema.pipe as ReadonlyArray<{type: string; requirement?: unknown}>) : [];
  const found = pipe.find(step => step.type === 'max_length');
  return typeof found?.requirement === 'number' ? found.requirement : undefined;
}

/** A row's id. */
export const id = v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(40, 'tooLong'));

/** A query's args that name one row. */
export const idArgsSchema = v.object({id});
