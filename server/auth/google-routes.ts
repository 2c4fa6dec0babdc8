import type {Context, Hono} from 'hono';
import {googleCallbackSchema} from '../../app/auth/google-state.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {logAuthEvent} from './audit.ts';
import {createLoginCode} from './codes.ts';
import {setAttemptCookie, verifyAndSignIn} from './finish-sign-in.ts';
import {describeGoogleError, googleClient, type GoogleIdentity, type GoogleOptions} from './google.ts';
import {newGoogleLogin, saveGoogleLogin, takeGoogleLogin} from './google-logins.ts';
import type {ApiLimits} from './rate-limit.ts';

/**
 * Matchmaker sign-in with Google (spec §4, §7): get-google-login starts it, the browser goes to
 * Google and back to /login?google-cb, google-login-callback checks who Google says it is, and
 * verify-google completes it with the account password, exactly like a phone or email code.
 * Without a configured Google client all three answer 404 googleDisabled.
 */
export function mountGoogleRoutes(app: Hono<ApiEnv>, sql: Sql, options: GoogleOptions | undefined, limits: ApiLimits) {
  const google = options && googleClient(options);
  const disabled = (c: Context<ApiEnv>) => fail(c, 404, 'googleDisabled', 'Google sign-in is not enabled on this site');

  app.post('/api/users/get-google-login', async c => {
    if (!google) return disabled(c);
    const login = newGoogleLogin();
    let url: URL;
    try {
      url = await google.authorizationURL(login.codeVerifier, login.nonce);
    } catch (error) {
      console.error('Google sign-in: provider discovery failed:', describeGoogleError(error));
      return fail(c, 502, 'googleLoginFailed', 'Google sign-in is unavailable; try again later');
    }
    await saveGoogleLogin(sql, login);
    return c.json({codeState: login.codeState, url: url.href});
  });

  app.post('/api/users/google-login-callback', async c => {
    if (!google) return disabled(c);
    const body = await readBody(c, googleCallbackSchema);
    if (body instanceof Response) return body;
    const ip = clientIP(c);
    const started = await takeGoogleLogin(sql, body.codeState);
    if (!started) {
      await logAuthEvent(sql, {kind: 'google-callback', result: 'expired', ip});
      return fail(c, 401, 'codeExpired', 'This Google sign-in expired or was already used; start again');
    }
    let identity: GoogleIdentity;
    try {
      identity = await google.identify({code: body.code, redirectUri: body.googleRedirectUri, ...started});
    } catch (error) {
      const reason = describeGoogleError(error);
      console.error('Google sign-in: the code or the ID token was refused:', reason);
      await logAuthEvent(sql, {kind: 'google-callback', result: `failed: ${reason.slice(0, 200)}`, ip});
      return fail(c, 401, 'googleLoginFailed', 'Google sign-in failed');
    }
    if (!identity.email || !identity.emailVerified) {
      await logAuthEvent(sql, {
        kind: 'google-callback',
        result: 'email-unverified',
        target: identity.email ?? `sub:${identity.subject}`,
        ip,
      });
      return fail(c, 401, 'googleLoginFailed', 'Google did not confirm an email address for this account');
    }
    // Each callback opens a password attempt, so they are limited like code requests (per account and
    // per address): someone holding a shadchan's Google account cannot guess the password without end.
    if (!(await limits.allowCodeRequest(`google:${identity.email}`, ip))) {
      await logAuthEvent(sql, {kind: 'google-callback', result: 'rate-limited', target: identity.email, ip});
      return fail(c, 429, 'tooManyRequests', 'Too many sign-in attempts; try again later');
    }
    const userID = await userByEmail(sql, identity.email);
    // An unknown email gets the same 'ok' and a pending attempt that can never verify: the callback
    // does not tell anyone which emails have accounts.
    const attempt = await createLoginCode(sql, {channel: 'google', target: identity.email, userID, code: body.codeState});
    await logAuthEvent(sql, {
      kind: 'google-callback',
      result: userID ? 'ok' : 'unknown-email',
      target: identity.email,
      userID,
      ip,
    });
    setAttemptCookie(c, attempt);
    return c.json('ok');
  });

  app.post('/api/users/verify-google', c =>
    google ? verifyAndSignIn(c, sql, limits, 'verify-google', ['google']) : disabled(c),
  );
}

/**
 * The account with this email, whatever its state: verify-google tells a blocked or pending account
 * so, after the password, like the other paths. Emails are unique only as written, so two accounts
 * differing in case match none rather than an arbitrary one.
 */
async function userByEmail(sql: Sql, email: string): Promise<string | null> {
  const users = await sql<{id: string}[]>`SELECT id FROM app_user WHERE lower(email) = ${email} LIMIT 2`;
  return users.length === 1 ? users[0]!.id : null;
}
