import type {MiddlewareHandler} from 'hono';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP} from '../http/body.ts';
import {logAccess} from './access-log.ts';

/** How a download ended, by the route's answer; anything else (e.g. 401: nobody to name) is not recorded. */
const RESULTS: Partial<Record<number, string>> = {200: 'downloaded', 304: 'downloaded', 403: 'forbidden', 404: 'not-found'};

/**
 * Wraps GET /api/files/:fileId (server/files/routes.ts) and writes every signed-in attempt to the access
 * log once the route has answered: who, which file of which card, and downloaded / forbidden /
 * not-found (a 304 is a download the browser already held: the user sees the file all the same).
 */
export function logFileDownloads(sql: Sql): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next();
    const session = c.get('session');
    const result = RESULTS[c.res.status];
    if (!session || !result) return;
    const fileID = c.req.param('fileId') ?? '';
    const [file] = await sql<{profile_id: string}[]>`SELECT profile_id FROM profile_file WHERE id = ${fileID}`;
    await logAccess(sql, {
      userID: session.ctx.userID,
      profileID: file?.profile_id ?? null,
      what: 'file',
      result,
      ip: clientIP(c),
      detail: c.res.status === 304 ? {fileID, cached: true} : {fileID},
    });
  };
}
