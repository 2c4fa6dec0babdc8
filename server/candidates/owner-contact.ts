import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import type {Hono} from 'hono';
import {can} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {schema, zql} from '../../zero-schema.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';

/**
 * GET /api/profiles/:id/owner-contact → {name, phone, email} of the shadchan or representative who
 * holds the card (spec §6 "display details of shadchan or representative"). Staff phones and emails
 * never replicate to browsers (migrations/0001's publication), so they come only from here: with
 * showShadchanDetails, for a card the user may see. A hidden card is "not found", whatever it is.
 */
export function mountOwnerContactRoutes(app: Hono<ApiEnv>, sql: Sql) {
  const db = zeroPostgresJS(schema, sql);
  app.get('/api/profiles/:id/owner-contact', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'showShadchanDetails')) {
      return fail(c, 403, 'forbidden', 'This needs the showShadchanDetails permission');
    }
    const card = await db.run(visibleProfiles(zql.profile, session.ctx).where('id', c.req.param('id')).one());
    if (!card) return fail(c, 404, 'notFound', 'No such card');
    const [owner] = await sql<{name: string; phone: string | null; email: string | null}[]>`
      SELECT name, phone, email FROM app_user WHERE id = ${card.ownerID}`;
    return owner ? c.json(owner) : fail(c, 404, 'notFound', 'No such card');
  });
}
