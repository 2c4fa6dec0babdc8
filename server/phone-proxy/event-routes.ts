import type {Hono} from 'hono';
import {nanoid} from 'nanoid';
import * as v from 'valibot';
import {toE164} from '../../app/lib/phones.ts';
import type {ApiEnv} from '../http/env.ts';
import type {Sql} from '../db/sql.ts';
import {fail} from '../http/body.ts';
import {zqlReader} from '../zero/read.ts';
import {zql} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {effectivePermissions, isRole} from '../../permissions/roles.ts';
import {SIGNATURE_HEADER, TIMESTAMP_HEADER, isSignedEvent} from './signature.ts';

export const PHONE_EVENTS_PATH = '/api/phone-proxy/events';

/** A number as the provider writes it → E.164 (numbers without a country code are Israeli). */
const phoneNumber = v.pipe(
  v.string('invalidPhone'),
  v.maxLength(30, 'invalidPhone'),
  v.transform(toE164),
  v.string('invalidPhone'),
);

/**
 * A call that ended on the proxy. The shadchan is named by their own phone number, the one registered
 * with us (app_user.phone): the proxy line (PHONE_PROXY_NUMBER) is one number shared by all shadchanim,
 * so the provider tells them apart by the number on their side of the call. callerNumber is null when
 * the caller withheld it.
 */
export const callEndedSchema = v.object({
  id: v.pipe(v.string('required'), v.minLength(1, 'required'), v.maxLength(100, 'tooLong')),
  shadchanPhone: phoneNumber,
  callerNumber: v.nullable(phoneNumber),
  startedAt: v.pipe(v.string('invalidDate'), v.isoTimestamp('invalidDate')),
  durationSeconds: v.pipe(
    v.number('invalidNumber'),
    v.integer('invalidNumber'),
    v.minValue(0, 'invalidNumber'),
    v.maxValue(86_400, 'invalidNumber'),
  ),
});
export type CallEnded = v.InferOutput<typeof callEndedSchema>;

/**
 * POST /api/phone-proxy/events: the phone provider, server to server, says a proxy call ended (contract
 * in the README). Signed with PHONE_PROXY_SECRET, so it needs no session, and no browser can forge one;
 * without the secret the phone proxy is off and the path does not exist. Every failed signature or
 * stale timestamp gets the same bare 401, so probing learns nothing.
 */
export function mountPhoneEventRoutes(app: Hono<ApiEnv>, sql: Sql, secret: string | undefined) {
  if (!secret) return;
  const read = zqlReader(sql);
  app.post(PHONE_EVENTS_PATH, async c => {
    const rawBody = await c.req.text();
    const headers = {signature: c.req.header(SIGNATURE_HEADER), timestamp: c.req.header(TIMESTAMP_HEADER)};
    if (!isSignedEvent(secret, rawBody, headers)) return fail(c, 401, 'unauthorized', 'Unauthorized');

    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      return fail(c, 400, 'invalidInput', 'The body must be a JSON object');
    }
    const parsed = v.safeParse(callEndedSchema, json);
    if (!parsed.success) {
      const issues = parsed.issues.map(i => ({field: v.getDotPath(i) ?? '', message: i.message}));
      return fail(c, 400, 'invalidInput', 'Some fields are missing or invalid', issues);
    }
    const stored = await storeCall(sql, read, parsed.output);
    if (stored === 'unknownShadchan') {
      return fail(c, 400, 'unknownShadchan', 'No shadchan has this phone number', [
        {field: 'shadchanPhone', message: 'unknownShadchan'},
      ]);
    }
    // At most one call per event: a replay changes nothing and says so.
    if (stored === 'replayed') return fail(c, 409, 'replayed', 'This event was already received');
    return c.json({ok: true});
  });
}

/** The shadchan's context as their own session would build it, for the server's read rules. */
const contextOf = (row: {
  id: string;
  role: string;
  permissions: unknown;
  withheld_permissions: unknown;
}): AuthContext | undefined =>
  isRole(row.role)
    ? {userID: row.id, role: row.role, permissions: effectivePermissions(row.role, row.permissions, row.withheld_permissions)}
    : undefined;

/**
 * Stores the call and its shadchan's notification together. The caller's card is the one that lists
 * the number (profile.phones, kept by the card's mutators), preferring a card that is not deleted, then
 * the most recently updated; no card → the call is kept without one. The notification names the card
 * only when this shadchan may see it (visibleProfiles, the one profile read rule); the database then
 * announces it to the sidecar (migrations/0021).
 */
async function storeCall(
  sql: Sql,
  read: ReturnType<typeof zqlReader>,
  event: CallEnded,
): Promise<'stored' | 'replayed' | 'unknownShadchan'> {
  const [user] = await sql<{id: string; role: string; permissions: unknown; withheld_permissions: unknown}[]>`
    SELECT id, role, permissions, withheld_permissions FROM app_user WHERE phone = ${event.shadchanPhone} AND role <> 'blocked'`;
  const shadchan = user && contextOf(user);
  if (!shadchan) return 'unknownShadchan';
  const [card] = event.callerNumber
    ? await sql<{id: string}[]>`
        SELECT id FROM profile WHERE phones ? ${event.callerNumber}::text
        ORDER BY deleted_at IS NOT NULL, updated_at DESC LIMIT 1`
    : [];
  const seen = card && (await read(visibleProfiles(zql.profile, shadchan).where('id', card.id).one()));
  return sql.begin(async tx => {
    const callID = nanoid();
    const [call] = await tx<{id: string}[]>`
      INSERT INTO phone_call (id, event_id, user_id, caller_number, profile_id, started_at, duration_seconds)
      VALUES (${callID}, ${event.id}, ${shadchan.userID}, ${event.callerNumber}, ${card?.id ?? null},
              ${event.startedAt}, ${event.durationSeconds})
      ON CONFLICT (event_id) DO NOTHING
      RETURNING id`;
    if (!call) return 'replayed';
    await tx`
      INSERT INTO phone_call_notification (id, user_id, phone_call_id, people_name, people_id)
      VALUES (${nanoid()}, ${shadchan.userID}, ${callID},
              ${seen ? `${seen.forename} ${seen.surname}` : null}, ${seen ? seen.id : null})`;
    return 'stored';
  });
}
