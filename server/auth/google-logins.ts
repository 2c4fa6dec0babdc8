import {createHash, randomBytes} from 'node:crypto';
import * as oidc from 'openid-client';
import type {Sql} from '../db/sql.ts';
import {CODE_TTL_MS} from './codes.ts';

/**
 * Started Google sign-ins (table google_login): the browser keeps the random codeState, the server
 * keeps the PKCE verifier and the nonce under the codeState's hash, for as long as a code lives.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export type GoogleLogin = {codeState: string; codeVerifier: string; nonce: string};

export const newGoogleLogin = (): GoogleLogin => ({
  codeState: randomBytes(32).toString('base64url'),
  codeVerifier: oidc.randomPKCECodeVerifier(),
  nonce: oidc.randomNonce(),
});

export async function saveGoogleLogin(sql: Sql, login: GoogleLogin) {
  // Anyone may start a sign-in, so rows that can no longer be used are cleared as new ones come.
  await sql`DELETE FROM google_login WHERE expires_at < now()`;
  await sql`INSERT INTO google_login (state_hash, code_verifier, nonce, expires_at)
            VALUES (${sha256(login.codeState)}, ${login.codeVerifier}, ${login.nonce}, ${new Date(Date.now() + CODE_TTL_MS)})`;
}

/** The verifier and nonce of a started sign-in, once: a used, expired or unknown codeState gives undefined. */
export async function takeGoogleLogin(sql: Sql, codeState: string) {
  const [row] = await sql<{code_verifier: string; nonce: string}[]>`
    UPDATE google_login SET used_at = now()
    WHERE state_hash = ${sha256(codeState)} AND used_at IS NULL AND expires_at > now()
    RETURNING code_verifier, nonce`;
  return row && {codeVerifier: row.code_verifier, nonce: row.nonce};
}
