import type {Hono} from 'hono';
import type {ApiEnv, Session} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';

/**
 * The notices addressed to the user now and not read by them yet, oldest first (the order they were
 * written): active, within from/until, and for everyone, the user's role or the user by name.
 */
export const notificationsFor = (sql: Sql, session: Session) => sql<{id: string; title: string; body: string}[]>`
  SELECT n.id, n.title, n.body FROM admin_notification n
  WHERE n.active
    AND (n.shown_from IS NULL OR n.shown_from <= now()) AND (n.shown_until IS NULL OR n.shown_until > now())
    AND (n.audience = 'everyone'
         OR (n.audience = 'roles' AND ${session.ctx.role} = ANY (n.roles))
         OR (n.audience = 'users' AND ${session.ctx.userID} = ANY (n.user_ids)))
    AND NOT EXISTS (SELECT 1 FROM admin_notification_read r WHERE r.notification_id = n.id AND r.user_id = ${session.ctx.userID})
  ORDER BY n.created_at, n.id LIMIT 20`;

/**
 * The after-login popup's notices (spec §4 final login) and the record of their reading. The popup is
 * no live screen, so it reads here; the administrator's screen, admin/notifications, is live through
 * Zero (app/notifications/), and a read recorded here reaches it by replication.
 */
export function mountNotificationRoutes(app: Hono<ApiEnv>, sql: Sql) {
  app.get('/api/users/admin-notifications', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    return c.json(await notificationsFor(sql, session));
  });

  /** The user read a notice (the popup's "next"): recorded once; one not addressed to them now is 404. */
  app.post('/api/users/admin-notifications/:id/read', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const id = c.req.param('id');
    const addressed = (await notificationsFor(sql, session)).some(n => n.id === id);
    if (!addressed) return fail(c, 404, 'notFound', 'No such notice');
    await sql`INSERT INTO admin_notification_read (notification_id, user_id) VALUES (${id}, ${session.ctx.userID})
              ON CONFLICT DO NOTHING`;
    return c.json('ok');
  });
}
