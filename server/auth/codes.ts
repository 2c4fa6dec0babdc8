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
  c: {channel: Channel; target: string; userID?: string | null; profileID?: string | null; code: string},
) {
  const attemptToken = randomBytes(32).toString('base64url');
  await sql`
    INSERT INTO login_code (attempt_hash, channel, target, user_id, profile_id, code_hash, expires_at)
    VALUES (${sha256(attemptToken)}, ${c.channel}, ${c.target}, ${c.userID ?? null}, ${c.profileID ?? null},
            ${codeHash(attemptToken, c.code)}, ${new Date(Date.now() + CODE_TTL_MS)})`;
  return attemptToken;
}

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
  const check = await consumeCode(sql, attemptToken, channels, code, password);
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
  const check = await consumeCode(sql, attemptToken, [channel], code, undefined);
  return check.ok
    ? {ok: true, profileID: check.owner, target: check.target}
    : {ok: false, reason: check.reason, profileID: check.owner, target: check.target};
}

type Consumed =
  | {ok: true; owner: string; target: string}
  | {ok: false; reason: 'expired' | 'wrong'; owner: string | null; target: string | null};

/**
 * Checks a code (and, for staff, the account password) in one locked transaction. A code is
 * single-use, lives 10 minutes and dies after 5 failures. The owner is the code's user (staff
 * channels) or profile (self channels). `password` is given for staff codes and only for them, so neither
 * kind of code can complete the other kind of sign-in, whatever `channels` says.
 */
async function consumeCode(
  sql: Sql,
  attemptToken: string | undefined,
  channels: readonly Channel[],
  code: string,
  password: string | undefined,
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
      }[]
    >`
      SELECT c.channel, c.target, CASE WHEN c.channel IN ('self', 'self-email') THEN c.profile_id ELSE c.user_id END AS owner, c.code_hash, c.failures, c.expires_at, c.used_at, u.password_hash
      FROM login_code c LEFT JOIN app_user u ON u.id = c.user_id
      WHERE c.attempt_hash = ${sha256(attemptToken)}
      FOR UPDATE OF c`;
    if (!row || !channels.includes(row.channel)) return {ok: false, reason: 'expired', owner: null, target: null};
    const who = {owner: row.owner, target: row.target};
    if (row.used_at || row.expires_at.getTime() <= Date.now() || row.failures >= MAX_FAILURES) {
      return {ok: false, reason: 'expired', ...who};
    }
    const codeOK = timingSafeEqual(Buffer.from(codeHash(attemptToken, code)), Buffer.from(row.code_hash));
    // Always verify a staff password, so timing does not tell a wrong code or unknown user from a wrong password.
    const passwordOK = isSelfChannel(row.channel)
      ? password === undefined
      : password !== undefined && (await verifyPassword(row.password_hash ?? DUMMY_HASH, password));
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
