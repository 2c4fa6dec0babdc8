import type {AddressInfo} from 'node:net';
import {serve, type ServerType} from '@hono/node-server';
import {nanoid} from 'nanoid';
import {afterAll, afterEach, beforeAll, describe, expect, inject, test} from 'vitest';
import type WebSocket from 'ws';
import {connect} from '../../server/db/sql.ts';
import {signEvent} from '../../server/phone-proxy/signature.ts';
import type {EndCall} from '../../server/phone-proxy/relay.ts';
import {startTestApi} from '../support/api.ts';
import {makeProfile, makeUser, randomMobile} from '../support/fixtures.ts';
import {openSocket, startSidecar, waitForLine, type Sidecar} from '../support/sidecar.ts';

/**
 * The relay end to end: the provider's signed webhook posted to the real API (over HTTP), Postgres
 * announcing the notification, and the real sidecar process on its own port passing it to the right
 * browser sockets, which answer NOTIFICATION_READED.
 */
const sql = connect(inject('databaseURL'));
const SECRET = 'relay-test-secret';
const PORT = 9311;
const APP_ORIGIN = 'http://localhost:9398';

let testApi: Awaited<ReturnType<typeof startTestApi>>;
let server: ServerType;
let apiURL: string;
let sidecar: Sidecar;

beforeAll(async () => {
  testApi = await startTestApi(sql, {phoneProxySecret: SECRET});
  server = await new Promise<ServerType>(resolve => {
    const s = serve({fetch: testApi.app.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  const apiPort = (server.address() as AddressInfo).port;
  apiURL = `http://127.0.0.1:${apiPort}`;
  sidecar = startSidecar({
    PHONE_PROXY_PORT: String(PORT),
    API_PORT: String(apiPort),
    APP_ORIGINS: APP_ORIGIN,
    DATABASE_URL: inject('databaseURL'),
  });
  await waitForLine(sidecar, /^listening on /);
});

afterAll(async () => {
  sidecar?.child.kill('SIGTERM');
  await sidecar?.exited;
  server?.close();
  await testApi?.close();
  await sql.end();
});

/** A shadchan with a proxy phone, signed in: their session cookie. */
async function shadchan() {
  const phone = randomMobile();
  const {userID} = await makeUser(sql, 'shadchan', [], {phone});
  const res = await testApi.app.request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID}),
  });
  expect(res.status).toBe(200);
  return {userID, phone, cookie: res.headers.get('set-cookie')!.split(';')[0]!};
}

/** A card listing `phone`, in the general database (visible to every shadchan) or someone's personal one. */
async function cardWithPhone(database: 'general' | 'personal', ownerID: string) {
  const phone = randomMobile();
  const id = await makeProfile(sql, ownerID, database, `כהן-${nanoid(4)}`, 'שרה');
  await sql`UPDATE profile SET phones = ${sql.json([phone])} WHERE id = ${id}`;
  const [card] = await sql<{forename: string; surname: string}[]>`SELECT forename, surname FROM profile WHERE id = ${id}`;
  return {id, phone, name: `${card!.forename} ${card!.surname}`};
}

/** Posts a call that ended as the provider does: over HTTP, signed. */
async function callEnded(shadchanPhone: string, callerNumber: string | null, durationSeconds = 95) {
  const body = JSON.stringify({
    id: `evt-${nanoid(10)}`,
    shadchanPhone,
    callerNumber,
    startedAt: new Date().toISOString(),
    durationSeconds,
  });
  const res = await fetch(`${apiURL}/api/phone-proxy/events`, {
    method: 'POST',
    headers: {'content-type': 'application/json', ...signEvent(SECRET, body, Math.floor(Date.now() / 1000))},
    body,
  });
  expect(res.status).toBe(200);
  const [call] = await sql<{id: string}[]>`SELECT id FROM phone_call WHERE event_id = ${JSON.parse(body).id}`;
  return call!.id;
}

type Received = {socket: WebSocket; messages: unknown[]};
const opened: WebSocket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.close();
});

