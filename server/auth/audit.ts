import type {Sql} from '../db/sql.ts';

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

/**
 * The users log (spec: usersLog): every sign-in event with who (a staff user, or the ticket of a
 * self-user), when, from where, what and the result.
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
  await sql`INSERT INTO auth_event (kind, result, user_id, profile_id, target, ip)
            VALUES (${e.kind}, ${e.result}, ${e.userID ?? null}, ${e.profileID ?? null}, ${e.target ?? null}, ${e.ip ?? null})`;
}
