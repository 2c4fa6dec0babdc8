import * as v from 'valibot';
import {PASSWORD_MIN} from '../lib/passwords.ts';

/**
 * Bodies of the sign-in calls (spec §7), shared by the /login form and the API server, which checks
 * them again. Phone numbers are checked for real on the server (libphonenumber) and stored as E.164.
 */
const phone = v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(30, 'tooLong'));

/** What a code is asked for: signing in, or choosing a new password ("forgot password"). */
const purpose = v.optional(v.picklist(['sign-in', 'reset'], 'invalidInput'), 'sign-in');

export const callMeSchema = v.object({
  phone,
  codeType: v.picklist(['hungup', 'whatsapp'], 'invalidCodeType'),
  purpose,
});

export const emailCodeSchema = v.object({
  email: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(254, 'tooLong'), v.email('invalidEmail')),
  purpose,
});

/** "Forgot password", step two: the code that came. */
export const resetCodeSchema = v.object({
  verifyCode: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'tooLong')),
});

export const verifySchema = v.object({
  verifyCode: v.pipe(v.string('required'), v.trim(), v.nonEmpty('required'), v.maxLength(64, 'tooLong')),
  password: v.pipe(v.string('required'), v.nonEmpty('required'), v.maxLength(200, 'tooLong')),
});

/** A password someone chooses (an invitation, a reset): long enough; the server also refuses guessable ones. */
export const newPasswordSchema = v.object({
  password: v.pipe(v.string('required'), v.minLength(PASSWORD_MIN, 'passwordTooShort'), v.maxLength(200, 'tooLong')),
});
