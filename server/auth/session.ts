import {createHash, randomBytes} from 'node:crypto';
import type {AuthContext} from '../../permissions/context.ts';
import {effectivePermissions, isRole} from '../../permissions/roles.ts';
import type {Sql} from '../db/sql.ts';

/**
 * Sessions: a random 256-bit token lives only in the browser's HttpOnly cookie; the server keeps its
 * SHA-256, so a leaked session table cannot be replayed. Sessions expire and can be revoked.
 */
export const SESSION_COOKIE = 'kesher_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(sql: Sql, userID: string, userAgent: string | undefined) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await sql`INSERT INTO session (token_hash, user_id, expires_at, user_agent)
            VALUES (${hashToken(token)}, ${userID}, ${expiresAt}, ${userAgent?.slice(0, 300) ?? null})`;
  return {token, expiresAt};
}

export async function revokeSession(sql: Sql, token: string) {
  await sql`UPDATE session SET revoked_at = now() WHERE token_hash = ${hashToken(token)} AND revoked_at IS NULL`;
}

export type SessionUser = {
  ID: string;
  Name: string;
  Gender: 'male' | 'female';
  role: AuthContext['role'];
  permissions: AuthContext['permissions'];
};

/**
 * The signed-in user for a token, or undefined when it is unknown, expired, revoked, blocked or not
 * approved. Only staff sessions: a self-user's token (self-session.ts) never reaches staff data.
 */
export async function readSession(
  sql: Sql,
  token: string | undefined,
): Promise<{ctx: AuthContext; user: SessionUser} | undefined> {
  if (!token) return undefined;
  const [row] = await sql<{id: string; name: string; gender: 'male' | 'female'; role: string; permissions: unknown}[]>`
    SELECT u.id, u.name, u.gender, u.role, u.permissions
    FROM session s JOIN app_user u ON u.id = s.user_id
    WHERE s.token_hash = ${hashToken(token)} AND s.kind = 'staff' AND s.revoked_at IS NULL AND s.expires_at > now()
      AND u.approved_at IS NOT NULL`;
  if (!row || !isRole(row.role) || row.role === 'blocked') return undefined;
  const permissions = effectivePermissions(row.role, row.permissions);
  return {
    ctx: {userID: row.id, role: row.role, permissions},
    user: {ID: row.id, Name: row.name, Gender: row.gender, role: row.role, permissions},
  };
}
