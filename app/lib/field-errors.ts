import * as v from 'valibot';
import {MAX_AGE, MIN_AGE} from './dates.ts';
import {PASSWORD_MIN} from './passwords.ts';
import type {FieldIssue} from '../../permissions/error-codes.ts';
import * as m from '../paraglide/messages.js';

/**
 * Schemas carry message keys; this turns them into the UI language. A missing required field gets the
 * spec's field-specific wording ("enter name", "select sector", …) where there is one.
 */
const REQUIRED: Record<string, () => string> = {
  forename: m.required_forename,
  surname: m.required_surname,
  city: m.required_city,
  gender: m.required_gender,
  birthDate: m.required_birth_date,
  sectorID: m.required_sector,
  statusID: m.required_status,
  tz: m.required_id_number,
  phone: m.required_phone,
  name: m.required_full_name,
  birthday: m.required_birth_date,
  verifyCode: m.required_code,
};

const MESSAGES: Record<string, () => string> = {
  tooLong: m.error_too_long,
  invalidDate: m.error_invalid_date,
  ageOutOfRange: () => m.error_age_out_of_range({min: MIN_AGE, max: MAX_AGE}),
  birthDateFuture: m.error_birth_date_future,
  // An imported date that reads either way (issue 31), read in the sheet's order.
  dateReadDayFirst: m.import_date_read_day_first,
  dateReadMonthFirst: m.import_date_read_month_first,
  unknownOption: m.error_unknown_option,
  digitsOnly: m.error_digits_only,
  invalidId: m.error_invalid_id,
  invalidPhone: m.error_invalid_phone,
  outOfRange: m.error_out_of_range,
  invalidNumber: m.error_not_a_number,
  invalidAmount: m.error_invalid_amount,
  idExists: m.dict_id_exists,
  birthDateMismatch: m.dict_birth_date_mismatch,
  genderMismatch: m.dict_gender_mismatch,
  idNumberUnavailable: m.error_id_number_unavailable,
  notFound: m.error_profile_not_found,
  nameExists: m.dict_name_exists,
  invalidInstitution: m.error_invalid_institution,
  invalidEmail: m.error_invalid_email,
  // A password someone chooses (issue 30: an invitation, a reset).
  passwordTooShort: () => m.error_password_too_short({min: PASSWORD_MIN}),
  passwordCommon: m.error_password_common,
};

/**
 * Adds the staff's own wordings (app/lib/staff-field-messages.ts), which the staff's app does when it starts: the
 * public pages never load them (issue 35). The server's import reports need only the card's, above.
 */
export function addFieldMessages(required: Record<string, () => string>, messages: Record<string, () => string>) {
  Object.assign(REQUIRED, required);
  Object.assign(MESSAGES, messages);
}

export type FieldErrors = Record<string, string>;

/** A form's own wording for its required fields, over REQUIRED's (a place's name is no person's full name). */
export type RequiredMessages = Readonly<Record<string, () => string>>;

/**
 * The field an issue belongs to: its dot path, except that an issue about one item of a list (a
 * list of phones: `details.inquiryPhones.1`) belongs to the list's own control, which shows it.
 */
export const fieldOf = (path: string) => path.replace(/(\.\d+)+$/, '');

export function messageFor(field: string, key: string, required: RequiredMessages = {}): string {
  if (key === 'required') return (required[field] ?? REQUIRED[field] ?? m.error_required)();
  return (MESSAGES[key] ?? m.error_invalid_input)();
}

/**
 * Validates with the shared schema; returns the parsed value, or one translated message per field and
 * the form's one-line summary (summaryOf).
 */
export function validate<S extends v.GenericSchema>(
  schema: S,
  input: unknown,
  required?: RequiredMessages,
): {ok: true; value: v.InferOutput<S>} | {ok: false; errors: FieldErrors; summary: string} {
  const result = v.safeParse(schema, input);
  if (result.success) return {ok: true, value: result.output};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = fieldOf(v.getDotPath(issue) ?? '');
    // A text over its limit says the limit (issue 31), which valibot's issue carries.
    const limit =
      issue.message === 'tooLong' && typeof issue.input === 'string' && typeof issue.requirement === 'number'
        ? issue.requirement
        : undefined;
    errors[field] ??= limit === undefined ? messageFor(field, issue.message, required) : m.error_too_long_max({max: limit});
  }
  return {ok: false, errors, summary: summaryOf(result.issues)};
}

/**
 * What a refused form says in one line (spec §8): "incomplete information" when all that is wrong is
 * missing, else "error in details, check and try again".
 */
export const summaryOf = (issues: readonly {message: string}[]) =>
  (issues.length > 0 && issues.every(issue => issue.message === 'required') ? m.dict_incomplete : m.error_invalid_input)();

/** A server's field issues as the form shows them: one translated message per field, the first. */
export function fieldErrorsOf(issues: readonly FieldIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[fieldOf(issue.field)] ??= messageFor(fieldOf(issue.field), issue.message);
  return errors;
}

/**
 * After a refusal, the form's first field to fix gets the focus, once the errors have rendered: on a phone
 * the form (or its dialog) has scrolled to its buttons, and the errors would be out of sight.
 */
export function focusFirstInvalid(form: ParentNode | null | undefined) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid=true]')?.focus());
}
