import * as m from '../paraglide/messages.js';

/** Server error codes of the sign-in calls → the message shown in the alert (spec §8). */
const MESSAGES: Record<string, () => string> = {
  invalidPhone: m.error_invalid_phone,
  invalidInput: m.error_invalid_input,
  tooManyRequests: m.error_too_many_requests,
  callsUnavailable: m.error_calls_unavailable,
  deliveryFailed: m.error_delivery_failed,
  codeExpired: m.error_session_expired,
  googleLoginFailed: m.error_google_failed,
  wrongCredentials: m.error_wrong_credentials,
  accountBlocked: m.error_account_blocked,
  accountPending: m.error_account_pending,
  network: m.error_network,
  internal: m.error_server,
  wrongCode: m.error_wrong_code,
  forbidden: m.error_forbidden,
  notSignedIn: m.error_session_expired,
};

export const loginErrorText = (code: string, serverMessage: string) => (MESSAGES[code] ?? (() => serverMessage))();
