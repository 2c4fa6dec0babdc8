import type {Hono} from 'hono';
import * as v from 'valibot';
import type {ApiEnv} from '../api.ts';
import type {Sql} from '../db/sql.ts';
import {startSession} from './routes.ts';
import {logAuthEvent} from './audit.ts';
import type {OutboxEntry} from './delivery/index.ts';
import {clientIP} from '../http/body.ts';

/**
 * Development only (never mounted in production): sign in as any seeded user with one click. The real
 * sign-in flows (phone, email, Google) replace it.
 */
export function mountDevSignIn(app: Hono<ApiEnv>, sql: Sql, outbox?: () => OutboxEntry[]) {
  /** The sign-in codes the development delivery printed, newest first (the dev outbox page). */
  app.get('/api/dev/outbox', c => c.json(outbox?.() ?? []));

  app.get('/api/dev/users', async c => {
    const users =
      await sql`SELECT id, name, gender, role FROM app_user WHERE role <> 'blocked' ORDER BY role = 'admin' DESC, name`;
    return c.json(users);
  });

  app.post('/api/dev/sign-in', async c => {
    const body = v.safeParse(v.object({userID: v.pipe(v.string(), v.nonEmpty())}), await c.req.json().catch(() => null));
    if (!body.success) return c.json({error: 'invalidInput'}, 400);
    const [user] = await sql`SELECT id FROM app_user WHERE id = ${body.output.userID} AND role <> 'blocked'`;
    if (!user) return c.json({error: 'notFound'}, 404);
    await startSession(c, sql, body.output.userID);
    await logAuthEvent(sql, {kind: 'dev-sign-in', result: 'signed-in', userID: body.output.userID, ip: clientIP(c)});
    return c.json('ok');
  });
}
