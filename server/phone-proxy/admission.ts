// Who may hold a phone-proxy socket: a browser on one of the app's own origins whose session the API
// server accepts (a signed-in staff user who has accepted the declaration and signed the commitment
// form, as the app asks before anything else: server/auth/session-gate.ts), within the connection caps.
// The API server is the only judge of sessions: the sidecar asks GET /api/session with the browser's
// session cookie and never reads the session table itself, so sign-out, blocking, expiry and the
// declaration mean the same here as everywhere else.

import {parse} from 'hono/utils/cookie';
import {SESSION_COOKIE} from '../auth/session.ts';

export type Caps = {perUser: number; total: number};

const CAP_VARIABLES = {perUser: ['PHONE_PROXY_MAX_PER_USER', 5], total: ['PHONE_PROXY_MAX_CONNECTIONS', 500]} as const;

/** The connection caps (PHONE_PROXY_MAX_PER_USER, PHONE_PROXY_MAX_CONNECTIONS); throws on a value that is no positive integer. */
export function readCaps(env: NodeJS.ProcessEnv = process.env): Caps {
  const read = ([variable, fallback]: readonly [string, number]) => {
    const raw = env[variable];
    const value = raw === undefined || raw === '' ? fallback : Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${variable}=${raw} is not a positive integer`);
    return value;
  };
  return {perUser: read(CAP_VARIABLES.perUser), total: read(CAP_VARIABLES.total)};
}

/** The session token in a Cookie header, if the browser sent one. */
export function sessionToken(cookieHeader: string): string | undefined {
  return parse(cookieHeader, SESSION_COOKIE)[SESSION_COOKIE] || undefined;
}

/**
 * What the API server says about a session: whose it is, that it no longer admits (signed out, blocked,
 * expired, declaration due, commitment form unsigned), or 'unknown' when the API did not answer (restarting, overloaded) — which
 * neither admits a new socket nor closes an open one.
 */
export type SessionCheck = {userID: string} | 'ended' | 'unknown';

export function sessionChecker(apiURL: string) {
  return async (token: string): Promise<SessionCheck> => {
    try {
      const res = await fetch(`${apiURL}/api/session`, {
        headers: {cookie: `${SESSION_COOKIE}=${token}`},
        signal: AbortSignal.timeout(4000),
      });
      if (!res.ok) return 'unknown';
      const body = (await res.json()) as {user?: {ID?: unknown} | null; declarationDue?: unknown; agreementDue?: unknown};
      if (typeof body.user?.ID !== 'string' || body.declarationDue === true || body.agreementDue === true) return 'ended';
      return {userID: body.user.ID};
    } catch {
      return 'unknown';
    }
  };
}

export type Refusal = {status: string; why: string};

export const refusals = {
  foreignOrigin: {status: '403 Forbidden', why: 'origin not allowed'},
  noSession: {status: '401 Unauthorized', why: 'not signed in'},
  apiUnavailable: {status: '503 Service Unavailable', why: 'cannot check the session now'},
  userCap: {status: '429 Too Many Requests', why: 'too many connections for this user'},
  totalCap: {status: '503 Service Unavailable', why: 'too many connections'},
} satisfies Record<string, Refusal>;
