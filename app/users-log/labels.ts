import type {LogEntry, LogKind} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The log's kinds, translated. */
export const KIND_LABEL: Record<LogKind, () => string> = {
  'sign-in': m.users_log_kind_sign_in,
  'sign-in-failed': m.users_log_kind_sign_in_failed,
  change: m.users_log_kind_change,
  card: m.users_log_kind_card,
  print: m.users_log_kind_print,
  file: m.users_log_kind_file,
  export: m.users_log_kind_export,
  duplicates: m.users_log_kind_duplicates,
  'id-number': m.users_log_kind_id_number,
  'candidate-form': m.users_log_kind_candidate_form,
  'benefit-card': m.users_log_kind_benefit_card,
};

/** A sign-in event's own kind (server/auth/audit.ts AuthEventKind), translated. */
const ACTION_LABEL: Record<string, () => string> = {
  'code-request': m.users_log_action_code_request,
  'verify-number': m.users_log_action_verify_number,
  'verify-email': m.users_log_action_verify_email,
  'verify-google': m.users_log_action_verify_google,
  'google-callback': m.users_log_action_google_callback,
  'dev-sign-in': m.users_log_action_dev_sign_in,
  logout: m.users_log_action_logout,
  'logout-everywhere': m.users_log_action_logout_everywhere,
  'self-code-request': m.users_log_action_self_code_request,
  'self-verify-number': m.users_log_action_self_verify_number,
  'self-close-ticket': m.users_log_action_self_close_ticket,
  'self-verify-phone': m.users_log_action_self_verify_phone,
  'self-verify-email': m.users_log_action_self_verify_email,
  'self-logout': m.users_log_action_self_logout,
  invitation: m.users_log_action_invitation,
  'reset-code-request': m.users_log_action_reset_code_request,
  'reset-verify': m.users_log_action_reset_verify,
  'password-set': m.users_log_action_password_set,
  'password-reset': m.users_log_action_password_reset,
};

/** How a code was sent (a code request's result starts with it). */
const CHANNEL_LABEL: Record<string, () => string> = {
  hungup: m.users_log_channel_hungup,
  whatsapp: m.users_log_channel_whatsapp,
  email: m.users_log_channel_email,
};

/** The results the server writes (server/auth/, server/audit/, server/candidates/), translated. */
const RESULT_LABEL: Record<string, () => string> = {
  'signed-in': m.users_log_result_signed_in,
  invitation: m.users_log_result_invitation,
  reset: m.users_log_result_reset,
  'signed-out': m.users_log_result_signed_out,
  ok: m.users_log_result_ok,
  sent: m.users_log_result_sent,
  closed: m.users_log_result_closed,
  verified: m.users_log_result_verified,
  wrong: m.users_log_result_wrong,
  expired: m.users_log_result_expired,
  locked: m.users_log_result_locked,
  'locked-out': m.users_log_result_locked_out,
  blocked: m.users_log_result_blocked,
  pending: m.users_log_result_pending,
  'rate-limited': m.users_log_result_rate_limited,
  'email-unverified': m.users_log_result_email_unverified,
  'unknown-email': m.users_log_result_unknown_email,
  'unknown-target': m.users_log_result_unknown_target,
  'calls-unavailable': m.users_log_result_calls_unavailable,
  'delivery-failed': m.users_log_result_delivery_failed,
  'ticket-cap': m.users_log_result_ticket_cap,
  'daily-cap': m.users_log_result_daily_cap,
  forbidden: m.users_log_result_forbidden,
  shown: m.users_log_result_shown,
  'not-visible': m.users_log_result_not_visible,
  printed: m.users_log_result_printed,
  downloaded: m.users_log_result_downloaded,
  'not-found': m.users_log_result_not_found,
  refused: m.users_log_result_refused,
  named: m.users_log_result_named,
  exported: m.users_log_result_exported,
  matches: m.users_log_result_matches,
  'no-matches': m.users_log_result_no_matches,
};

/** A sign-in event's kind in the UI language; a kind this screen does not know shows as stored. */
export const actionText = (action: string) => ACTION_LABEL[action]?.() ?? action;

/**
 * A result in the UI language: 'whatsapp: sent' (a code request: channel and result), 'signed-out: 3'
 * (sign-out everywhere: how many sessions ended), or a plain result. Anything unknown (a Google error's
 * text) shows as stored.
 */
export function resultText(result: string): string {
  const [head, rest] = result.split(/: (.*)/s, 2) as [string, string | undefined];
  if (rest !== undefined && CHANNEL_LABEL[head]) return `${CHANNEL_LABEL[head]()}: ${resultText(rest)}`;
  if (rest !== undefined && RESULT_LABEL[head]) return `${RESULT_LABEL[head]()} (${rest})`;
  return RESULT_LABEL[result]?.() ?? result;
}

/** A refusal or failure, shown in red. */
export const isFailure = (entry: LogEntry) =>
  entry.kind === 'sign-in-failed' || ['not-visible', 'forbidden', 'refused', 'not-found'].includes(entry.result ?? '');
