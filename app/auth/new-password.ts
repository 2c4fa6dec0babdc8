import {focusFirstInvalid, validate, type FieldErrors} from '../lib/field-errors.ts';
import {newPasswordSchema} from './schemas.ts';
import * as m from '../paraglide/messages.js';

/**
 * A new password as its form (app/ui/PasswordPair.tsx: an invitation, a reset) submitted it: the
 * password once it is long and uncommon enough and typed the same twice, or the errors to show, with
 * the first field to fix focused.
 */
export function submittedPassword(form: HTMLFormElement): {ok: true; password: string} | {ok: false; errors: FieldErrors} {
  const data = new FormData(form);
  const password = String(data.get('password') ?? '');
  const checked = validate(newPasswordSchema, {password});
  const errors = !checked.ok
    ? checked.errors
    : password !== data.get('passwordAgain')
      ? {passwordAgain: m.error_passwords_differ()}
      : undefined;
  if (!errors) return {ok: true, password};
  focusFirstInvalid(form);
  return {ok: false, errors};
}
