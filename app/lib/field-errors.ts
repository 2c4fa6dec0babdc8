import * as v from 'valibot';
import {MAX_AGE, MIN_AGE} from './dates.ts';
import {PASSWORD_MIN} from './passwords.ts';
import {errorCodeOf, type FieldIssue} from '../../permissions/error-codes.ts';
import {ERROR_TEXT} from './dictionary.ts';
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
  role: m.staff_required_role,
  placeID: m.representative_place_required,
  // The staff form's community or institution (issue 30).
  place: m.representative_place_required,
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
  editConflict: m.card_conflict_title,
  wrongSide: m.activity_wrong_side,
  // A pair's stages (issue 31).
  lastStage: m.error_last_stage,
  stageMovedOn: m.error_stage_moved_on,
  transferSameCard: m.transfer_same_card,
  transferWrongGender: m.transfer_wrong_gender,
  transferNotYours: m.transfer_not_yours,
  notFound: m.error_profile_not_found,
  nameExists: m.dict_name_exists,
  invalidInstitution: m.error_invalid_institution,
  invalidEmail: m.error_invalid_email,
  // A password someone chooses (issue 30: an invitation, a reset).
  passwordTooShort: () => m.error_password_too_short({min: PASSWORD_MIN}),
  passwordCommon: m.error_password_common,
  // The staff form (issue 13).
  shadchanNameExists: m.dict_shadchan_name_exists,
  shadchanPhoneExists: m.dict_shadchan_phone_exists,
  emailExists: m.staff_email_exists,
  roleForbidden: m.staff_role_forbidden,
  // Representatives (issue 13): their sign-in account's phone.
  phoneTaken: m.error_phone_taken,
  linkExpiryPast: m.error_link_expiry_past,
  // admin/notifications (issue 13): a notice's audience and period.
  chooseRoles: m.notifications_error_choose_roles,
  chooseUsers: m.notifications_error_choose_users,
  untilBeforeFrom: m.notifications_error_until,
  // Benefit cards' eligibility (app/benefit-cards/eligibility.ts), refused on the office's manual issue.
  notEngaged: m.bonus_error_notEngaged,
  noIDNumber: m.bonus_error_noIDNumber,
  hasLiveCard: m.bonus_error_hasLiveCard,
  // Engaged couples (issue 15): §5's ID rule and a decision taken meanwhile.
  coupleNeedsID: m.couples_error_needs_id,
  coupleSideNeedsCard: m.couples_error_side_needs_card,
  coupleUndoFirst: m.couples_error_undo_first,
  coupleStatusChanged: m.couples_error_status_changed,
  // Excel formats (issue 16): a field mapped twice, or none at all.
  fieldTwice: m.import_error_field_twice,
  noFieldMapped: m.import_error_no_field,
  // Chats (issue 17): whom a conversation is with.
  chooseMembers: m.chats_error_choose_members,
  // Staff pages (issue 17): a page's text too long or not the editor's, or saved meanwhile by another.
  pageTooLarge: m.pages_error_too_large,
  pageContentInvalid: m.pages_error_content_invalid,
  pageEditConflict: m.pages_error_edit_conflict,
  // Ideas bank (issue 17): nobody responsible could receive the idea; an answer already given.
  ideaNoRecipient: m.ideas_error_no_recipient,
  ideaAnswered: m.ideas_error_answered,
};

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

/**
 * A server rejection: field errors when the server named fields, otherwise one message for a toast;
 * and the other card it is about, when the server named one the user may open.
 */
export function serverErrorOf(details: unknown): {fields: FieldErrors; message: string; profileID?: string} {
  const code = errorCodeOf(details);
  const issues = ((details as {issues?: FieldIssue[]} | undefined)?.issues ?? []).filter(i => typeof i?.field === 'string');
  const fields = fieldErrorsOf(issues);
  const message = code === 'invalidInput' ? summaryOf(issues) : (code ? ERROR_TEXT[code] : m.error_unable_to_save)();
  const profileID = (details as {profileID?: unknown} | undefined)?.profileID;
  return {fields, message, ...(typeof profileID === 'string' ? {profileID} : {})};
}

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
