import type {ErrorCode} from '../../permissions/errors.ts';
import * as m from '../paraglide/messages.js';

/**
 * The spec's dictionary (§8), in the four languages: what the app says after an action. Errors are
 * keyed by the code the server refuses with; the others are said by the screens that do the action.
 */
export const ERROR_TEXT: Record<ErrorCode, () => string> = {
  notLoggedIn: m.error_session_expired, // "authentication expired, try again"
  forbidden: m.error_forbidden,
  notFound: m.error_profile_not_found,
  invalidInput: m.error_invalid_input, // "error in details, check and try again"
  unknownOption: m.error_invalid_input,
  maintenance: m.error_maintenance,
  editConflict: m.error_edit_conflict,
  idExists: m.dict_id_exists,
  userUnknown: m.dict_user_unknown,
  incomplete: m.dict_incomplete,
  nameExists: m.dict_name_exists,
  shadchanNameExists: m.dict_shadchan_name_exists,
  shadchanPhoneExists: m.dict_shadchan_phone_exists,
  birthDateMismatch: m.dict_birth_date_mismatch,
  genderMismatch: m.dict_gender_mismatch,
  unableToSave: m.error_unable_to_save,
  idNumberUnavailable: m.error_id_number_unavailable,
};

/** The dictionary's other messages: notices, confirmations and successes. */
export const SAY = {
  invalidNumber: m.error_invalid_number,
  invalidId: m.error_invalid_id,
  profileLoadFailed: m.dict_profile_load_failed,
  noResultsForProfile: m.dict_no_results_for_profile,
  noResults: m.no_results,
  deleteConfirm: m.dict_delete_confirm,
  activityDeleted: m.dict_activity_deleted,
  updated: m.updated_successfully,
  inRecycleBin: m.dict_in_recycle_bin,
  saved: m.saved_successfully,
  verified: m.verification_successful,
  linkCopied: m.link_copied,
  profileClosed: m.dict_profile_closed,
} as const;
