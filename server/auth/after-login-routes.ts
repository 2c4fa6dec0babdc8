import type {Hono} from 'hono';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {acceptDeclaration} from './session.ts';

/**
 * What the /login page does after a successful verification (spec §4): record the activities
 * declaration; the admins' notifications it shows next are server/notifications/routes.ts.
 */
export function mountAfterLoginRoutes(app: Hono<ApiEnv>, sql: Sql) {
  /** The declaration was ticked today; returns the stored date (YYYY-MM-DD, the server's calendar). */
  app.post('/api/users/accept-declaration', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    return c.json({declarationAcceptedOn: await acceptDeclaration(sql, session.ctx.userID)});
  });
}
