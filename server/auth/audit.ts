import type {Sql} from '../db/sql.ts';
import {logAnonymousAuthRefusal} from '../audit/repeats.ts';

export type AuthEventKind =
  | 'code-request'
  | 'verify-number'
  | 'verify-email'
  | 'verify-google'
  | 'google-callback'
  | 'dev-sign-in'
  | 'logout'
  | 'logout-everywhere'
  | 'self-code-request'
  | 'self-verify-number'
  | 'self-close-ticket'
  | 'self-verify-phone'
  | 'self-verify-email'
  | 'self-logout'
  | 'invitation'
  | 'reset-code-request'
  | 'reset-verify'
  | 'password-set'
  | 'password-reset';

/** The results that are no refusal (server/users-log/entries.ts reads them the same way). */
const succeeded = (result: string) =>
  ['signed-in', 'signed-out', 'ok', 'sent', 'closed', 'verified'].includes(result) ||
  result.endsWith(': sent') ||
  result.startsWith('signed-out:');

/**
 * The users log (spec: usersLog): every sign-in event with who (a staff user, or the ticket of a
 * self-user), when, from where, what and the result. A refusal that names nobody (no user, no ticket)
 * folds into the address's like row of its 15-minute window (server/audit/repeats.ts), so a flood of
 * anonymous sign-in attempts is one row with a count, not one row each.
 */
export async function logAuthEvent(
  sql: Sql,
  e: {
    kind: AuthEventKind;
    result: string;
    userID?: string | null;
    profileID?: string | null;
    target?: string | null;
    ip?: string | null;
  },
) {
  if (!e.userID && !e.profileID && !succeeded(e.result)) {
    await logAnonymousAuthRefusal(sql, {kind: e.kind, result: e.result, target: e.target ?? null, ip: e.ip ?? null});
    return;
  }
  await sql`INSERT INTO auth_event (kind, result, user_id, profile_id, target, ip)
            VALUES (${e.kind}, ${e.result}, ${e.userID ?? null}, ${e.profileID ?? null}, ${e.target ?? null}, ${e.ip ?? null})`;
}
