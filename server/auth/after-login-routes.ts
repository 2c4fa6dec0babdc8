import type {Hono} from 'hono';
import type {ApiEnv} from '../api.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';

/**
 * What the /login page does after a successful verification (spec §4): record the activities
 * declaration, then show the admins' notifications one by one.
 */
export function mountAfterLoginRoutes(app: Hono<ApiEnv>, sql: Sql) {
  /** The declaration was ticked today; returns the stored date (YYYY-MM-DD, the server's calendar). */
  app.post('/api/users/accept-declaration', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const [row] = await sql<{accepted: string}[]>`
      UPDATE app_user SET declaration_accepted_on = current_date, updated_at = now()
      WHERE id = ${session.ctx.userID}
      RETURNING to_char(declaration_accepted_on, 'YYYY-MM-DD') AS accepted`;
    return c.json({declarationAcceptedOn: row!.accepted});
  });

  /** Active notices, oldest first, so they are read in the order they were written. */
  app.get('/api/users/admin-notifications', async c => {
    if (!c.get('session')) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const rows = await sql<{id: string; title: string; body: string}[]>`
      SELECT id, title, body FROM admin_notification WHERE active ORDER BY created_at, id LIMIT 20`;
    return c.json(rows);
  });
}
