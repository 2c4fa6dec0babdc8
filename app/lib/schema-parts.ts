import * as v from 'valibot';

/**
 * The valibot pieces every feature's schemas are built from. Issue messages are message keys (see
 * app/lib/field-errors.ts), not text, so each UI language can translate them.
 */

/** Required text, trimmed, of at most `max` characters. */
export const text = (max: number) => v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(max, 'tooLong'));

/** A row's id. */
export const id = v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(40, 'tooLong'));

/** A query's args that name one row. */
export const idArgsSchema = v.object({id});
