import type {Context, Hono} from 'hono';
import {isLoopback} from '../http/addresses.ts';
import * as v from 'valibot';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {startSession} from './routes.ts';
import {logAuthEvent} from './audit.ts';
import type {OutboxEntry} from './delivery/index.ts';
import {clientIP} from '../http/body.ts';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A client on this machine that addressed us by a loopback name. The peer address is the socket's
 * own (never X-Forwarded-For); the host name stops a web page that rebinds its own DNS name to
 * 127.0.0.1 from reaching these routes through a developer's browser.
 */
function fromLoopback(c: Context) {
  const peer = (c.env as {incoming?: {socket?: {remoteAddress?: string}}} | undefined)?.incoming?.socket?.remoteAddress;
  return peer !== undefined && isLoopback(peer) && LOOPBACK_NAMES.has(new URL(c.req.url).hostname);
}

/**
 * Development only (mounted only in the explicit development mode, and answering only loopback
 * clients): sign in as any seeded user with one click, and read the codes the development delivery
 * "sent". The real sign-in flows (phone, email, Google) replace it.
 */
export function mountDevSignIn(app: Hono<ApiEnv>, sql: Sql, outbox?: () => OutboxEntry[]) {
  // Anyone else is told these routes do not exist, as in production.
  app.use('/api/dev/*', async (c, next) => (fromLoopback(c) ? next() : c.json({error: 'notFound'}, 404)));

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
