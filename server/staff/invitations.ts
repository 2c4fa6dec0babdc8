import {createHash, randomBytes} from 'node:crypto';
import type {Sql} from '../db/sql.ts';
import {hashPassword, isGuessablePassword} from '../auth/passwords.ts';

/**
 * Staff invitations (issue 30, migrations/0049): a one-time link to choose a password, which is how a
 * new staff member or representative first signs in, and how an administrator's reset hands a user a
 * new one. The token is 256 random bits, kept only as its SHA-256, single use, valid 72 hours; a new
 * invitation voids the user's earlier ones.
 */
export const INVITATION_HOURS = 72;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A new invitation for the user (their earlier ones void); the token, which only the link carries. */
export async function createInvitation(sql: Sql, userID: string, createdBy: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await sql.begin(async tx => {
    await tx`UPDATE staff_invitation SET voided_at = now()
             WHERE user_id = ${userID} AND used_at IS NULL AND voided_at IS NULL`;
    await tx`INSERT INTO staff_invitation (token_hash, user_id, created_by, expires_at)
             VALUES (${sha256(token)}, ${userID}, ${createdBy}, now() + make_interval(hours => ${INVITATION_HOURS}))`;
    await tx`UPDATE app_user SET invited_at = now() WHERE id = ${userID}`;
  });
  return token;
}

/** What a link is: one to use, or why not (nothing changes for those). */
export type InvitationState = 'valid' | 'expired' | 'used' | 'blocked' | 'unknown';

type Invited = {userID: string; name: string; phone: string | null; email: string | null};

/** The invitation a token opens, with its user when it may be used. */
export async function invitationOf(sql: Sql, token: string): Promise<{state: InvitationState; user?: Invited}> {
  const [row] = await sql<(Invited & {expired: boolean; used: boolean; voided: boolean; role: string})[]>`
    SELECT u.id AS "userID", u.name, u.phone, u.email, u.role, i.expires_at <= now() AS expired,
           i.used_at IS NOT NULL AS used, i.voided_at IS NOT NULL AS voided
      FROM staff_invitation i JOIN app_user u ON u.id = i.user_id
     WHERE i.token_hash = ${sha256(token)}`;
  if (!row) return {state: 'unknown'};
  if (row.used) return {state: 'used'};
  // A link sent again voids this one: to its holder it has simply expired.
  if (row.expired || row.voided) return {state: 'expired'};
  if (row.role === 'blocked') return {state: 'blocked'};
  return {state: 'valid', user: {userID: row.userID, name: row.name, phone: row.phone, email: row.email}};
}

export type Acceptance = {ok: true; user: Invited} | {ok: false; state: InvitationState} | {ok: false; issue: 'passwordCommon'};

/**
 * Sets the password an invitation's holder chose (its length was checked already) and uses the link up,
 * in one transaction: two tabs cannot both use it. A password that is easy to guess, the user's own
 * name, phone or email included, is refused and the link stays usable.
 */
export async function acceptInvitation(sql: Sql, token: string, password: string): Promise<Acceptance> {
  return sql.begin(async tx => {
    const [locked] = await tx`SELECT 1 FROM staff_invitation WHERE token_hash = ${sha256(token)} FOR UPDATE`;
    const {state, user} = await invitationOf(tx, token);
    if (!locked || state !== 'valid' || !user) return {ok: false, state};
    if (isGuessablePassword(password, user)) {
      return {ok: false, issue: 'passwordCommon'};
    }
    await tx`UPDATE staff_invitation SET used_at = now() WHERE token_hash = ${sha256(token)}`;
    await tx`UPDATE app_user SET password_hash = ${await hashPassword(password)}, joined_at = now() WHERE id = ${user.userID}`;
    return {ok: true, user};
  });
}