/** A browser's socket, recording every message list it receives. */
async function browser(cookie: string): Promise<Received> {
  const messages: unknown[] = [];
  const {socket} = await openSocket(`ws://127.0.0.1:${PORT}/ws`, {origin: APP_ORIGIN, cookie}, data =>
    messages.push(...(JSON.parse(String(data)) as unknown[])),
  );
  if (!socket) throw new Error('refused');
  opened.push(socket);
  return {socket, messages};
}

const endCalls = (r: Received) => r.messages.filter((m): m is EndCall => (m as EndCall).Type === 'END_CALL');
const answer = (r: Received, notificationID: string) =>
  r.socket.send(JSON.stringify({Type: 'NOTIFICATION_READED', Data: {notificationID}}));
/** Lets anything in flight arrive (the relay's path is a few milliseconds). */
const settle = () => new Promise(resolve => setTimeout(resolve, 400));

describe('END_CALL', () => {
  test('reaches only the shadchan whose call it was, on each of their sockets, naming the card they may see', async () => {
    const [a, b] = [await shadchan(), await shadchan()];
    const card = await cardWithPhone('general', b.userID);
    const [a1, a2, b1] = [await browser(a.cookie), await browser(a.cookie), await browser(b.cookie)];
    const callID = await callEnded(a.phone, card.phone, 312);
    const [notification] = await sql<{id: string}[]>`SELECT id FROM phone_call_notification WHERE phone_call_id = ${callID}`;
    const expected: EndCall = {
      Type: 'END_CALL',
      Data: {peopleName: card.name, peopleID: card.id, callerNumber: card.phone, callDuration: 312, phoneCallID: callID},
      ID: notification!.id,
    };
    await expect.poll(() => a1.messages).toEqual([expected]);
    await expect.poll(() => a2.messages).toEqual([expected]);
    await settle();
    expect(b1.messages).toEqual([]);
    // B's socket works: B's own call reaches it (and not A's).
    await callEnded(b.phone, card.phone);
    await expect.poll(() => endCalls(b1).length).toBe(1);
    await settle();
    expect(a1.messages).toHaveLength(1);
  });

  test('a card the shadchan may not see is not named: the caller’s number instead, and no id; likewise an unknown caller', async () => {
    const [a, other] = [await shadchan(), await shadchan()];
    const hidden = await cardWithPhone('personal', other.userID);
    const a1 = await browser(a.cookie);
    await callEnded(a.phone, hidden.phone);
    const stranger = randomMobile();
    await callEnded(a.phone, stranger);
    await callEnded(a.phone, null);
    await expect
      .poll(() => endCalls(a1).map(m => m.Data))
      .toEqual([
        expect.objectContaining({peopleName: hidden.phone, peopleID: null, callerNumber: hidden.phone}),
        expect.objectContaining({peopleName: stranger, peopleID: null, callerNumber: stranger}),
        expect.objectContaining({peopleName: null, peopleID: null, callerNumber: null}),
      ]);
    expect(JSON.stringify(a1.messages)).not.toContain(hidden.name);
  });
});

test('a socket without a session is refused and receives nothing', async () => {
  expect(await openSocket(`ws://127.0.0.1:${PORT}/ws`, {origin: APP_ORIGIN})).toEqual({status: 401});
  expect(await openSocket(`ws://127.0.0.1:${PORT}/ws`, {origin: APP_ORIGIN, cookie: 'kesher_session=made-up'})).toEqual({
    status: 401,
  });
});

