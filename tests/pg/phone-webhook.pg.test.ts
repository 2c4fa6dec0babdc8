import {createHmac} from 'node:crypto';
import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {schema} from '../../zero-schema.ts';
import {connect} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';
import {startTestApi} from '../support/api.ts';
import {cardValues, makeUser, nationalPhone, newCard, randomMobile} from '../support/fixtures.ts';

/**
 * The phone provider's webhook (POST /api/phone-proxy/events) through the real API and Postgres, signed
 * here with node:crypto exactly as the README's contract tells the provider to sign.
 */
const sql = connect(inject('databaseURL'));
const db = zeroPostgresJS(schema, sql);
const SECRET = 'test-provider-secret';
let api: Awaited<ReturnType<typeof startTestApi>>;
let shadchan: {id: string; phone: string};
let card: {id: string; fatherPhone: string};

beforeAll(async () => {
  api = await startTestApi(sql, {phoneProxySecret: SECRET});
  shadchan = {id: '', phone: randomMobile()};
  shadchan.id = (await makeUser(sql, 'shadchan', [], {phone: shadchan.phone})).userID;
  // The card is created through its real mutator, which derives profile.phones from the listed numbers.
  const creator = await makeUser(sql, 'shadchan', ['editTickets']);
  const fatherPhone = randomMobile();
  const args = newCard({details: {...(cardValues().details as object), fatherPhone: nationalPhone(fatherPhone)}});
  await db.transaction(tx => runServerMutator(tx, 'cards.create', args as ReadonlyJSONObject, creator));
  card = {id: args.id, fatherPhone};
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const event = (over: Record<string, unknown> = {}) => ({
  id: `evt-${nanoid(10)}`,
  shadchanPhone: shadchan.phone,
  callerNumber: card.fatherPhone,
  startedAt: '2026-11-24T08:15:00+02:00',
  durationSeconds: 312,
  ...over,
});

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** Posts the body as the provider would: signed at `timestamp` (now by default) with `secret`. */
function post(
  body: unknown,
  {
    secret = SECRET,
    timestamp = Math.floor(Date.now() / 1000),
    headers = {},
  }: {secret?: string; timestamp?: number; headers?: Record<string, string>} = {},
  to = api,
) {
  const raw = JSON.stringify(body);
  return to.app.request('/api/phone-proxy/events', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-kesher-timestamp': String(timestamp),
      'x-kesher-signature': `sha256=${hmac(secret, `${timestamp}.${raw}`)}`,
      ...headers,
    },
    body: raw,
  });
}

const callsOf = (eventID: string) =>
  sql<
    {
      id: string;
      user_id: string;
      caller_number: string | null;
      profile_id: string | null;
      started_at: Date;
      duration_seconds: number;
      activity_id: string | null;
    }[]
  >`
    SELECT id, user_id, caller_number, profile_id, started_at, duration_seconds, activity_id FROM phone_call WHERE event_id = ${eventID}`;
const notificationsOf = (callID: string) =>
  sql<
    {user_id: string; read_at: Date | null}[]
  >`SELECT user_id, read_at FROM phone_call_notification WHERE phone_call_id = ${callID}`;

describe('a signed event', () => {
  test('stores the call for the shadchan, with the card that lists the caller, and a notification', async () => {
    const body = event({callerNumber: `+972 ${card.fatherPhone.slice(4)}`});
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ok: true});
    const [call, ...more] = await callsOf(body.id);
    expect(more).toEqual([]);
    expect(call).toMatchObject({
      user_id: shadchan.id,
      caller_number: card.fatherPhone,
      profile_id: card.id,
      duration_seconds: 312,
      activity_id: null,
    });
    expect(call!.started_at.toISOString()).toBe('2026-11-24T06:15:00.000Z');
    expect(await notificationsOf(call!.id)).toEqual([{user_id: shadchan.id, read_at: null}]);
  });

  test('from an unknown caller still stores a call, without a card, and a notification', async () => {
    const body = event({callerNumber: nationalPhone(randomMobile())});
    expect((await post(body)).status).toBe(200);
    const [call] = await callsOf(body.id);
    expect(call).toMatchObject({user_id: shadchan.id, profile_id: null});
    expect(call!.caller_number).toMatch(/^\+97254\d{7}$/);
    expect(await notificationsOf(call!.id)).toHaveLength(1);
  });

  test('with a withheld caller number still stores a call', async () => {
    const body = event({callerNumber: null});
    expect((await post(body)).status).toBe(200);
    expect(await callsOf(body.id)).toMatchObject([{caller_number: null, profile_id: null}]);
  });

  test('sent again is refused with 409 and stored only once', async () => {
    const body = event();
    expect((await post(body)).status).toBe(200);
    const replay = await post(body, {timestamp: Math.floor(Date.now() / 1000) + 1});
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({error: 'replayed'});
    const calls = await callsOf(body.id);
    expect(calls).toHaveLength(1);
    expect(await notificationsOf(calls[0]!.id)).toHaveLength(1);
  });

  test('arriving from a server needs no browser Origin, and a foreign Origin is still refused', async () => {
    const body = event();
    expect((await post(body, {headers: {origin: 'https://evil.example'}})).status).toBe(403);
    expect(await callsOf(body.id)).toEqual([]);
  });
});

