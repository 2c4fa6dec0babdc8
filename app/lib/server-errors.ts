import {errorCodeOf, type FieldIssue} from '../../permissions/error-codes.ts';
import {ERROR_TEXT} from './dictionary.ts';
import {fieldErrorsOf, summaryOf, type FieldErrors} from './field-errors.ts';
import * as m from '../paraglide/messages.js';

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
