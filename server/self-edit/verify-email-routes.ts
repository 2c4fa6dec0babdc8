import type {Context, Hono} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import {selfVerifySchema} from '../../app/auth/self-user-schemas.ts';
import {SELF_VERIFY_EMAIL_PATH, type TicketEmail} from '../../app/self-user/verify.ts';
import {isHttps, type ApiEnv} from '../http/env.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import type {Sql} from '../db/sql.ts';
import {logAuthEvent} from '../auth/audit.ts';
import {CODE_TTL_MS, checkSelfCode, createLoginCode, randomCode} from '../auth/codes.ts';
import type {LoginOptions} from '../auth/login-routes.ts';
import {selfSessionOf} from '../auth/self-session.ts';
import {notSignedIn} from './ticket.ts';

/** The pending email verification, apart from the phone's and from a pending self-user sign-in. */
export const VERIFY_EMAIL_ATTEMPT_COOKIE = 'kesher_self_verify_email';

/**
 * The candidate verifies their ticket's email (spec §2 email verification, §4): with the self-user
 * session, a code is mailed to the email on the ticket, through the sign-in's own code machinery (single
 * use, 10 minutes, 5 tries, its own channel 'self-email'), delivery (SMTP, or the development outbox) and
 * limits (per address and client, the ticket's daily allowance, the lockout after failed codes). The
 * verified address is recorded on the ticket (profile.verified_emails); one changed afterwards is a new
 * value, unverified until its own code comes back, as with the numbers (verified_phones).
 */
export function mountSelfVerifyEmailRoutes(app: Hono<ApiEnv>, options: LoginOptions) {
  const {sql, limits} = options;
  const log = (c: Context, result: string, profileID: string, target?: string) =>
    logAuthEvent(sql, {kind: 'self-verify-email', result, ip: clientIP(c), profileID, ...(target ? {target} : {})});

  /** The signed-in candidate's open ticket and its email, else the refusal. */
  async function ticketOf(c: Context<ApiEnv>): Promise<TicketEmail | Response> {
    const session = await selfSessionOf(c, sql);
    if (!session) return notSignedIn(c);
    const [row] = await sql<{closed: boolean; email: string | null; verified: boolean}[]>`
      SELECT p.closed_at IS NOT NULL AS closed, d.details ->> 'email' AS email,
             coalesce(p.verified_emails ? (d.details ->> 'email'), false) AS verified
      FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id
      WHERE p.id = ${session.profileID} AND p.deleted_at IS NULL`;
    if (!row) return notSignedIn(c);
    if (row.closed) return fail(c, 409, 'ticketClosed', 'This ticket is already closed');
    return {ticketID: session.profileID, email: row.email || null, verified: row.verified};
  }

  app.get(SELF_VERIFY_EMAIL_PATH, async c => {
    const ticket = await ticketOf(c);
    return ticket instanceof Response ? ticket : c.json(ticket satisfies TicketEmail);
  });

  app.post(`${SELF_VERIFY_EMAIL_PATH}/send-code`, async c => {
    const ticket = await ticketOf(c);
    if (ticket instanceof Response) return ticket;
    const {ticketID, email} = ticket;
    if (!email) return fail(c, 400, 'noEmail', 'The ticket has no email', [{field: 'email', message: 'noEmail'}]);
    const owner = `ticket:${ticketID}` as const;
    const requestOK = await limits.allowCodeRequest(email, clientIP(c));
    if (!requestOK || (await limits.locked(owner)) || !(await limits.allowTicketCall(ticketID))) {
      await log(c, 'rate-limited', ticketID, email);
      return fail(c, 429, 'tooManyRequests', 'Too many code requests; try again later');
    }
    const code = randomCode();
    const attempt = await createLoginCode(sql, {channel: 'self-email', target: email, profileID: ticketID, code});
    // Sent after answering, as the sign-in's codes are; a failed delivery lands in the users log.
    void options.delivery.email(email, code, 'verify-email').then(
      () => log(c, 'sent', ticketID, email),
      async (error: Error) => {
        console.error('code delivery (self verify email) failed:', error.message);
        await log(c, 'delivery-failed', ticketID, email);
      },
    );
    setCookie(c, VERIFY_EMAIL_ATTEMPT_COOKIE, attempt, {
      httpOnly: true,
      sameSite: 'Lax',
      secure: isHttps(c),
      path: SELF_VERIFY_EMAIL_PATH,
      maxAge: CODE_TTL_MS / 1000,
    });
    return c.json('ok');
  });

  app.post(`${SELF_VERIFY_EMAIL_PATH}/verify`, async c => {
    const session = await selfSessionOf(c, sql);
    if (!session) return notSignedIn(c);
    const body = await readBody(c, selfVerifySchema);
    if (body instanceof Response) return body;
    const owner = `ticket:${session.profileID}` as const;
    const expired = () =>
      fail(c, 401, 'codeExpired', 'Authentication expired; request a new code', [{field: 'verifyCode', message: 'codeExpired'}]);
    if (await limits.locked(owner)) return expired();
    const check = await checkSelfCode(sql, getCookie(c, VERIFY_EMAIL_ATTEMPT_COOKIE), body.verifyCode, 'self-email');
    // A code for another ticket (another browser's attempt) is no proof for this one.
    if (!check.ok || check.profileID !== session.profileID) {
      const lockedNow = await limits.codeFailed(owner);
      await log(c, check.ok ? 'other-ticket' : check.reason, session.profileID);
      if (lockedNow) await log(c, 'locked-out', session.profileID);
      return !check.ok && check.reason === 'wrong' && !lockedNow
        ? fail(c, 401, 'wrongCode', 'The code is wrong', [{field: 'verifyCode', message: 'wrongCode'}])
        : expired();
    }
    deleteCookie(c, VERIFY_EMAIL_ATTEMPT_COOKIE, {path: SELF_VERIFY_EMAIL_PATH});
    await markEmailVerified(sql, session.profileID, check.target);
    await log(c, 'verified', session.profileID, check.target);
    return c.json('ok');
  });
}

/** A code mailed to this address of the ticket came back: the address is verified (once in the list). */
async function markEmailVerified(sql: Sql, profileID: string, email: string) {
  await sql`
    UPDATE profile SET verified_emails = CASE WHEN verified_emails ? ${email} THEN verified_emails
                                              ELSE verified_emails || ${sql.json([email])} END
    WHERE id = ${profileID}`;
}
