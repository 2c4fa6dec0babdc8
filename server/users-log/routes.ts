import type {Context, Hono, MiddlewareHandler} from 'hono';
import * as v from 'valibot';
import {can} from '../../permissions/context.ts';
import {logQuerySchema, type LogEntry, type LogQuery, type LogUser} from '../../app/users-log/schema.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail} from '../http/body.ts';
import {csvLine, csvTime} from './csv.ts';
import {logEntries} from './entries.ts';

/** Rows the export reads from Postgres at a time while it streams. */
const EXPORT_BATCH = 500;
/** One list page when the screen does not say. */
const DEFAULT_PAGE = 50;

const CSV_HEADER = ['time (Asia/Jerusalem)', 'kind', 'user', 'user id', 'card', 'card id', 'action', 'result', 'ip', 'detail'];
const csvRow = (e: LogEntry) =>
  csvLine([csvTime(e.at), e.kind, e.userName, e.userID, e.profileName, e.profileID, e.action, e.result, e.ip, e.detail]);

/**
 * admin/logs (spec §2, usersLog): the users log over auth_event, profile_revision and access_log, which
 * are server-only and are read here alone, guarded by the permission before any data:
 *   GET /api/admin/users-log?user&record&kind&from&until&limit&offset  → LogEntry[], newest first
 *   GET /api/admin/users-log/users                                     → LogUser[] (the user filter)
 *   GET /api/admin/users-log/export?user&record&kind&from&until        → text/csv (UTF-8 with a BOM);
 *                                                                        also needs exportToExcel
 * A malformed or unknown parameter is 400 invalidInput. The export is itself written to the access log.
 */
export function mountUsersLogRoutes(app: Hono<ApiEnv>, sql: Sql) {
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'usersLog')) return fail(c, 403, 'forbidden', 'This needs the usersLog permission');
    await next();
  };
  app.use('/api/admin/users-log', guard);
  app.use('/api/admin/users-log/*', guard);

  app.get('/api/admin/users-log', async c => {
    const q = queryOf(c);
    if (q instanceof Response) return q;
    return c.json(await logEntries(sql, {...q, limit: q.limit ?? DEFAULT_PAGE}));
  });

  app.get('/api/admin/users-log/users', async c => c.json(await sql<LogUser[]>`SELECT id, name FROM app_user ORDER BY name, id`));

  // Taking data out of the system is the general export's permission (spec §6), on top of reading the log.
  app.get('/api/admin/users-log/export', async c => {
    if (!can(c.get('session')!.ctx, 'exportToExcel')) return fail(c, 403, 'forbidden', 'This needs the exportToExcel permission');
    const q = queryOf(c);
    if (q instanceof Response) return q;
    const {limit: _limit, offset: _offset, ...filters} = q;
    await logAccess(sql, {
      userID: c.get('session')!.ctx.userID,
      what: 'export',
      result: 'exported',
      ip: clientIP(c),
      detail: {export: 'users-log', ...filters},
    });
    const rows = logEntries(sql, filters).cursor(EXPORT_BATCH)[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // The byte order mark tells Excel the file is UTF-8, so Hebrew names read right.
        controller.enqueue(encoder.encode('\uFEFF' + csvLine(CSV_HEADER)));
      },
      async pull(controller) {
        const next = await rows.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map(csvRow).join('')));
      },
      async cancel() {
        await rows.return?.();
      },
    });
    const day = new Date().toISOString().slice(0, 10);
    return new Response(body, {
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="users-log-${day}.csv"`,
        'cache-control': 'no-store',
      },
    });
  });
}

/** The filters in the query string, or a 400 naming what is wrong. */
function queryOf(c: Context<ApiEnv>): LogQuery | Response {
  const result = v.safeParse(logQuerySchema, c.req.query());
  if (result.success) return result.output;
  const issues = result.issues.map(i => ({field: v.getDotPath(i) ?? '', message: i.message}));
  return fail(c, 400, 'invalidInput', 'Some filters are invalid', issues);
}
