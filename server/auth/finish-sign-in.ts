import type {Context} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import {verifySchema} from '../../app/auth/schemas.ts';
import {isHttps, type ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {logAuthEvent, type AuthEventKind} from './audit.ts';
import {CODE_TTL_MS, checkLoginCode, type Channel} from './codes.ts';
import type {ApiLimits} from './rate-limit.ts';
import {startSession} from './routes.ts';
import {readSession} from './session.ts';

/** The pending sign-in (which code this browser is answering) lives in its own short-lived cookie. */
export const ATTEMPT_COOKIE = 'kesher_login';

/** Hands the browser the attempt token of a code it must answer (phone, email or Google). */
export function setAttemptCookie(c: Context<ApiEnv>, attemptToken: string) {
  setCookie(c, ATTEMPT_COOKIE, attemptToken, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c),
    path: '/api/users',
    maxAge: CODE_TTL_MS / 1000,
  });
}

/**
 * The second step of every matchmaker sign-in (verify-number, verify-email, verify-google): the code
 * this browser was given on one of `channels` plus the account password. Blocked and pending accounts
 * are told so only after both were right; success rotates the session and answers the session user
 * with whether the declaration is due. Failed codes count against the account across codes: too many
 * lock its sign-in, and while it is locked every attempt fails like an expired code.
 */
export async function verifyAndSignIn(
  c: Context<ApiEnv>,
  sql: Sql,
  limits: ApiLimits,
  kind: AuthEventKind,
  channels: readonly Channel[],
) {
  const body = await readBody(c, verifySchema);
  if (body instanceof Response) return body;
  const ip = clientIP(c);
  const check = await checkLoginCode(sql, getCookie(c, ATTEMPT_COOKIE), channels, body.verifyCode, body.password);
  const owner = check.userID ? (`user:${check.userID}` as const) : undefined;
  if (owner && (await limits.locked(owner))) {
    await logAuthEvent(sql, {kind, result: 'locked', userID: check.userID, ip});
    return fail(c, 401, 'codeExpired', 'Authentication expired; request a new code');
  }
  if (!check.ok) {
    const lockedNow = owner ? await limits.codeFailed(owner) : false;
    await logAuthEvent(sql, {kind, result: check.reason, userID: check.userID, target: check.target, ip});
    if (lockedNow) await logAuthEvent(sql, {kind, result: 'locked-out', userID: check.userID, ip});
    return check.reason === 'expired' || lockedNow
      ? fail(c, 401, 'codeExpired', 'Authentication expired; request a new code')
      : fail(c, 401, 'wrongCredentials', 'The code or the password is wrong');
  }
  await limits.signedIn(`user:${check.userID}`);
  deleteCookie(c, ATTEMPT_COOKIE, {path: '/api/users'});
  const [account] = await sql<{role: string; approved: boolean; declaration: string | null}[]>`
    SELECT role, approved_at IS NOT NULL AS approved, to_char(declaration_accepted_on, 'YYYY-MM-DD') AS declaration
    FROM app_user WHERE id = ${check.userID}`;
  if (!account || account.role === 'blocked') {
    await logAuthEvent(sql, {kind, result: 'blocked', userID: check.userID, ip});
    return fail(c, 403, 'accountBlocked', 'This account is blocked');
  }
  if (!account.approved) {
    await logAuthEvent(sql, {kind, result: 'pending', userID: check.userID, ip});
    return fail(c, 403, 'accountPending', 'This account is waiting for approval');
  }
  const session = await readSession(sql, await startSession(c, sql, check.userID));
  await logAuthEvent(sql, {kind, result: 'signed-in', userID: check.userID, ip});
  // The browser shows the declaration when the server says it is due; the date is its local copy (spec §9).
  return c.json({
    ...session!.user,
    declarationAcceptedOn: account.declaration,
    declarationDue: session!.declarationDue,
    agreementDue: session!.agreementDue,
  });
}
