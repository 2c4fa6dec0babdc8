import type {Hono} from 'hono';
import {zql} from '../../zero-schema.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {zqlReader} from '../zero/read.ts';
import {PHONE_EVENTS_PATH} from './event-routes.ts';
import {signedCallEvent} from './simulate.ts';

/**
 * Development only (mounted with the development sign-in, behind its loopback guard on /api/dev/*):
 * POST /api/dev/simulate-call posts a signed call event for the signed-in user to the provider's webhook,
 * through the whole app as the provider would, from the number of a card the user may see (so the prompt
 * names someone), or from a number no card lists when they see none.
 */
export function mountSimulateCall(app: Hono<ApiEnv>, sql: Sql, secret: string | undefined) {
  const read = zqlReader(sql);
  app.post('/api/dev/simulate-call', async c => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!secret) return fail(c, 404, 'notFound', 'The phone proxy is off (no PHONE_PROXY_SECRET)');
    const [user] = await sql<{phone: string | null}[]>`SELECT phone FROM app_user WHERE id = ${session.ctx.userID}`;
    if (!user?.phone) return fail(c, 400, 'invalidInput', 'This user has no phone number for the proxy to know them by');
    const seen = (await read(visibleProfiles(zql.profile, session.ctx).limit(200))).map(p => p.id);
    const [card] = await sql<{phone: string}[]>`
      SELECT phones->>0 AS phone FROM profile
      WHERE id = ANY(${seen}::text[]) AND jsonb_array_length(phones) > 0 ORDER BY random() LIMIT 1`;
    const {body, headers} = signedCallEvent(secret, {shadchanPhone: user.phone, callerNumber: card?.phone ?? '+97235550199'});
    const res = await app.request(PHONE_EVENTS_PATH, {method: 'POST', headers, body});
    return new Response(res.body, {status: res.status, headers: {'content-type': 'application/json'}});
  });
}
