import * as v from 'valibot';
import {selfCallMeSchema, selfVerifySchema} from '../auth/self-user-schemas.ts';
import {validate} from '../lib/field-errors.ts';

/**
 * The self-user sign-in's checks (valibot and the errors' wordings), a chunk of their own that the page fetches with
 * its first keystroke (issue 35: they were half of its script).
 */
export const checkDetails = (details: unknown) => validate(selfCallMeSchema, details);
export const codeLooksRight = (code: string) => v.is(selfVerifySchema, {verifyCode: code});
