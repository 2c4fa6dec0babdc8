import type {Context, Hono} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import {deletePeopleSchema, selfCallMeSchema, selfVerifySchema} from '../../app/auth/self-user-schemas.ts';
import {toE164} from '../../app/lib/phones.ts';
import {isHttps, type ApiEnv} from '../http/env.ts';
import {limitBody, clientIP, fail, readBody} from '../http/body.ts';
import {logAuthEvent, type AuthEventKind} from './audit.ts';
import {CODE_TTL_MS, checkSelfCode, createLoginCode} from './codes.ts';
import type {LoginOptions} from './login-routes.ts';
import {endSelfSession, selfSessionOf, startSelfSession} from './self-session.ts';
import {findTicket, markPhoneVerified} from './ticket-match.ts';

/** The pending self-user sign-in, apart from a matchmaker's pending one in the same browser. */
export const SELF_ATTEMPT_COOKIE = 'kesher_self_login';
const ATTEMPT_PATH = '/api/users/self-user/login';

/**
 * Self-user calls (spec §7): a candidate or a parent signs in with the ticket's ID number, birth date,
 * one registered phone and the full name, answers a hung-up call (the code is the caller's last six
 * digits), then reads the ticket and may close it. Details that match no ticket get the same answer as
 * ones that do, and nothing is sent, so the form cannot be used to learn who is registered.
 */
