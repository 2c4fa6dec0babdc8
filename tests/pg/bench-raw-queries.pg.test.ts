import {afterAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';

/**
 * The bench's raw floor reads every card for anyone signed in: the query endpoint knows its names only
 * when the API was started for the bench, and never in production.
 */
const sql = connect(inject('databaseURL'));
const apis: Array<Awaited<ReturnType<typeof startTestApi>>> = [];
afterAll(async () => {
  for (const api of apis) await api.close();
  await sql.end();
});

async function transformRawList(options: Parameters<typeof startTestApi>[1]) {
  const api = await startTestApi(sql, {devSignIn: true, ...options});
  apis.push(api);
  const user = await makeUser(sql, 'shadchan');
  const signIn = await api.app.request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID: user.userID}),
  });
  const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
  const res = await api.app.request('/api/zero/query?schema=kesher_0&appID=kesher', {
    method: 'POST',
    headers: {cookie, 'content-type': 'application/json'},
    body: JSON.stringify(['transform', [{id: 'q1', name: 'bench.rawList', args: [{filters: {}, limit: 10}]}]]),
  });
  return JSON.stringify(await res.json());
}

describe('the bench raw queries', () => {
  test('are unknown to a normal API', async () => {
    const body = await transformRawList({});
    expect(body).not.toContain('"table":"profile"');
    expect(body).toMatch(/error/i);
  });

  test('are unknown in production even when asked for', async () => {
    const body = await transformRawList({benchQueries: true, production: true});
    expect(body).not.toContain('"table":"profile"');
  });

  test('serve the unfiltered list to an API started for the bench', async () => {
    const body = await transformRawList({benchQueries: true});
    expect(body).toContain('"table":"profile"');
    expect(body).not.toContain('"general"'); // no visibility condition
  });
});
