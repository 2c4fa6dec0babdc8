import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {SESSION_COOKIE, hashToken} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {makeProfile, makeUser} from '../support/fixtures.ts';
import {zeroShardForTests} from '../support/zero-shard.ts';

/**
 * Session rules through the real API app and Postgres: the declaration gate (spec §5), the idle timeout
 * and what counts as the user's activity, and signing out everywhere.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;

let zeroParams: string;
beforeAll(async () => {
  api = await startTestApi(sql);
  zeroParams = await zeroShardForTests(sql, 'sessions_test');
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

type Browser = ReturnType<typeof browser>;

/** A browser signed in (development sign-in) as a new user; the declaration accepted today unless told. */
async function signedIn(declarationAcceptedOn?: string | null, role: 'shadchan' | 'admin' = 'shadchan') {
  const user = await makeUser(sql, role, [], {declarationAcceptedOn});
  const b = browser(api.app);
  expect((await b.post('/api/dev/sign-in', {userID: user.userID})).status).toBe(200);
  return {user, b, tokenHash: hashToken(b.jar.get(SESSION_COOKIE)!)};
}

const daysAgo = async (days: number) =>
  (await sql<{d: string}[]>`SELECT to_char(current_date - ${days}::int, 'YYYY-MM-DD') AS d`)[0]!.d;

/** zero-cache's /query call: the named queries to transform (none: its periodic auth revalidation). */
const transform = (b: Browser, queries: Array<{name: string; args: unknown}> = []) =>
  b.post('/api/zero/query' + zeroParams, [
    'transform',
    queries.map((q, i) => ({id: `q${i}-${nanoid(4)}`, name: q.name, args: [q.args]})),
  ]);

/** zero-cache's /mutate call with one custom mutation from a new client. */
const push = (b: Browser, name: string, args: unknown) =>
  b.post('/api/zero/mutate' + zeroParams, {
    clientGroupID: `cg-${nanoid(6)}`,
    mutations: [{type: 'custom', id: 1, clientID: `c-${nanoid(6)}`, name, args: [args], timestamp: Date.now()}],
    pushVersion: 1,
    timestamp: Date.now(),
    requestID: nanoid(),
  });

describe('the declaration (spec §5: must be ticked to enter)', () => {
  test('a due session may read who it is, but every other route and both Zero endpoints refuse it', async () => {
    const {user, b} = await signedIn(null);
    expect((await b.get('/api/session')).body).toMatchObject({user: {ID: user.userID}, declarationDue: true});
    const card = await makeProfile(sql, user.userID, 'general');

    const refused = {status: 403, body: {error: 'declarationDue'}};
    expect(await b.get('/api/users/admin-notifications')).toMatchObject(refused);
    expect(
      await b.post('/api/profiles/duplicates', {phones: [], forename: 'א', surname: 'ב', birthDate: '2000-01-01'}),
    ).toMatchObject(refused);
    expect(await b.post(`/api/profiles/${card}/print`, {})).toMatchObject(refused);
    expect(await b.get('/api/files/anything')).toMatchObject(refused);
    expect(await b.post('/api/session/activity', {})).toMatchObject(refused);
    expect(await transform(b, [{name: 'candidates.card', args: {id: card}}])).toMatchObject(refused);
    // zero-cache's periodic check of the connection is refused too (403 puts the client in needs-auth).
    expect(await transform(b)).toMatchObject(refused);
    expect(await push(b, 'settings.update', {largeFont: true})).toMatchObject(refused);
    expect(await sql`SELECT 1 FROM user_setting WHERE user_id = ${user.userID}`).toHaveLength(0);
    expect(await sql`SELECT 1 FROM access_log WHERE profile_id = ${card}`).toHaveLength(0);

    // Accepting it opens everything.
    const accepted = await b.post('/api/users/accept-declaration', {});
    expect(accepted.body.declarationAcceptedOn).toBe(await daysAgo(0));
    expect((await b.get('/api/session')).body).toMatchObject({user: {ID: user.userID}, declarationDue: false});
    expect((await b.get('/api/users/admin-notifications')).status).toBe(200);
    expect((await transform(b, [{name: 'candidates.card', args: {id: card}}])).status).toBe(200);
    expect((await push(b, 'settings.update', {largeFont: true})).status).toBe(200);
    expect(await sql`SELECT large_font FROM user_setting WHERE user_id = ${user.userID}`).toEqual([{large_font: true}]);
  });

  test('it is due again when last accepted more than a month ago', async () => {
    const recent = await signedIn(await daysAgo(20));
    expect((await recent.b.get('/api/session')).body.declarationDue).toBe(false);
    expect((await recent.b.get('/api/users/admin-notifications')).status).toBe(200);
    const old = await signedIn(await daysAgo(40));
    expect((await old.b.get('/api/session')).body.declarationDue).toBe(true);
    expect((await old.b.get('/api/users/admin-notifications')).status).toBe(403);
  });

  test('a due session may sign out', async () => {
    const {b, tokenHash} = await signedIn(null);
    expect((await b.post('/api/users/logout', {})).status).toBe(200);
    expect(await sql`SELECT revoked_at IS NOT NULL AS revoked FROM session WHERE token_hash = ${tokenHash}`).toEqual([
      {revoked: true},
    ]);
  });
});

