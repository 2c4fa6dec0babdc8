import {createHash, randomBytes, randomInt, timingSafeEqual} from 'node:crypto';
import type {Sql} from '../db/sql.ts';
import {verifyPassword} from './passwords.ts';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const MAX_FAILURES = 5;

export type Channel = 'hungup' | 'whatsapp' | 'email';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/** Keyed by the attempt token, which only the browser holds: a leaked table cannot be brute-forced. */
const codeHash = (attemptToken: string, code: string) => sha256(`${attemptToken}:${code.trim()}`);

export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Records a code sent to `target`. Returns the attempt token the browser keeps (cookie) to verify it.
 * userID is null for targets nobody is registered with: the caller cannot tell the difference.
 */
export async function createLoginCode(sql: Sql, c: {channel: Channel; target: string; userID: string | null; code: string}) {
  const attemptToken = randomBytes(32).toString('base64url');
  await sql`
    INSERT INTO login_code (attempt_hash, channel, target, user_id, code_hash, expires_at)
    VALUES (${sha256(attemptToken)}, ${c.channel}, ${c.target}, ${c.userID}, ${codeHash(attemptToken, c.code)},
            ${new Date(Date.now() + CODE_TTL_MS)})`;
  return attemptToken;
}

export type CodeCheck =
  | {ok: true; userID: string}
  | {ok: false; reason: 'expired' | 'wrong'; userID: string | null; target: string | null};

/**
 * Checks a code together with the account password, in one locked transaction. A code is single-use,
 * lives 10 minutes and dies after 5 failures; a wrong code and a wrong password are the same failure,
 * and an unknown target fails like a wrong code.
 */
export async function checkLoginCode(
  sql: Sql,
  attemptToken: string | undefined,
  channels: readonly Channel[],
  code: string,
  password: string,
): Promise<CodeCheck> {
  if (!attemptToken) return {ok: false, reason: 'expired', userID: null, target: null};
  return sql.begin(async tx => {
    const [row] = await tx<{channel: Channel; target: string; user_id: string | null; code_hash: string; failures: number; expires_at: Date; used_at: Date | null; password_hash: string | null}[]>`
      SELECT c.channel, c.target, c.user_id, c.code_hash, c.failures, c.expires_at, c.used_at, u.password_hash
      FROM login_code c LEFT JOIN app_user u ON u.id = c.user_id
      WHERE c.attempt_hash = ${sha256(attemptToken)}
      FOR UPDATE OF c`;
    if (!row || !channels.includes(row.channel)) return {ok: false, reason: 'expired', userID: null, target: null};
    const who = {userID: row.user_id, target: row.target};
    if (row.used_at || row.expires_at.getTime() <= Date.now() || row.failures >= MAX_FAILURES) {
      return {ok: false, reason: 'expired', ...who};
    }
    const codeOK = timingSafeEqual(Buffer.from(codeHash(attemptToken, code)), Buffer.from(row.code_hash));
    // Always verify a password, so timing does not tell a wrong code or unknown user from a wrong password.
    const passwordOK = await verifyPassword(row.password_hash ?? DUMMY_HASH, password);
    if (!codeOK || !passwordOK || !row.user_id) {
      await tx`UPDATE login_code SET failures = failures + 1 WHERE attempt_hash = ${sha256(attemptToken)}`;
      return {ok: false, reason: row.failures + 1 >= MAX_FAILURES ? 'expired' : 'wrong', ...who};
    }
    await tx`UPDATE login_code SET used_at = now() WHERE attempt_hash = ${sha256(attemptToken)}`;
    return {ok: true, userID: row.user_id};
  });
}

// argon2id of a random password nobody knows; compared against when there is no user.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$JYYO6SDUL6F4dqW+Ohi9lw$1etEOkrbu2t0CJYcKcTOhLoIiKwqk8ESdpvFolhoitA';
