import * as v from 'valibot';
import {foldName} from '../lib/hebrew-name.ts';

/**
 * The commitment form's body (spec §2 user-agreement/{id}), shared by the form and the API server,
 * which checks it again. The date is not sent: the server stores its own calendar's day, the one the
 * form showed. Issue messages are codes the form translates.
 */
export const signAgreementSchema = v.object({
  accepted: v.literal(true, 'notAccepted'),
  fullName: v.pipe(v.string('required'), v.trim(), v.minLength(2, 'required'), v.maxLength(200, 'tooLong')),
  locale: v.picklist(['he', 'en', 'de', 'ru'], 'invalidInput'),
});

/** The typed name is the account's name, as people type names (niqqud, final letters, spaces aside). */
export const signatureMatches = (typed: string, accountName: string) => foldName(typed) === foldName(accountName);

/** What GET /api/users/agreement/{id} answers: whose form, the server's today, and the signature once there is one. */
export type AgreementState = {
  name: string;
  today: string;
  signed: {fullName: string; signedOn: string; signedAt: string; ip: string | null} | null;
};
