import {createHash, randomBytes, randomInt, timingSafeEqual} from 'node:crypto';
import type {Sql} from '../db/sql.ts';
import {verifyPassword} from './passwords.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_FAILURES = 5;

/**
 * How the code reached the user; for 'google' the "code" is the codeState the provider sent back.
 * 'self' codes (self-user sign-in, phone verification) go out by hung-up call and 'self-email' codes
 * (the candidate's email verification) by email; only checkSelfCode takes either, each for its own use.
 */
export type Channel = 'hungup' | 'whatsapp' | 'email' | 'google' | SelfChannel;
export type SelfChannel = 'self' | 'self-email';
const isSelfChannel = (channel: Channel): channel is SelfChannel => channel === 'self' || channel === 'self-email';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Keyed by the attempt token, which only the browser holds: a leaked table cannot be brute-forced. */
const codeHash = (attemptToken: string, code: string) => sha256(`${attemptToken}:${code.trim()}`);

export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Records a code sent to `target`. Returns the attempt token the browser keeps (cookie) to verify it.
 * The owner (userID for staff channels, profileID for 'self') is null when nobody matched: the caller
 * cannot tell the difference.
 */
export async function createLoginCode(
  sql: Sql,
  c: {channel: Channel; target: string; userID?: string | null; profileID?: string | null; code: string; purpose?: CodePurpose},
) {
  const attemptToken = randomBytes(32).toString('base64url');
  await sql`
    INSERT INTO login_code (attempt_hash, channel, target, user_id, profile_id, code_hash, expires_at, purpose)
    VALUES (${sha256(attemptToken)}, ${c.channel}, ${c.target}, ${c.userID ?? null}, ${c.profileID ?? null},
            ${codeHash(attemptToken, c.code)}, ${new Date(Date.now() + CODE_TTL_MS)}, ${c.purpose ?? 'sign-in'})`;
  return attemptToken;
}

/**
 * What a code is for (migrations/0049): signing in, or choosing a new password after "forgot password"
 * (staff channels only). One kind never does the other's work.
 */
export type CodePurpose = 'sign-in' | 'reset';

export type CodeCheck =
  {ok: true; userID: string} | {ok: false; reason: 'expired' | 'wrong'; userID: string | null; target: string | null};

/**
 * Staff: checks a code together with the account password. A wrong code and a wrong password are the
 * same failure, and an unknown target fails like a wrong code.
 */
export async function checkLoginCode(
  sql: Sql,
  attemptToken: string | undefined,
  channels: readonly Channel[],
  code: string,
  password: string,
): Promise<CodeCheck> {
  const check = await consumeCode(sql, attemptToken, channels, code, {password});
  return check.ok
    ? {ok: true, userID: check.owner}
    : {ok: false, reason: check.reason, userID: check.owner, target: check.target};
}

export type SelfCodeCheck =
  | {ok: true; profileID: string; target: string}
  | {ok: false; reason: 'expired' | 'wrong'; profileID: string | null; target: string | null};

/**
 * Self-users have no password: the code sent to a ticket's registered phone (or, on the email
 * verification screen, to its email: channel 'self-email') is the proof.
 */
export async function checkSelfCode(
  sql: Sql,
  attemptToken: string | undefined,
  code: string,
  channel: SelfChannel = 'self',
): Promise<SelfCodeCheck> {
  const check = await consumeCode(sql, attemptToken, [channel], code, {self: true});
  return check.ok
    ? {ok: true, profileID: check.owner, target: check.target}
    : {ok: false, reason: check.reason, profileID: check.owner, target: check.target};
}

/**
 * "Forgot password": a code asked for a reset proves the phone or email, without the password. It is
 * used up here; its browser then has the code's lifetime to choose the password (resetOwner).
 */
export async function checkResetCode(sql: Sql, attemptToken: string | undefined, code: string): Promise<CodeCheck> {
  const check = await consumeCode(sql, attemptToken, ['hungup', 'whatsapp', 'email'], code, {reset: true});
  return check.ok
    ? {ok: true, userID: check.owner}
    : {ok: false, reason: check.reason, userID: check.owner, target: check.target};
}

