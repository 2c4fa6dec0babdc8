import type {Context, Hono} from 'hono';
import {callMeSchema, emailCodeSchema} from '../../app/auth/schemas.ts';
import {toE164} from '../../app/lib/phones.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {logAuthEvent} from './audit.ts';
import {createLoginCode, randomCode, type Channel, type CodePurpose} from './codes.ts';
import type {CodeDelivery} from './delivery/index.ts';
import type {ApiLimits} from './rate-limit.ts';
import {setAttemptCookie, verifyAndSignIn} from './finish-sign-in.ts';

// The attempt cookie moved to finish-sign-in.ts with the step all sign-in paths share; callers still find it here.
export {ATTEMPT_COOKIE} from './finish-sign-in.ts';

export type LoginOptions = {
  sql: Sql;
  delivery: CodeDelivery;
  callerPool: {pick(): string};
  /** How often codes may be asked for and calls placed, and the lockout after failed codes. */
  limits: ApiLimits;
};

/**
 * Matchmaker sign-in (spec §7): request a code by phone (hung-up call or WhatsApp) or email, then
 * verify it together with the account password. Unknown phones and emails get the same answers as
 * known ones; only a correct code and password reveal that an account is blocked or pending.
 */
export function mountLoginRoutes(app: Hono<ApiEnv>, options: LoginOptions) {
  const {sql, delivery, limits} = options;

  /** Why a code for this account is not sent (locked sign-in, the day's calls used up); the answer is the same. */
  async function withholding(userID: string, byPhone: boolean) {
    if (await limits.locked(`user:${userID}`)) return 'locked';
    if (byPhone && !(await limits.admitCall())) return 'daily-cap';
    return undefined;
  }

  async function requestCode(c: Context<ApiEnv>, channel: Exclude<Channel, 'google'>, target: string, purpose: CodePurpose) {
    const ip = clientIP(c);
    const log = (result: string, userID?: string | null) =>
      logAuthEvent(sql, {
        kind: purpose === 'reset' ? 'reset-code-request' : 'code-request',
        result: `${channel}: ${result}`,
        target,
        ip,
        userID,
      });
    const byPhone = channel !== 'email';
    // Every request for a number counts against it, known or not, so a refusal tells nothing.
    const [requestOK, numberOK] = await Promise.all([
      limits.allowCodeRequest(target, ip),
      byPhone ? limits.allowCallTo(target) : true,
    ]);
    if (!requestOK || !numberOK) {
      await log('rate-limited');
      return fail(c, 429, 'tooManyRequests', 'Too many code requests; try again later');
    }
    if (byPhone && (await limits.callsUnavailable())) {
      await log('calls-unavailable');
      return fail(c, 503, 'callsUnavailable', 'Sign-in calls are unavailable for today; sign in by email');
    }
    const column = channel === 'email' ? sql`lower(email)` : sql`phone`;
    const [user] = await sql<{id: string}[]>`SELECT id FROM app_user WHERE ${column} = ${target}`;
    const caller = channel === 'hungup' ? options.callerPool.pick() : undefined;
    const code = caller ? caller.slice(-6) : randomCode();
    const attempt = await createLoginCode(sql, {channel, target, userID: user?.id ?? null, code, purpose});
    const withheld = user ? await withholding(user.id, byPhone) : 'unknown-target';
    // Delivered after answering, so a registered target answers exactly like an unknown one (same
    // body, same timing); a failed delivery lands in the users log and the user asks again.
    if (withheld) await log(withheld, user?.id);
    else {
      const send = caller
        ? delivery.ring(target, caller)
        : channel === 'whatsapp'
          ? delivery.whatsapp(target, code)
          : delivery.email(target, code, purpose === 'reset' ? 'reset' : 'sign-in');
      void send.then(
        () => log('sent', user?.id),
        async (error: Error) => {
          console.error(`code delivery (${channel}) failed:`, error.message);
          await log('delivery-failed', user?.id);
        },
      );
    }
    setAttemptCookie(c, attempt);
    return c.json('ok');
  }

  app.post('/api/users/call-me', async c => {
    const body = await readBody(c, callMeSchema);
    if (body instanceof Response) return body;
    const phone = toE164(body.phone);
    if (!phone) return fail(c, 400, 'invalidPhone', 'Invalid phone number', [{field: 'phone', message: 'invalidPhone'}]);
    return requestCode(c, body.codeType, phone, body.purpose);
  });

  app.post('/api/users/get-code-to-email', async c => {
    const body = await readBody(c, emailCodeSchema);
    if (body instanceof Response) return body;
    return requestCode(c, 'email', body.email.toLowerCase(), body.purpose);
  });

  app.post('/api/users/verify-number', c => verifyAndSignIn(c, sql, limits, 'verify-number', ['hungup', 'whatsapp']));
  app.post('/api/users/verify-email', c => verifyAndSignIn(c, sql, limits, 'verify-email', ['email']));
}
