import type {Context, Hono} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import {listedPhones} from '../../app/candidates/card/schema.ts';
import {formatPhone, toE164} from '../../app/lib/phones.ts';
import {verifyPhoneCodeSchema, verifyPhoneRequestSchema, type TicketPhones} from '../../app/self-user/verify.ts';
import {isHttps, type ApiEnv} from '../http/env.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {logAuthEvent} from '../auth/audit.ts';
import {CODE_TTL_MS, checkSelfCode, createLoginCode} from '../auth/codes.ts';
import type {LoginOptions} from '../auth/login-routes.ts';
import {selfSessionOf} from '../auth/self-session.ts';
import {markPhoneVerified} from '../auth/ticket-match.ts';
import type {CardDetails} from '../../app/tables/profiles.ts';

const VERIFY_BASE = '/api/peoples/self-verify';
/** The pending verification, apart from a pending self-user sign-in in the same browser. */
export const VERIFY_ATTEMPT_COOKIE = 'kesher_self_verify';

/**
 * The candidate verifies one of their ticket's numbers (spec §2 phone verification, §4): with the
 * self-user session, a number listed on the ticket gets a hung-up call whose caller's last six digits
 * are the code, through the sign-in's own code machinery, delivery and limits (per number and IP, per
 * ticket, the day's calls, and the lockout after failed codes). A verified number is recorded on the
 * ticket (profile.verified_phones), and a card the candidate sent is unlocked.
 */
export function mountSelfVerifyRoutes(app: Hono<ApiEnv>, options: LoginOptions) {
  const {sql, limits} = options;
  const log = (c: Context, result: string, profileID: string, target?: string) =>
    logAuthEvent(sql, {kind: 'self-verify-phone', result, ip: clientIP(c), profileID, ...(target ? {target} : {})});

  async function ticketPhones(profileID: string) {
    const [row] = await sql<{details: CardDetails | null; verified: string[]}[]>`
      SELECT d.details, p.verified_phones AS verified FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
      WHERE p.id = ${profileID} AND p.closed_at IS NULL AND p.deleted_at IS NULL`;
    return row && {listed: listedPhones(row.details ?? {}), verified: row.verified};
  }
  const notSignedIn = (c: Context) => fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');

  app.get(VERIFY_BASE, async c => {
    const session = await selfSessionOf(c, sql);
    const phones = session && (await ticketPhones(session.profileID));
    if (!session || !phones) return notSignedIn(c);
    return c.json({
      phones: phones.listed.map(phone => ({phone, shown: formatPhone(phone), verified: phones.verified.includes(phone)})),
    } satisfies TicketPhones);
  });

  app.post(`${VERIFY_BASE}/call-me`, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) return notSignedIn(c);
    const body = await readBody(c, verifyPhoneRequestSchema);
    if (body instanceof Response) return body;
    const phones = await ticketPhones(session.profileID);
    if (!phones) return notSignedIn(c);
    const phone = toE164(body.phone);
    // Only the ticket's own numbers: the screen is no way to call anyone else.
    if (!phone || !phones.listed.includes(phone)) {
      return fail(c, 400, 'invalidInput', 'Not one of the ticket’s numbers', [{field: 'phone', message: 'phoneNotOnTicket'}]);
    }
    const [requestOK, numberOK] = await Promise.all([limits.allowCodeRequest(phone, clientIP(c)), limits.allowCallTo(phone)]);
    const ticket = `ticket:${session.profileID}` as const;
    if (!requestOK || !numberOK || (await limits.locked(ticket)) || !(await limits.allowTicketCall(session.profileID))) {
      await log(c, 'rate-limited', session.profileID, phone);
      return fail(c, 429, 'tooManyRequests', 'Too many code requests; try again later');
    }
    if ((await limits.callsUnavailable()) || !(await limits.admitCall())) {
      await log(c, 'calls-unavailable', session.profileID, phone);
      return fail(c, 503, 'callsUnavailable', 'Calls are unavailable for today');
    }
    const caller = options.callerPool.pick();
    const attempt = await createLoginCode(sql, {
      channel: 'self',
      target: phone,
      profileID: session.profileID,
      code: caller.slice(-6),
    });
    void options.delivery.ring(phone, caller).then(
      () => log(c, 'sent', session.profileID, phone),
      async (error: Error) => {
        console.error('code delivery (self verify) failed:', error.message);
        await log(c, 'delivery-failed', session.profileID, phone);
      },
    );
    setCookie(c, VERIFY_ATTEMPT_COOKIE, attempt, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: VERIFY_BASE,
      maxAge: CODE_TTL_MS / 1000,
    });
    return c.json('ok');
  });

  app.post(`${VERIFY_BASE}/verify`, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) return notSignedIn(c);
    const body = await readBody(c, verifyPhoneCodeSchema);
    if (body instanceof Response) return body;
    const ticket = `ticket:${session.profileID}` as const;
    const expired = () =>
      fail(c, 401, 'codeExpired', 'Authentication expired; request a new code', [{field: 'verifyCode', message: 'codeExpired'}]);
    if (await limits.locked(ticket)) return expired();
    const check = await checkSelfCode(sql, getCookie(c, VERIFY_ATTEMPT_COOKIE), body.verifyCode);
    // A code for another ticket (another browser's attempt) is no proof for this one.
    if (!check.ok || check.profileID !== session.profileID) {
      const lockedNow = await limits.codeFailed(ticket);
      await log(c, check.ok ? 'other-ticket' : check.reason, session.profileID);
      return !check.ok && check.reason === 'wrong' && !lockedNow
        ? fail(c, 401, 'wrongCode', 'The code is wrong', [{field: 'verifyCode', message: 'wrongCode'}])
        : expired();
    }
    deleteCookie(c, VERIFY_ATTEMPT_COOKIE, {path: VERIFY_BASE});
    await markPhoneVerified(sql, session.profileID, check.target);
    await log(c, 'verified', session.profileID, check.target);
    return c.json('ok');
  });
}
