import type {Context, Hono} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import {callMeSchema, emailCodeSchema, verifySchema} from '../../app/auth/schemas.ts';
import type {ApiEnv} from '../api.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {logAuthEvent, type AuthEventKind} from './audit.ts';
import {CODE_TTL_MS, checkLoginCode, createLoginCode, randomCode, type Channel} from './codes.ts';
import type {CodeDelivery} from './delivery/index.ts';
import {toE164} from './phone.ts';
import {isHttps, startSession} from './routes.ts';
import {readSession} from './session.ts';

/** The pending sign-in (which code this browser is answering) lives in its own short-lived cookie. */
export const ATTEMPT_COOKIE = 'kesher_login';

export type LoginOptions = {
  sql: Sql;
  delivery: CodeDelivery;
  callerPool: {pick(): string};
  /** True when a code request for this target from this address may go ahead. */
  allowCodeRequest: (target: string, ip: string) => Promise<boolean>;
};

/**
 * Matchmaker sign-in (spec §7): request a code by phone (hung-up call or WhatsApp) or email, then
 * verify it together with the account password. Unknown phones and emails get the same answers as
 * known ones; only a correct code and password reveal that an account is blocked or pending.
 */
export function mountLoginRoutes(app: Hono<ApiEnv>, options: LoginOptions) {
  const {sql, delivery} = options;

  async function requestCode(c: Context<ApiEnv>, channel: Channel, target: string) {
    const ip = clientIP(c);
    const log = (result: string, userID?: string | null) => logAuthEvent(sql, {kind: 'code-request', result: `${channel}: ${result}`, target, ip, userID});
    if (!(await options.allowCodeRequest(target, ip))) {
      await log('rate-limited');
      return fail(c, 429, 'tooManyRequests', 'Too many code requests; try again later');
    }
    const column = channel === 'email' ? sql`lower(email)` : sql`phone`;
    const [user] = await sql<{id: string}[]>`SELECT id FROM app_user WHERE ${column} = ${target}`;
    const caller = channel === 'hungup' ? options.callerPool.pick() : undefined;
    const code = caller ? caller.slice(-6) : randomCode();
    const attempt = await createLoginCode(sql, {channel, target, userID: user?.id ?? null, code});
    if (user) {
      try {
        if (caller) await delivery.ring(target, caller);
        else if (channel === 'whatsapp') await delivery.whatsapp(target, code);
        else await delivery.email(target, code);
      } catch (error) {
        console.error(`code delivery (${channel}) failed:`, (error as Error).message);
        await log('delivery-failed', user.id);
        return fail(c, 502, 'deliveryFailed', 'The code could not be sent; try again later');
      }
    }
    await log(user ? 'sent' : 'unknown-target', user?.id);
    setCookie(c, ATTEMPT_COOKIE, attempt, {httpOnly: true, sameSite: 'Lax', secure: isHttps(c), path: '/api/users', maxAge: CODE_TTL_MS / 1000});
    return c.json('ok');
  }

  app.post('/api/users/call-me', async c => {
    const body = await readBody(c, callMeSchema);
    if (body instanceof Response) return body;
    const phone = toE164(body.phone);
    if (!phone) return fail(c, 400, 'invalidPhone', 'Invalid phone number', [{field: 'phone', message: 'invalidPhone'}]);
    return requestCode(c, body.codeType, phone);
  });

  app.post('/api/users/get-code-to-email', async c => {
    const body = await readBody(c, emailCodeSchema);
    if (body instanceof Response) return body;
    return requestCode(c, 'email', body.email.toLowerCase());
  });

  async function verify(c: Context<ApiEnv>, kind: AuthEventKind, channels: readonly Channel[]) {
    const body = await readBody(c, verifySchema);
    if (body instanceof Response) return body;
    const ip = clientIP(c);
    const check = await checkLoginCode(sql, getCookie(c, ATTEMPT_COOKIE), channels, body.verifyCode, body.password);
    if (!check.ok) {
      await logAuthEvent(sql, {kind, result: check.reason, userID: check.userID, target: check.target, ip});
      return check.reason === 'expired'
        ? fail(c, 401, 'codeExpired', 'Authentication expired; request a new code')
        : fail(c, 401, 'wrongCredentials', 'The code or the password is wrong');
    }
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
    return c.json({...session!.user, declarationAcceptedOn: account.declaration});
  }

  app.post('/api/users/verify-number', c => verify(c, 'verify-number', ['hungup', 'whatsapp']));
  app.post('/api/users/verify-email', c => verify(c, 'verify-email', ['email']));
}
