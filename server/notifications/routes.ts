import type {Hono, MiddlewareHandler} from 'hono';
import * as v from 'valibot';
import {can} from '../../permissions/context.ts';
import {notificationSchema, type NotificationRead, type NotificationRow} from '../../app/notifications/schema.ts';
import type {ApiEnv} from '../api.ts';
import type {Session} from '../auth/session.ts';
import type {Sql} from '../db/sql.ts';
import {fail, readBody} from '../http/body.ts';

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
 * admin/notifications (spec §2, adminNotifications): the after-login popup's notices and the record of
 * their reading, and the administrator's screen (write, edit, retire, who read). Notices and reads are
 * server-only tables: the screen reads them here, guarded by the permission before any data.
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

  /** Every /api/admin/notifications call: the permission first, before any data. */
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'adminNotifications')) return fail(c, 403, 'forbidden', 'No permission');
    await next();
  };
  app.use('/api/admin/notifications', guard);
  app.use('/api/admin/notifications/*', guard);

  app.get('/api/admin/notifications', async c => {
    const rows = await sql<NotificationRow[]>`
      SELECT n.id, n.title, n.body, n.audience, n.roles, n.user_ids AS "userIDs", n.active,
             to_json(n.shown_from) #>> '{}' AS "from", to_json(n.shown_until) #>> '{}' AS "until",
             to_json(n.created_at) #>> '{}' AS "createdAt",
             (SELECT count(*)::int FROM admin_notification_read r WHERE r.notification_id = n.id) AS "readCount"
      FROM admin_notification n ORDER BY n.active DESC, n.created_at DESC, n.id LIMIT 500`;
    return c.json(rows);
  });

  /** Writes a new notice or edits one (same id); the users chosen must exist. */
  app.post('/api/admin/notifications', async c => {
    const session = c.get('session')!;
    const n = await readBody(c, notificationSchema);
    if (n instanceof Response) return n;
    const userIDs = n.audience === 'users' ? [...new Set(n.userIDs)] : [];
    if (userIDs.length > 0) {
      const known = await sql`SELECT id FROM app_user WHERE id = ANY (${userIDs})`;
      if (known.length !== userIDs.length) {
        return fail(c, 400, 'invalidInput', 'Unknown users', [{field: 'userIDs', message: 'unknownUser'}]);
      }
    }
    const roles = n.audience === 'roles' ? [...new Set(n.roles)] : [];
    await sql`
      INSERT INTO admin_notification (id, title, body, audience, roles, user_ids, shown_from, shown_until, created_by)
      VALUES (${n.id}, ${n.title}, ${n.body}, ${n.audience}, ${roles}, ${userIDs}, ${n.from}, ${n.until}, ${session.ctx.userID})
      ON CONFLICT (id) DO UPDATE SET title = excluded.title, body = excluded.body, audience = excluded.audience,
        roles = excluded.roles, user_ids = excluded.user_ids, shown_from = excluded.shown_from,
        shown_until = excluded.shown_until, updated_at = now()`;
    return c.json('ok');
  });

  /** Retires a notice (or brings it back): it stays listed with its reads, and is shown to no one while retired. */
  app.post('/api/admin/notifications/:id/active', async c => {
    const body = await readBody(c, v.object({active: v.boolean()}));
    if (body instanceof Response) return body;
    const rows = await sql`UPDATE admin_notification SET active = ${body.active}, updated_at = now()
                           WHERE id = ${c.req.param('id')} RETURNING 1`;
    return rows.length ? c.json('ok') : fail(c, 404, 'notFound', 'No such notice');
  });

  /** Who read a notice and when, first reader first. */
  app.get('/api/admin/notifications/:id/reads', async c => {
    const rows = await sql<NotificationRead[]>`
      SELECT r.user_id AS "userID", u.name, to_json(r.read_at) #>> '{}' AS "readAt"
      FROM admin_notification_read r JOIN app_user u ON u.id = r.user_id
      WHERE r.notification_id = ${c.req.param('id')} ORDER BY r.read_at, u.name`;
    return c.json(rows);
  });
}
