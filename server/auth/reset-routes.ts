import type {Hono} from 'hono';
import {deleteCookie, getCookie} from 'hono/cookie';
import {newPasswordSchema, resetCodeSchema} from '../../app/auth/schemas.ts';
import {FORGOT_PASSWORD_PATH} from '../../app/login/paths.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import type {ApiEnv} from '../http/env.ts';
import {revokeSessionsOf} from '../staff/staff-members.ts';
import {sendToStaff, type StaffMessaging} from '../staff/staff-messages.ts';
import {logAuthEvent} from './audit.ts';
import {checkResetCode, completeReset, resetOwner} from './codes.ts';
import {ATTEMPT_COOKIE} from './finish-sign-in.ts';
import {hashPassword, isGuessablePassword} from './passwords.ts';

/**
 * "Forgot password" (issue 30): a code to the account's phone or email, asked as a sign-in code is
 * (POST /api/users/call-me or get-code-to-email with purpose 'reset': the same limits, the same answer
 * for an account that does not exist), then the code, then a new password. Failed codes count towards
 * the same lockout as sign-in's. The new password ends every session of the user, voids their open
 * invitations, and they are told by email and phone that it changed.
 */
export function mountResetRoutes(app: Hono<ApiEnv>, options: StaffMessaging) {
  const {sql, limits} = options;

  app.post('/api/users/reset-password/verify', async c => {
    const body = await readBody(c, resetCodeSchema);
    if (body instanceof Response) return body;
    const ip = clientIP(c);
    const check = await checkResetCode(sql, getCookie(c, ATTEMPT_COOKIE), body.verifyCode);
    const owner = check.userID ? (`user:${check.userID}` as const) : undefined;
    if (owner && (await limits.locked(owner))) {
      await logAuthEvent(sql, {kind: 'reset-verify', result: 'locked', userID: check.userID, ip});
      return fail(c, 401, 'codeExpired', 'Authentication expired; request a new code');
    }
    if (!check.ok) {
      const lockedNow = owner ? await limits.codeFailed(owner) : false;
      await logAuthEvent(sql, {kind: 'reset-verify', result: check.reason, userID: check.userID, target: check.target, ip});
      if (lockedNow) await logAuthEvent(sql, {kind: 'reset-verify', result: 'locked-out', userID: check.userID, ip});
      return check.reason === 'expired' || lockedNow
        ? fail(c, 401, 'codeExpired', 'Authentication expired; request a new code')
        : fail(c, 401, 'wrongCode', 'The code is wrong');
    }
    await limits.signedIn(`user:${check.userID}`);
    await logAuthEvent(sql, {kind: 'reset-verify', result: 'verified', userID: check.userID, ip});
    return c.json('ok');
  });

  app.post('/api/users/reset-password', async c => {
    const body = await readBody(c, newPasswordSchema);
    if (body instanceof Response) return body;
    const attempt = getCookie(c, ATTEMPT_COOKIE);
    const userID = await resetOwner(sql, attempt);
    if (!userID || !attempt) return fail(c, 401, 'codeExpired', 'Authentication expired; request a new code');
    const [user] = await sql<{name: string; phone: string | null; email: string | null}[]>`
      SELECT name, phone, email FROM app_user WHERE id = ${userID}`;
    if (isGuessablePassword(body.password, user)) {
      return fail(c, 400, 'invalidInput', 'The password is too easy to guess', [{field: 'password', message: 'passwordCommon'}]);
    }
    const passwordHash = await hashPassword(body.password);
    await sql.begin(async tx => {
      await tx`UPDATE app_user SET password_hash = ${passwordHash}, joined_at = coalesce(joined_at, now()) WHERE id = ${userID}`;
      await tx`UPDATE staff_invitation SET voided_at = now() WHERE user_id = ${userID} AND used_at IS NULL AND voided_at IS NULL`;
      await revokeSessionsOf(tx, userID);
    });
    await completeReset(sql, attempt);
    deleteCookie(c, ATTEMPT_COOKIE, {path: '/api/users'});
    await logAuthEvent(sql, {kind: 'password-set', result: 'reset', userID, ip: clientIP(c)});
    await sendToStaff(options, userID, 'password-changed', new URL(FORGOT_PASSWORD_PATH, options.appURL).toString());
    return c.json('ok');
  });
}
