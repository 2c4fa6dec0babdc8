import {createHash, randomBytes} from 'node:crypto';
import {effectivePermissions, isRole} from '../../permissions/roles.ts';
import type {Sql} from '../db/sql.ts';
import type {Session} from '../http/env.ts';

/**
 * Sessions: a random 256-bit token lives only in the browser's HttpOnly cookie; the server keeps its
 * SHA-256, so a leaked session table cannot be replayed. Sessions expire, die when left idle
 * (SESSION_IDLE_MINUTES) and can be revoked, one or all of a user's at once.
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

/**
 * SESSION_IDLE_MINUTES (default 60): a session its user has not used for longer is dead. "Used" means
 * the user's own requests (server/auth/session-gate.ts, server/zero/query-watch.ts), never zero-cache's
 * periodic checks of an open connection.
 */
export function sessionIdleMinutes(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.SESSION_IDLE_MINUTES ?? 60);
  if (!Number.isFinite(value) || value <= 0) throw new Error('SESSION_IDLE_MINUTES must be a positive number of minutes');
  return value;
}

/**
 * The most cards open to a user as a chosen party that the read rule names by ID. Every open query carries
 * the list, and zero-cache transforms them all again every few seconds; a user chosen for more is asked
 * for by the rule's EXISTS, which costs their lists more (docs/benchmark.md).
 */
export const CHOSEN_CARDS_NAMED = 200;

/**
 * The signed-in user for a token, or undefined when it is unknown, expired, idle too long, revoked,
 * blocked or not approved. Only staff sessions: a self-user's token (self-session.ts) never reaches staff data.
 */
export async function readSession(sql: Sql, token: string | undefined): Promise<Session | undefined> {
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const [row] = await sql<
    {
      id: string;
      name: string;
      gender: 'male' | 'female';
      role: string;
      permissions: unknown;
      withheld_permissions: unknown;
      declaration_due: boolean;
      agreement_due: boolean;
      last_active_at: Date;
      chosen_cards: string[];
    }[]
  >`
    SELECT u.id, u.name, u.gender, u.role, u.permissions, u.withheld_permissions, s.last_active_at, u.agreement_due,
           ARRAY(SELECT v.profile_id FROM profile_viewer v WHERE v.user_id = u.id ORDER BY 1 LIMIT ${CHOSEN_CARDS_NAMED + 1}) AS chosen_cards,
           (u.declaration_accepted_on IS NULL OR u.declaration_accepted_on < current_date - interval '1 month') AS declaration_due
    FROM session s JOIN app_user u ON u.id = s.user_id
    WHERE s.token_hash = ${tokenHash} AND s.kind = 'staff' AND s.revoked_at IS NULL AND s.expires_at > now()
      AND s.last_active_at > now() - ${sessionIdleMinutes()}::float8 * interval '1 minute'
      AND u.approved_at IS NOT NULL`;
  if (!row || !isRole(row.role) || row.role === 'blocked') return undefined;
  const permissions = effectivePermissions(row.role, row.permissions, row.withheld_permissions);
  return {
    ctx: {
      userID: row.id,
      role: row.role,
      permissions,
      // Beyond this many, the rule asks each card's viewers (AuthContext.chosenCards).
      ...(row.chosen_cards.length <= CHOSEN_CARDS_NAMED ? {chosenCards: row.chosen_cards} : {}),
    },
    user: {ID: row.id, Name: row.name, Gender: row.gender, role: row.role, permissions},
    declarationDue: row.declaration_due,
    agreementDue: row.agreement_due,
    tokenHash,
    lastActiveAt: row.last_active_at.getTime(),
  };
}

/** The stored activity time moves on at most this often per session: one UPDATE a minute, not one per request. */
export const ACTIVITY_WRITE_MS = 60_000;

/** Records that the session's user did something themselves (throttled: see ACTIVITY_WRITE_MS). */
export async function markActive(sql: Sql, session: Session) {
  const now = Date.now();
  if (now - session.lastActiveAt < ACTIVITY_WRITE_MS) return;
  session.lastActiveAt = now;
  await sql`UPDATE session SET last_active_at = now() WHERE token_hash = ${session.tokenHash} AND revoked_at IS NULL`;
}

/** "Sign out everywhere": revokes every live staff session of the user; returns how many there were. */
export async function revokeAllSessions(sql: Sql, userID: string): Promise<number> {
  const rows = await sql`UPDATE session SET revoked_at = now()
                         WHERE user_id = ${userID} AND kind = 'staff' AND revoked_at IS NULL
                         RETURNING 1`;
  return rows.length;
}

/** The declaration was ticked today; returns the stored date (YYYY-MM-DD, the server's calendar). */
export async function acceptDeclaration(sql: Sql, userID: string): Promise<string> {
  const [row] = await sql<{accepted: string}[]>`
    UPDATE app_user SET declaration_accepted_on = current_date, updated_at = now()
    WHERE id = ${userID}
    RETURNING to_char(declaration_accepted_on, 'YYYY-MM-DD') AS accepted`;
  return row!.accepted;
}