/** Whose password this browser may now choose: a reset code checked within its lifetime, not yet completed. */
export async function resetOwner(sql: Sql, attemptToken: string | undefined): Promise<string | undefined> {
  if (!attemptToken) return undefined;
  const [row] = await sql<{userID: string}[]>`
    SELECT user_id AS "userID" FROM login_code
     WHERE attempt_hash = ${sha256(attemptToken)} AND purpose = 'reset' AND used_at IS NOT NULL
       AND completed_at IS NULL AND expires_at > now() AND user_id IS NOT NULL`;
  return row?.userID;
}

/** The reset's password was chosen: its code can do nothing more. */
export async function completeReset(sql: Sql, attemptToken: string) {
  await sql`UPDATE login_code SET completed_at = now() WHERE attempt_hash = ${sha256(attemptToken)}`;
}

/** What besides the code proves the sign-in: a staff password, nothing (a self-user), or nothing for a reset. */
type Proof = {password: string} | {self: true} | {reset: true};

type Consumed =
  | {ok: true; owner: string; target: string}
  | {ok: false; reason: 'expired' | 'wrong'; owner: string | null; target: string | null};

/**
 * Checks a code (and, for a staff sign-in, the account password) in one locked transaction. A code is
 * single-use, lives 10 minutes and dies after 5 failures. The owner is the code's user (staff
 * channels) or profile (self channels). The proof must fit the code: a staff sign-in's password, a
 * self-user's nothing, a reset's nothing for a reset code; so no kind of code completes another kind of
 * step, whatever `channels` says.
 */
async function consumeCode(
  sql: Sql,
  attemptToken: string | undefined,
  channels: readonly Channel[],
  code: string,
  proof: Proof,
): Promise<Consumed> {
  if (!attemptToken) return {ok: false, reason: 'expired', owner: null, target: null};
  return sql.begin(async tx => {
    const [row] = await tx<
      {
        channel: Channel;
        target: string;
        owner: string | null;
        code_hash: string;
        failures: number;
        expires_at: Date;
        used_at: Date | null;
        password_hash: string | null;
        purpose: CodePurpose;
      }[]
    >`
      SELECT c.channel, c.target, CASE WHEN c.channel IN ('self', 'self-email') THEN c.profile_id ELSE c.user_id END AS owner, c.code_hash, c.failures, c.expires_at, c.used_at, u.password_hash, c.purpose
      FROM login_code c LEFT JOIN app_user u ON u.id = c.user_id
      WHERE c.attempt_hash = ${sha256(attemptToken)}
      FOR UPDATE OF c`;
    const fits = row && channels.includes(row.channel) && (row.purpose === 'reset') === 'reset' in proof;
    if (!row || !fits) return {ok: false, reason: 'expired', owner: null, target: null};
    const who = {owner: row.owner, target: row.target};
    if (row.used_at || row.expires_at.getTime() <= Date.now() || row.failures >= MAX_FAILURES) {
      return {ok: false, reason: 'expired', ...who};
    }
    const codeOK = timingSafeEqual(Buffer.from(codeHash(attemptToken, code)), Buffer.from(row.code_hash));
    // Always verify a staff password, so timing does not tell a wrong code or unknown user from a wrong password.
    const passwordOK = isSelfChannel(row.channel)
      ? 'self' in proof
      : 'reset' in proof || ('password' in proof && (await verifyPassword(row.password_hash ?? DUMMY_HASH, proof.password)));
    if (!codeOK || !passwordOK || !row.owner) {
      await tx`UPDATE login_code SET failures = failures + 1 WHERE attempt_hash = ${sha256(attemptToken)}`;
      return {ok: false, reason: row.failures + 1 >= MAX_FAILURES ? 'expired' : 'wrong', ...who};
    }
    await tx`UPDATE login_code SET used_at = now() WHERE attempt_hash = ${sha256(attemptToken)}`;
    return {ok: true, owner: row.owner, target: row.target};
  });
}

// argon2id of a random password nobody knows; compared against when there is no user.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$JYYO6SDUL6F4dqW+Ohi9lw$1etEOkrbu2t0CJYcKcTOhLoIiKwqk8ESdpvFolhoitA';