describe('nothing is lost, nothing is asked twice', () => {
  test('calls that ended while the browser was away arrive, oldest first, when it connects again', async () => {
    const a = await shadchan();
    const first = await browser(a.cookie);
    first.socket.close();
    const missed = [await callEnded(a.phone, randomMobile(), 10), await callEnded(a.phone, randomMobile(), 20)];
    const back = await browser(a.cookie);
    await expect.poll(() => endCalls(back).map(m => m.Data.phoneCallID)).toEqual(missed);
    expect(first.messages).toEqual([]);
  });

  test('NOTIFICATION_READED marks it read for good: not sent again on any socket, and the user’s other tabs are told', async () => {
    const a = await shadchan();
    const [tab1, tab2] = [await browser(a.cookie), await browser(a.cookie)];
    const kept = await callEnded(a.phone, randomMobile());
    const answered = await callEnded(a.phone, randomMobile());
    await expect.poll(() => endCalls(tab1).length).toBe(2);
    const id = endCalls(tab1).find(m => m.Data.phoneCallID === answered)!.ID;
    answer(tab1, id);
    await expect.poll(() => tab2.messages.at(-1)).toEqual({Type: 'NOTIFICATION_READED', Data: {notificationID: id}});
    const [row] = await sql<{read_at: Date | null}[]>`SELECT read_at FROM phone_call_notification WHERE id = ${id}`;
    expect(row!.read_at).toBeInstanceOf(Date);

    const later = await browser(a.cookie);
    await expect.poll(() => endCalls(later).map(m => m.Data.phoneCallID)).toEqual([kept]);
    await settle();
    expect(endCalls(later)).toHaveLength(1);
  });

  test('only the owner’s answer counts: another user cannot mark someone’s notification read', async () => {
    const [a, b] = [await shadchan(), await shadchan()];
    const a1 = await browser(a.cookie);
    const b1 = await browser(b.cookie);
    await callEnded(a.phone, randomMobile());
    await expect.poll(() => endCalls(a1).length).toBe(1);
    const id = endCalls(a1)[0]!.ID;
    answer(b1, id);
    await settle();
    const [row] = await sql<{read_at: Date | null}[]>`SELECT read_at FROM phone_call_notification WHERE id = ${id}`;
    expect(row!.read_at).toBeNull();
    const again = await browser(a.cookie);
    await expect.poll(() => endCalls(again).map(m => m.ID)).toEqual([id]);
  });
});

describe('simulate a call (development)', () => {
  test('the dev route posts a signed call for the signed-in user, from a card they may see', async () => {
    const a = await shadchan();
    await cardWithPhone('general', a.userID);
    const a1 = await browser(a.cookie);
    const res = await testApi.app.request('/api/dev/simulate-call', {
      method: 'POST',
      headers: {'content-type': 'application/json', cookie: a.cookie},
      body: '{}',
    });
    expect(res.status).toBe(200);
    await expect.poll(() => endCalls(a1).length).toBe(1);
    const [message] = endCalls(a1);
    expect(message!.Data.peopleID).not.toBeNull();
    expect(message!.Data.peopleName).toMatch(/\S+ \S+/);
    // Not signed in: refused.
    const anonymous = await testApi.app.request('/api/dev/simulate-call', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: '{}',
    });
    expect(anonymous.status).toBe(401);
  });

  test('npm run simulate-call posts the provider’s signed event to the running API', async () => {
    const a = await shadchan();
    const card = await cardWithPhone('general', a.userID);
    const a1 = await browser(a.cookie);
    const {execFile} = await import('node:child_process');
    const run = (args: string[]) =>
      new Promise<{code: number | null; out: string}>(resolve => {
        const child = execFile(
          process.execPath,
          ['--import', 'tsx', 'server/phone-proxy/simulate-call.ts', ...args],
          {env: {...process.env, API_PORT: new URL(apiURL).port, PHONE_PROXY_SECRET: SECRET}},
          (_err, stdout, stderr) => resolve({code: child.exitCode, out: stdout + stderr}),
        );
      });
    const posted = await run(['--phone', a.phone, '--caller', `0${card.phone.slice(4)}`, '--duration', '42']);
    expect(posted.out).toContain('call posted (42 s)');
    expect(posted.code).toBe(0);
    await expect
      .poll(() => endCalls(a1).map(m => m.Data))
      .toEqual([expect.objectContaining({peopleID: card.id, peopleName: card.name, callDuration: 42, callerNumber: card.phone})]);
    const unknown = await run(['--phone', randomMobile()]);
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('unknownShadchan');
  });
});
