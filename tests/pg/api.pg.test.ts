import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {hashToken} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';
import type {AuthContext} from '../../permissions/context.ts';

const sql = connect(inject('databaseURL'));
let development: Awaited<ReturnType<typeof startTestApi>>;
let production: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  development = await startTestApi(sql);
  production = await startTestApi(sql, {devSignIn: false});
});
afterAll(async () => {
  await development.close();
  await production.close();
  await sql.end();
});

const api = (devSignIn = true) => (devSignIn ? development : production).app;
const zeroParams = '?schema=kesher_0&appID=kesher';

async function signIn(userID: string) {
  const res = await api().request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID}),
  });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get('set-cookie')!;
  return {setCookie, cookie: setCookie.split(';')[0]!, token: setCookie.split(';')[0]!.split('=')[1]!};
}

let shadchan: AuthContext;
beforeAll(async () => {
  shadchan = await makeUser(sql, 'shadchan', ['editTickets']);
});

describe('sessions', () => {
  test('sign-in sets an HttpOnly, SameSite=Lax cookie and stores only the token’s hash', async () => {
    const {setCookie, token} = await signIn(shadchan.userID);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    const rows = await sql`SELECT token_hash FROM session WHERE user_id = ${shadchan.userID}`;
    expect(rows.map(r => r.token_hash)).toContain(hashToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  test('the session endpoint names the signed-in user, with permissions built on the server', async () => {
    const {cookie} = await signIn(shadchan.userID);
    const body = await (await api().request('/api/session', {headers: {cookie}})).json();
    expect(body.user).toMatchObject({ID: shadchan.userID, Gender: 'male', role: 'shadchan'});
    expect(body.user.permissions).toEqual(expect.arrayContaining(['showTickets', 'editTickets']));
    const anonymous = await (await api().request('/api/session')).json();
    expect(anonymous.user).toBeNull();
  });

  test('logout revokes the session, and an expired session is refused', async () => {
    const first = await signIn(shadchan.userID);
    await api().request('/api/users/logout', {method: 'POST', headers: {cookie: first.cookie}});
    expect((await (await api().request('/api/session', {headers: {cookie: first.cookie}})).json()).user).toBeNull();
    const [logged] = await sql`SELECT kind, result FROM auth_event WHERE user_id = ${shadchan.userID} ORDER BY id DESC LIMIT 1`;
    expect(logged).toEqual({kind: 'logout', result: 'signed-out'});

    const second = await signIn(shadchan.userID);
    await sql`UPDATE session SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(second.token)}`;
    expect((await (await api().request('/api/session', {headers: {cookie: second.cookie}})).json()).user).toBeNull();
  });

  test('a blocked user’s session stops working at once', async () => {
    const user = await makeUser(sql, 'shadchan');
    const {cookie} = await signIn(user.userID);
    await sql`UPDATE app_user SET role = 'blocked' WHERE id = ${user.userID}`;
    expect((await (await api().request('/api/session', {headers: {cookie}})).json()).user).toBeNull();
  });

  test('development sign-in does not exist when disabled (production)', async () => {
    const res = await api(false).request('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID: shadchan.userID}),
    });
    expect(res.status).toBe(404);
    expect((await api(false).request('/api/dev/users')).status).toBe(404);
  });
});

describe('Zero endpoints', () => {
  test.each(['/api/zero/query', '/api/zero/mutate'])('%s answers 401 without a valid session', async path => {
    const json = {'content-type': 'application/json'};
    expect((await api().request(path + zeroParams, {method: 'POST', body: '{}', headers: json})).status).toBe(401);
    const forged = {...json, cookie: 'kesher_session=forged-token'};
    expect((await api().request(path + zeroParams, {method: 'POST', body: '{}', headers: forged})).status).toBe(401);
  });

  test('the query endpoint transforms named queries with the server-built context', async () => {
    const {cookie} = await signIn(shadchan.userID);
    const res = await api().request('/api/zero/query' + zeroParams, {
      method: 'POST',
      headers: {cookie, 'content-type': 'application/json'},
      body: JSON.stringify(['transform', [{id: 'q1', name: 'candidates.list', args: [{filters: {}, limit: 10}]}]]),
    });
    expect(res.status).toBe(200);
    const body = JSON.stringify(await res.json());
    // The personal-database filter is part of the AST the server hands back to zero-cache.
    expect(body).toContain(shadchan.userID);
    expect(body).toContain('"general"');
  });
});