describe('the idle timeout (SESSION_IDLE_MINUTES, 60 by default)', () => {
  const age = (tokenHash: string, minutes: number) =>
    sql`UPDATE session SET last_active_at = now() - ${minutes}::int * interval '1 minute' WHERE token_hash = ${tokenHash}`;
  const lastActiveMinutesAgo = async (tokenHash: string) =>
    (
      await sql<{minutes: number}[]>`
        SELECT (extract(epoch FROM now() - last_active_at) / 60)::float8 AS minutes FROM session WHERE token_hash = ${tokenHash}`
    )[0]!.minutes;

  test('a session unused for longer is dead: REST and zero-cache’s revalidation are refused', async () => {
    const {b, tokenHash} = await signedIn();
    await age(tokenHash, 59);
    expect((await b.get('/api/session')).body.user).not.toBeNull();
    expect((await transform(b)).status).toBe(200);
    await age(tokenHash, 61);
    expect((await b.get('/api/session')).body.user).toBeNull();
    expect((await transform(b)).status).toBe(401);
    expect((await b.get('/api/users/admin-notifications')).status).toBe(401);
  });

  test('SESSION_IDLE_MINUTES sets the limit', async () => {
    const {b, tokenHash} = await signedIn();
    await age(tokenHash, 6);
    expect((await b.get('/api/session')).body.user).not.toBeNull();
    process.env.SESSION_IDLE_MINUTES = '5';
    try {
      expect((await b.get('/api/session')).body.user).toBeNull();
    } finally {
      delete process.env.SESSION_IDLE_MINUTES;
    }
  });

  test('the user’s own requests keep it alive; zero-cache’s own calls and page polls do not', async () => {
    const {user, b, tokenHash} = await signedIn();
    const card = await makeProfile(sql, user.userID, 'general');
    const stays = async (what: () => Promise<unknown>) => {
      await age(tokenHash, 30);
      await what();
      return lastActiveMinutesAgo(tokenHash);
    };

    // Not the user: reading the session, the empty revalidation, a re-transform of queries already asked
    // for, a presence beat.
    expect(await stays(() => b.get('/api/session'))).toBeGreaterThan(29);
    expect(await stays(() => transform(b))).toBeGreaterThan(29);
    const list = {name: 'candidates.list', args: {filters: {}, limit: 50}};
    expect(await stays(() => transform(b, [list]))).toBeLessThan(1); // asked for the first time
    expect(await stays(() => transform(b, [list]))).toBeGreaterThan(29); // zero-cache asking again
    const beat = await stays(() => push(b, 'presence.beat', {profileID: card, mode: 'view'}));
    expect(beat).toBeGreaterThan(29);
    expect(await sql`SELECT 1 FROM card_presence WHERE user_id = ${user.userID}`).toHaveLength(1); // it did run

    // The user: a new query, a mutation, a REST call, the page's input ping.
    expect(await stays(() => transform(b, [list, {name: 'candidates.card', args: {id: card}}]))).toBeLessThan(1);
    expect(await stays(() => push(b, 'settings.update', {largeFont: true}))).toBeLessThan(1);
    expect(await stays(() => b.get('/api/users/admin-notifications'))).toBeLessThan(1);
    expect(await stays(async () => expect((await b.post('/api/session/activity', {})).status).toBe(200))).toBeLessThan(1);
  });

  test('the activity time is written at most once a minute', async () => {
    const {b, tokenHash} = await signedIn();
    const written = async () =>
      (await sql<{at: Date}[]>`SELECT last_active_at AS at FROM session WHERE token_hash = ${tokenHash}`)[0]!.at.getTime();
    const first = await written();
    await b.post('/api/session/activity', {});
    expect(await written()).toBe(first); // signed in a moment ago
  });
});

describe('sign out everywhere', () => {
  test('ends every session of the user (their other browsers stop syncing) and no one else’s', async () => {
    const here = await signedIn();
    const there = browser(api.app);
    await there.post('/api/dev/sign-in', {userID: here.user.userID});
    const someoneElse = await signedIn();

    expect(await here.b.post('/api/users/logout-everywhere', {})).toMatchObject({status: 200, body: 'ok'});
    expect(here.b.jar.has(SESSION_COOKIE)).toBe(false);
    expect((await there.get('/api/session')).body.user).toBeNull();
    // zero-cache's next revalidation of the other browser's connection gets 401 and ends its sync.
    expect((await transform(there)).status).toBe(401);
    expect((await push(there, 'settings.update', {largeFont: true})).status).toBe(401);
    expect((await someoneElse.b.get('/api/session')).body.user).toMatchObject({ID: someoneElse.user.userID});
    expect((await transform(someoneElse.b)).status).toBe(200);

    const [event] = await sql`SELECT kind, result FROM auth_event WHERE user_id = ${here.user.userID} ORDER BY id DESC LIMIT 1`;
    expect(event).toEqual({kind: 'logout-everywhere', result: 'signed-out: 2'});
    expect((await browser(api.app).post('/api/users/logout-everywhere', {})).status).toBe(401);
  });

  test('a blocked user’s connections are refused at the next revalidation', async () => {
    const {user, b} = await signedIn();
    expect((await transform(b)).status).toBe(200);
    await sql`UPDATE app_user SET role = 'blocked' WHERE id = ${user.userID}`;
    expect((await transform(b)).status).toBe(401);
  });
});