describe('refused, and nothing stored', () => {
  const refusedWith401 = async (body: ReturnType<typeof event>, res: Response) => {
    expect(res.status).toBe(401);
    // No detail: every failed check answers the same.
    expect(await res.json()).toEqual({error: 'unauthorized', message: 'Unauthorized'});
    expect(await callsOf(body.id)).toEqual([]);
  };

  test('a signature made with another secret', async () => {
    const body = event();
    await refusedWith401(body, await post(body, {secret: 'not-the-secret'}));
  });

  test('a body changed after signing', async () => {
    const body = event();
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = `sha256=${hmac(SECRET, `${timestamp}.${JSON.stringify(body)}`)}`;
    const res = await api.app.request('/api/phone-proxy/events', {
      method: 'POST',
      headers: {'content-type': 'application/json', 'x-kesher-timestamp': String(timestamp), 'x-kesher-signature': signature},
      body: JSON.stringify({...body, durationSeconds: 9999}),
    });
    await refusedWith401(body, res);
  });

  test('a missing signature or timestamp', async () => {
    const body = event();
    await refusedWith401(body, await post(body, {headers: {'x-kesher-signature': ''}}));
    await refusedWith401(body, await post(body, {headers: {'x-kesher-timestamp': ''}}));
  });

  test('a timestamp the signature does not cover', async () => {
    const body = event();
    const signedAt = Math.floor(Date.now() / 1000);
    await refusedWith401(body, await post(body, {timestamp: signedAt, headers: {'x-kesher-timestamp': String(signedAt + 1)}}));
  });

  test('a correctly signed but stale timestamp (more than 5 minutes off, either way)', async () => {
    const body = event();
    const now = Math.floor(Date.now() / 1000);
    await refusedWith401(body, await post(body, {timestamp: now - 6 * 60}));
    await refusedWith401(body, await post(body, {timestamp: now + 6 * 60}));
    // Within the window it is accepted.
    expect((await post(body, {timestamp: now - 4 * 60})).status).toBe(200);
  });
});

describe('a signed event with bad content', () => {
  test('is refused with 400 naming the field, nothing stored', async () => {
    const body = event({durationSeconds: -1, startedAt: 'yesterday'});
    const res = await post(body);
    expect(res.status).toBe(400);
    const answer = (await res.json()) as {issues: {field: string}[]};
    expect(answer.issues.map(i => i.field).sort()).toEqual(['durationSeconds', 'startedAt']);
    expect(await callsOf(body.id)).toEqual([]);
  });

  test('for a number no shadchan has is refused, and the event may be sent again once fixed', async () => {
    const body = event({shadchanPhone: randomMobile()});
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({error: 'unknownShadchan'});
    expect(await callsOf(body.id)).toEqual([]);
    expect((await post({...body, shadchanPhone: shadchan.phone})).status).toBe(200);
  });
});

test('without PHONE_PROXY_SECRET the phone proxy is off: the path answers 404 and stores nothing', async () => {
  const off = await startTestApi(sql);
  try {
    const body = event();
    const res = await post(body, {}, off);
    expect(res.status).toBe(404);
    expect(await callsOf(body.id)).toEqual([]);
  } finally {
    await off.close();
  }
});
