import type {MiddlewareHandler} from 'hono';
import {getCookie} from 'hono/cookie';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {SESSION_COOKIE, markActive, readSession, sessionIdleMinutes} from './session.ts';

/**
 * All a session whose declaration is due may do (spec §5 "must be ticked to enter"): ask who it is, accept,
 * sign out; and zero-cache may ask whether its socket's client group is the user's (its queries are refused).
 */
const WHILE_DECLARATION_DUE = new Set([
  'GET /api/session',
  'POST /api/zero/admit',
  'POST /api/users/accept-declaration',
  'POST /api/users/logout',
  'POST /api/users/logout-everywhere',
]);

/**
 * All a session whose commitment form is unsigned may do (spec §2 user-agreement/{id}): what it may do
 * while the declaration is due, and read or sign the form (server/agreement/routes.ts).
 */
const whileAgreementDue = (route: string) =>
  WHILE_DECLARATION_DUE.has(route) || /^(GET|POST) \/api\/users\/agreement\/[^/]+$/.test(route);

/**
 * Requests that do not by themselves show the user is there: reading the session (pages poll it, and so
 * does the phone-proxy sidecar), and Zero's endpoints, which decide for themselves what was the user's
 * doing (zero-cache also calls them on its own: server/zero/query-watch.ts).
 */
const NOT_BY_ITSELF_ACTIVITY = new Set([
  'GET /api/session',
  'POST /api/zero/admit',
  'POST /api/zero/query',
  'POST /api/zero/mutate',
]);

/**
 * Every /api request knows its session (or lack of one) up front: the browser's cookie, or a bearer
 * token for non-browser clients (Zero's `auth` option reaches us as `Authorization: Bearer …`). A session
 * whose declaration is due is refused everything but WHILE_DECLARATION_DUE (403 declarationDue), one
 * whose commitment form is unsigned everything but whileAgreementDue (403 agreementDue); any
 * other request of a signed-in user counts as their activity for the idle timeout.
 */
export function sessionGate(sql: Sql): MiddlewareHandler<ApiEnv> {
  sessionIdleMinutes(); // a bad SESSION_IDLE_MINUTES stops the API at start, not at every request
  return async (c, next) => {
    const bearer = c.req.header('authorization')?.match(/^Bearer (.+)$/)?.[1];
    const session = await readSession(sql, getCookie(c, SESSION_COOKIE) ?? bearer);
    c.set('session', session);
    const route = `${c.req.method} ${c.req.path}`;
    if (session?.declarationDue && !WHILE_DECLARATION_DUE.has(route)) {
      return fail(c, 403, 'declarationDue', 'Accept the activities declaration first');
    }
    if (session?.agreementDue && !whileAgreementDue(route)) {
      return fail(c, 403, 'agreementDue', 'Sign the commitment form first');
    }
    if (session && !NOT_BY_ITSELF_ACTIVITY.has(route)) await markActive(sql, session);
    await next();
  };
}
