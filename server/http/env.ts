import type {Context} from 'hono';
import type {AuthContext} from '../../permissions/context.ts';

/**
 * What every API route module stands on: the context's variables (the session server/auth/session-gate.ts
 * reads for each /api request) and the session's shape. It lives here, below server/api.ts and the route
 * modules it mounts, so that none of them imports the module that mounts it.
 */
export type ApiEnv = {Variables: {session: Session | undefined}};

export type SessionUser = {
  ID: string;
  Name: string;
  Gender: 'male' | 'female';
  role: AuthContext['role'];
  permissions: AuthContext['permissions'];
};

/** A live staff session as the API sees it. */
export type Session = {
  ctx: AuthContext;
  user: SessionUser;
  /**
   * The activities declaration (spec §5, §9) was never accepted or last accepted more than a month ago:
   * the session may only accept it or sign out (server/auth/session-gate.ts).
   */
  declarationDue: boolean;
  /**
   * The commitment form (spec §2 user-agreement/{id}) is not signed yet: after the declaration, the
   * session may only read and sign it, or sign out (server/auth/session-gate.ts).
   */
  agreementDue: boolean;
  /** The SHA-256 of the token: the session row's key. */
  tokenHash: string;
  /** When the user last did something themselves (ms), as stored; markActive moves it on. */
  lastActiveAt: number;
};

/** The browser reached us over https, directly or through a reverse proxy: cookies are then Secure. */
export const isHttps = (c: Context) => new URL(c.req.url).protocol === 'https:' || c.req.header('x-forwarded-proto') === 'https';
