import type {Hono} from 'hono';
import {zql} from '../../zero-schema.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail} from '../http/body.ts';
import {zqlReader} from '../zero/read.ts';
import {logAccess} from './access-log.ts';

/**
 * POST /api/profiles/:id/print: the card page prints itself (window.print()) and says so here when
 * printing starts, for the access log. The card's visibility is re-checked with the rule every query
 * uses: printed, or not-visible (404, which says nothing about whether the card exists).
 */
export function mountPrintRoutes(app: Hono<ApiEnv>, sql: Sql) {
  const read = zqlReader(sql);
  app.post('/api/profiles/:id/print', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    const profileID = c.req.param('id');
    const card = await read(visibleProfiles(zql.profile, session.ctx).where('id', profileID).one());
    const result = card ? 'printed' : 'not-visible';
    await logAccess(sql, {userID: session.ctx.userID, profileID, what: 'print', result, ip: clientIP(c)});
    return card ? c.json('ok') : fail(c, 404, 'notFound', 'No such card, or not one you may see');
  });
}
