import * as v from 'valibot';

/**
 * The candidate's phone verification (spec §2 "phone verification screen", issue 15): one of the
 * ticket's own numbers gets a hung-up call, and the caller's last six digits are the code, as at the
 * self-user sign-in. Shared by the page and the server, which checks them again.
 */
export const verifyPhoneRequestSchema = v.object({
  phone: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(20, 'tooLong')),
});
/** The code is checked as at the sign-in (its schema: app/auth/self-user-schemas.ts). */
export {selfVerifySchema as verifyPhoneCodeSchema} from '../auth/self-user-schemas.ts';

/** GET /api/peoples/self-verify: the ticket's numbers (E.164) and whether each is verified. */
/** The ticket's numbers: each as stored (E.164) and as its owner writes it, formatted by the server (the page then needs no libphonenumber). */
export type TicketPhones = {phones: Array<{phone: string; shown: string; verified: boolean}>};

/**
 * The candidate's email verification (spec §2 "email verification screen", issue 15): a code is mailed
 * to the ticket's contact email (the card's `email` detail), and entering it marks that address verified.
 * The code's body is the sign-in's (selfVerifySchema).
 */
export const SELF_VERIFY_EMAIL_PATH = '/api/peoples/self-verify-email';

/** GET SELF_VERIFY_EMAIL_PATH: the ticket, its email (none: the candidate adds one on their form) and whether it is verified. */
export type TicketEmail = {ticketID: string; email: string | null; verified: boolean};
