import type {Context, Hono} from 'hono';
import {deleteCookie, getCookie, setCookie} from 'hono/cookie';
import {isHttps, type ApiEnv} from '../http/env.ts';
import {SESSION_COOKIE, createSession, revokeAllSessions, revokeSession} from './session.ts';
import type {Sql} from '../db/sql.ts';
import {logAuthEvent} from './audit.ts';
import {selfSessionOf} from './self-session.ts';
import {clientIP, fail} from '../http/body.ts';
import {DEFAULT_SITE} from '../../app/site/schema.ts';
import type {Locale} from '../../zero-schema.ts';

/**
 * Signs the user in: a new session (the one this browser had, if any, is revoked: sessions rotate on
 * every login) in an HttpOnly, SameSite=Lax cookie, Secure whenever the browser reached us over https.
 */
export async function startSession(c: Context<ApiEnv>, sql: Sql, userID: string) {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) await revokeSession(sql, previous);
  const {token, expiresAt} = await createSession(sql, userID, c.req.header('user-agent'));
  setCookie(c, SESSION_COOKIE, token, {httpOnly: true, sameSite: 'Lax', secure: isHttps(c), path: '/', expires: expiresAt});
  return token;
}

/**
 * What pages outside the live shell need of the site settings (site_setting): the maintenance switch, and
 * the default language a browser shows before the first render when its user never picked one.
 */
async function siteForVisitors(sql: Sql): Promise<{maintenance: boolean; defaultLanguage: Locale}> {
  const [row] = await sql<{maintenance: boolean; defaultLanguage: Locale}[]>`
    SELECT maintenance, default_language AS "defaultLanguage" FROM site_setting WHERE id = 'site'`;
  return row ?? {maintenance: DEFAULT_SITE.maintenance, defaultLanguage: DEFAULT_SITE.defaultLanguage};
}

/** The links the shell shows (DONATION_URL, WORLDS_FORM_URL, FORUM_URL) and the proxy number (PHONE_PROXY_NUMBER). */
export type ShellLinks = {donation?: string; worldsForm?: string; proxyPhoneNumber?: string; forum?: string};

/** What /api/session tells the browser about this server (server/api.ts's options). */
export type SessionRouteOptions = {
  sql: Sql;
  zeroPort: number;
  zeroPublicURL?: string;
  devSignIn: boolean;
  googleLogin: boolean;
  phoneProxyPort?: number;
  links?: ShellLinks;
};

export function mountSessionRoutes(app: Hono<ApiEnv>, options: SessionRouteOptions) {
  /**
   * Who is signed in (null when nobody) and whether their declaration is due (then the browser shows only
   * the declaration: server/auth/session-gate.ts refuses everything else), whether the site is in
   * maintenance and its default language, and where the browser syncs from: ZERO_PUBLIC_URL behind a
   * proxy, else zero-cache's port on the host name the browser already uses (cookies are per host name).
   */
  app.get('/api/session', async c =>
    c.json({
      user: c.get('session')?.user ?? null,
      declarationDue: c.get('session')?.declarationDue ?? false,
      agreementDue: c.get('session')?.agreementDue ?? false,
      cacheURL: options.zeroPublicURL ?? null,
      zeroPort: options.zeroPort,
      devSignIn: options.devSignIn,
      googleLogin: options.googleLogin,
      phoneProxyPort: options.phoneProxyPort ?? null,
      links: options.links ?? {},
      ...(await siteForVisitors(options.sql)),
      selfUser: (await selfSessionOf(c, options.sql)) !== undefined,
    }),
  );

  /** The browser's "the user is here" while they use the page (pointer, keys); sessionGate records it. */
  app.post('/api/session/activity', c => (c.get('session') ? c.json('ok') : fail(c, 401, 'notLoggedIn', 'Sign in first')));

  /** Sign out everywhere: every session of the user ends, this one too; their other browsers stop syncing within seconds. */
  app.post('/api/users/logout-everywhere', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const ended = await revokeAllSessions(options.sql, session.ctx.userID);
    deleteCookie(c, SESSION_COOKIE, {path: '/'});
    await logAuthEvent(options.sql, {
      kind: 'logout-everywhere',
      result: `signed-out: ${ended}`,
      userID: session.ctx.userID,
      ip: clientIP(c),
    });
    return c.json('ok');
  });

  app.post('/api/users/logout', async c => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) await revokeSession(options.sql, token);
    deleteCookie(c, SESSION_COOKIE, {path: '/'});
    const userID = c.get('session')?.ctx.userID;
    if (userID) await logAuthEvent(options.sql, {kind: 'logout', result: 'signed-out', userID, ip: clientIP(c)});
    return c.json('ok');
  });
}
