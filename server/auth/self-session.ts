import {randomBytes} from 'node:crypto';
import type {Context} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import type {Sql} from '../db/sql.ts';
import {hashToken} from './session.ts';
import {isHttps} from '../http/env.ts';

/**
 * Self-user sessions (spec §6: "separate session from the self-user login"): the same token scheme as
 * staff sessions, in the same table with kind 'self' and the ticket's profile id, under their own
 * cookie so a shadchan and a candidate can share a browser without either session seeing the other's.
 * Short-lived: a candidate or parent comes to look at or close one ticket.
 */
export const SELF_SESSION_COOKIE = 'kesher_self';
export const SELF_SESSION_TTL_MS = 2 * 60 * 60 * 1000;

/** The ticket a self-user token belongs to, or undefined when it is unknown, expired, revoked or a staff token. */
export async function readSelfSession(sql: Sql, token: string | undefined): Promise<{profileID: string} | undefined> {
  if (!token) return undefined;
  const [row] = await sql<{profile_id: string}[]>`
    SELECT profile_id FROM session
    WHERE token_hash = ${hashToken(token)} AND kind = 'self' AND revoked_at IS NULL AND expires_at > now()`;
  return row ? {profileID: row.profile_id} : undefined;
}

/** The self session of this request's cookie. */
export const selfSessionOf = (c: Context, sql: Sql) => readSelfSession(sql, getCookie(c, SELF_SESSION_COOKIE));

/** Revokes a self-user token (never a staff one); returns the ticket it was for, if it was live. */
async function revokeSelfSession(sql: Sql, token: string): Promise<string | undefined> {
  const [row] = await sql<{profile_id: string}[]>`
    UPDATE session SET revoked_at = now()
    WHERE token_hash = ${hashToken(token)} AND kind = 'self' AND revoked_at IS NULL
    RETURNING profile_id`;
  return row?.profile_id;
}

/** Signs a self-user in for a ticket; the browser's previous self session, if any, is revoked (rotation). */
export async function startSelfSession(c: Context, sql: Sql, profileID: string) {
  const previous = getCookie(c, SELF_SESSION_COOKIE);
  if (previous) await revokeSelfSession(sql, previous);
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SELF_SESSION_TTL_MS);
  await sql`INSERT INTO session (token_hash, kind, profile_id, expires_at, user_agent)
            VALUES (${hashToken(token)}, 'self', ${profileID}, ${expiresAt}, ${c.req.header('user-agent')?.slice(0, 300) ?? null})`;
  setCookie(c, SELF_SESSION_COOKIE, token, {httpOnly: true, sameSite: 'Lax', secure: isHttps(c), path: '/', expires: expiresAt});
}

/** Signs the self-user out: the session is revoked and the cookie cleared. Returns the ticket it was for. */
export async function endSelfSession(c: Context, sql: Sql): Promise<string | undefined> {
  const token = getCookie(c, SELF_SESSION_COOKIE);
  deleteCookie(c, SELF_SESSION_COOKIE, {path: '/'});
  return token ? revokeSelfSession(sql, token) : undefined;
}
