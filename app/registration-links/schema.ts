import * as v from 'valibot';
import {id} from '../lib/schema-parts.ts';

/**
 * A community's registration link (issue 13, point 5): one valibot schema for the form and the mutators
 * on both sides. The token, the key to the form, is not among the arguments: the server draws it
 * (app/registration-links/mutators.ts), so no browser chooses a link's key.
 */
export const registrationLinkSchema = v.object({
  /** The link's row (opaque: migrations/0047). */
  id,
  communityID: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(40, 'tooLong')),
  /** When it stops working (ms since epoch); null: until revoked. */
  expiresAt: v.nullable(v.pipe(v.number('invalidDate'), v.integer('invalidDate'))),
});
export type RegistrationLinkArgs = v.InferOutput<typeof registrationLinkSchema>;

export const registrationLinkRevokeSchema = v.object({id});
export type RegistrationLinkRevokeArgs = v.InferOutput<typeof registrationLinkRevokeSchema>;

/** The public page a link opens (app/router.tsx; its API is server/candidates/candidate-form.ts). */
export const registrationPath = (token: string) => `/register/${token}`;