export function mountSelfUserRoutes(app: Hono<ApiEnv>, options: LoginOptions) {
  const {sql, limits} = options;
  const log = (c: Context, kind: AuthEventKind, result: string, extra: {profileID?: string | null; target?: string} = {}) =>
    logAuthEvent(sql, {kind, result, ip: clientIP(c), ...extra});

  /**
   * Why the ticket's self-user is not called: its sign-in is locked after failed codes, the ticket had
   * its calls for today, or the system had. The answer is the same as when the call goes out.
   */
  async function withholding(profileID: string) {
    if (await limits.locked(`ticket:${profileID}`)) return 'locked';
    if (!(await limits.allowTicketCall(profileID))) return 'ticket-cap';
    if (!(await limits.admitCall())) return 'daily-cap';
    return undefined;
  }

  app.post('/api/users/self-user/login/call-me', async c => {
    const body = await readBody(c, selfCallMeSchema);
    if (body instanceof Response) return body;
    const phone = toE164(body.phone);
    if (!phone) return fail(c, 400, 'invalidPhone', 'Invalid phone number', [{field: 'phone', message: 'invalidPhone'}]);
    // Every request for a number counts against it, matching a ticket or not, so a refusal tells nothing.
    const [requestOK, numberOK] = await Promise.all([limits.allowCodeRequest(phone, clientIP(c)), limits.allowCallTo(phone)]);
    if (!requestOK || !numberOK) {
      await log(c, 'self-code-request', 'rate-limited', {target: phone});
      return fail(c, 429, 'tooManyRequests', 'Too many code requests; try again later');
    }
    if (await limits.callsUnavailable()) {
      await log(c, 'self-code-request', 'calls-unavailable', {target: phone});
      return fail(c, 503, 'callsUnavailable', 'Sign-in calls are unavailable for today');
    }
    const profileID = await findTicket(sql, {idNumber: body.tz, birthday: body.birthday, phone, name: body.name});
    const caller = options.callerPool.pick();
    const attempt = await createLoginCode(sql, {
      channel: 'self',
      target: phone,
      profileID: profileID ?? null,
      code: caller.slice(-6),
    });
    const withheld = profileID ? await withholding(profileID) : 'no-match';
    // Rung after answering, so matching details answer exactly like non-matching ones (same body and
    // timing): nobody learns from this form whether a ticket exists.
    if (withheld) await log(c, 'self-code-request', withheld, {target: phone, profileID});
    else {
      void options.delivery.ring(phone, caller).then(
        () => log(c, 'self-code-request', 'sent', {target: phone, profileID}),
        async (error: Error) => {
          console.error('code delivery (self) failed:', error.message);
          await log(c, 'self-code-request', 'delivery-failed', {target: phone, profileID});
        },
      );
    }
    setCookie(c, SELF_ATTEMPT_COOKIE, attempt, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: ATTEMPT_PATH,
      maxAge: CODE_TTL_MS / 1000,
    });
    return c.json('ok');
  });

  /**
   * Failed codes count against the ticket across codes: too many lock its self-user sign-in, and while
   * it is locked every attempt fails like an expired code.
   */
  app.post('/api/users/self-user/login/verify-number', async c => {
    const body = await readBody(c, selfVerifySchema);
    if (body instanceof Response) return body;
    const check = await checkSelfCode(sql, getCookie(c, SELF_ATTEMPT_COOKIE), body.verifyCode);
    const owner = check.profileID ? (`ticket:${check.profileID}` as const) : undefined;
    const expired = () => fail(c, 401, 'codeExpired', 'Authentication expired; request a new code');
    if (owner && (await limits.locked(owner))) {
      await log(c, 'self-verify-number', 'locked', {profileID: check.profileID});
      return expired();
    }
    if (!check.ok) {
      const lockedNow = owner ? await limits.codeFailed(owner) : false;
      await log(c, 'self-verify-number', check.reason, {profileID: check.profileID, target: check.target ?? undefined});
      if (lockedNow) await log(c, 'self-verify-number', 'locked-out', {profileID: check.profileID});
      return check.reason === 'expired' || lockedNow ? expired() : fail(c, 401, 'wrongCode', 'The code is wrong');
    }
    await limits.signedIn(`ticket:${check.profileID}`);
    deleteCookie(c, SELF_ATTEMPT_COOKIE, {path: ATTEMPT_PATH});
    // The code reached one of the card's listed numbers: that number is verified, and a card the
    // candidate sent is unlocked (spec §4).
    await markPhoneVerified(sql, check.profileID, check.target);
    await startSelfSession(c, sql, check.profileID);
    await log(c, 'self-verify-number', 'signed-in', {profileID: check.profileID});
    return c.json('ok');
  });

  app.post('/api/users/self-user/logout', async c => {
    const profileID = await endSelfSession(c, sql);
    if (profileID) await log(c, 'self-logout', 'signed-out', {profileID});
    return c.json('ok');
  });

  /**
   * Spec §3 ticket info, plus the ticket's gender for the gendered greeting of /self-user/home; locked
   * while a card the candidate sent has not been verified through one of its numbers (spec §4), and
   * pending while it awaits an approver.
   */
  app.get('/api/users/self-user/ticket-info', async c => {
    const session = await selfSessionOf(c, sql);
    const [ticket] = session
      ? await sql<
          {
            id: string;
            forename: string;
            surname: string;
            gender: 'male' | 'female';
            deleted: boolean;
            locked: boolean;
            pending: boolean;
          }[]
        >`
          SELECT id, forename, surname, gender, closed_at IS NOT NULL AS deleted,
                 source = 'candidate' AND candidate_verified_at IS NULL AS locked, state = 'pending' AS pending
          FROM profile WHERE id = ${session.profileID}`
      : [];
    if (!ticket) return fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');
    return c.json({
      ticketID: ticket.id,
      ticketFullName: `${ticket.forename} ${ticket.surname}`,
      name: ticket.forename,
      gender: ticket.gender,
      deleted: ticket.deleted,
      locked: ticket.locked,
      pending: ticket.pending,
    });
  });

  /** Closes the ticket: only its own self-user may, for now (a staff session is not enough). */
  const limit = limitBody();
  app.post('/api/peoples/delete-people', limit, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) {
      return c.get('session')
        ? fail(c, 403, 'forbidden', 'Only the ticket’s own self-user can close it')
        : fail(c, 401, 'notSignedIn', 'Sign in with the self-user login first');
    }
    const body = await readBody(c, deletePeopleSchema);
    if (body instanceof Response) return body;
    if (body.peopleId !== session.profileID) {
      await log(c, 'self-close-ticket', 'forbidden', {profileID: session.profileID, target: body.peopleId});
      return fail(c, 403, 'forbidden', 'Only the ticket’s own self-user can close it');
    }
    // A card awaiting approval (e.g. one the candidate sent) can be signed in to, which verifies its
    // number, but not closed: it is not in the system yet.
    const [closed] = await sql`
      UPDATE profile SET closed_at = now(), updated_at = now()
      WHERE id = ${session.profileID} AND closed_at IS NULL AND state <> 'pending' RETURNING id`;
    if (!closed) {
      const [pending] =
        await sql`SELECT 1 FROM profile WHERE id = ${session.profileID} AND state = 'pending' AND closed_at IS NULL`;
      return pending
        ? fail(c, 409, 'ticketPending', 'This ticket awaits approval and cannot be closed yet')
        : fail(c, 409, 'ticketClosed', 'This ticket is already closed');
    }
    await log(c, 'self-close-ticket', 'closed', {profileID: session.profileID});
    return c.json('ok');
  });
}
