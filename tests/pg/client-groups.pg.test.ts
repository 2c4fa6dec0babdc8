import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {createSession} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * A Zero client group is its first user's, durably (issue 29, migrations/0048): POST /api/zero/admit,
 * which zero-cache's sync port asks before taking a socket (server/zero/client-group-gate.mjs), and
 * the mutate endpoint, which refuses a push naming another user's group.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let first: string, second: string;
beforeAll(async () => {
  api = await startTestApi(sql);
  first = (await makeUser(sql, 'admin')).userID;
  second = (await makeUser(sql, 'shadchan')).userID;
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const ADMIT = '/api/zero/admit';
const ownerOf = async (group: string) => (await sql`SELECT user_id FROM client_group WHERE id = ${group}`)[0]?.user_id;

describe('admitting a sync socket', () => {
  test('the first user to name a group keeps it; another user is refused, for good', async () => {
    const group = `g-${nanoid()}`;
    const a = await signedIn(api.app, first);
    const b = await signedIn(api.app, second);
    expect((await a.post(ADMIT, {clientGroupID: group})).status).toBe(204);
    expect(await ownerOf(group)).toBe(first);
    expect(await b.post(ADMIT, {clientGroupID: group})).toMatchObject({status: 409, body: {error: 'clientGroupTaken'}});
    expect((await a.post(ADMIT, {clientGroupID: group})).status).toBe(204);
    // Another API process (a restart, another node) reads the same record.
    const again = await startTestApi(sql);
    try {
      expect((await (await signedIn(again.app, second)).post(ADMIT, {clientGroupID: group})).status).toBe(409);
    } finally {
      await again.close();
    }
    // The second user's own groups are theirs.
    expect((await b.post(ADMIT, {clientGroupID: `g-${nanoid()}`})).status).toBe(204);
  });

  test("Zero's auth token counts as the cookie does", async () => {
    const group = `g-${nanoid()}`;
    await (await signedIn(api.app, first)).post(ADMIT, {clientGroupID: group});
    const {token} = await createSession(sql, second, 'test');
    const res = await api.app.request(ADMIT, {
      method: 'POST',
      headers: {'content-type': 'application/json', authorization: `Bearer ${token}`},
      body: JSON.stringify({clientGroupID: group}),
    });
    expect(res.status).toBe(409);
  });

  test('without a session the socket is let in and nothing is recorded (its queries are refused: 401)', async () => {
    const group = `g-${nanoid()}`;
    expect((await browser(api.app).post(ADMIT, {clientGroupID: group})).status).toBe(204);
    expect(await ownerOf(group)).toBeUndefined();
  });

  test('a malformed request or another site is refused', async () => {
    const a = await signedIn(api.app, first);
    expect((await a.post(ADMIT, {clientGroupID: ''})).status).toBe(400);
    expect((await a.post(ADMIT, {clientGroupID: 'x'.repeat(201)})).status).toBe(400);
    const res = await api.app.request(ADMIT, {
      method: 'POST',
      headers: {'content-type': 'application/json', origin: 'https://evil.example'},
      body: JSON.stringify({clientGroupID: `g-${nanoid()}`}),
    });
    expect(res.status).toBe(403);
  });
});

test("a push naming another user's client group is refused before any mutator runs", async () => {
  const group = `g-${nanoid()}`;
  await (await signedIn(api.app, first)).post(ADMIT, {clientGroupID: group});
  const b = await signedIn(api.app, second);
  const push = {
    clientGroupID: group,
    mutations: [
      {
        type: 'custom',
        id: 1,
        clientID: 'c1',
        name: 'settings.update',
        args: [{largeFont: true}],
        timestamp: Date.now(),
      },
    ],
    pushVersion: 1,
    timestamp: Date.now(),
    requestID: 'r1',
  };
  expect(await b.post('/api/zero/mutate?schema=kesher_0&appID=kesher', push)).toMatchObject({
    status: 409,
    body: {error: 'clientGroupTaken'},
  });
});
