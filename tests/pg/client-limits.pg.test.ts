import type {AddressInfo} from 'node:net';
import {serve, type ServerType} from '@hono/node-server';
import {nanoid} from 'nanoid';
import {afterAll, afterEach, describe, expect, inject, test} from 'vitest';
import type {Limits} from '../../server/auth/rate-limit.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser, nationalPhone, randomMobile} from '../support/fixtures.ts';

/**
 * Limits keyed on who asks: the client address behind the reverse proxies TRUST_PROXY lists (over real
 * HTTP sockets, so the peer address is real), and duplicate lookups per signed-in user.
 */
const sql = connect(inject('databaseURL'));
const closers: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const close of closers) await close();
  await sql.end();
});
const savedTrustProxy = process.env.TRUST_PROXY;
afterEach(() => {
  if (savedTrustProxy === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = savedTrustProxy;
});

async function api(limits: Partial<Limits> & {scope?: string}) {
  const a = await startTestApi(sql, {limits});
  closers.push(a.close);
  return a;
}

/** The API on a real loopback socket: POSTs JSON with the given X-Forwarded-For. */
async function overHTTP(a: Awaited<ReturnType<typeof api>>) {
  const server = await new Promise<ServerType>(resolve => {
    const s = serve({fetch: a.app.fetch, port: 0, hostname: '127.0.0.1'}, () => resolve(s));
  });
  closers.push(() => void server.close());
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string, body: unknown, forwardedFor: string) => {
    const res = await fetch(base + path, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'x-forwarded-for': forwardedFor},
      body: JSON.stringify(body),
    });
    return res.status;
  };
}
const callMe = () => ({phone: nationalPhone(randomMobile()), codeType: 'hungup'});

describe('code requests per client address', () => {
  test('behind a trusted proxy each client is counted apart, and a forged X-Forwarded-For does not escape', async () => {
    process.env.TRUST_PROXY = '127.0.0.1';
    const post = await overHTTP(await api({codeRequestsPerIP: 2}));
    expect(await post('/api/users/call-me', callMe(), '203.0.113.1')).toBe(200);
    expect(await post('/api/users/call-me', callMe(), '203.0.113.1')).toBe(200);
    // Whatever the client writes left of the hop our proxy added is not read.
    expect(await post('/api/users/call-me', callMe(), '198.51.100.9, 203.0.113.1')).toBe(429);
    const phone = randomMobile();
    expect(await post('/api/users/call-me', {phone: nationalPhone(phone), codeType: 'hungup'}, '203.0.113.2')).toBe(200);
    const [event] = await sql`SELECT ip FROM auth_event WHERE target = ${phone}`;
    expect(event!.ip).toBe('203.0.113.2');
  });

  test('from a peer that is not a trusted proxy, X-Forwarded-For is ignored: the peer is counted', async () => {
    process.env.TRUST_PROXY = '10.0.0.0/8';
    const post = await overHTTP(await api({codeRequestsPerIP: 2}));
    expect(await post('/api/users/call-me', callMe(), '203.0.113.1')).toBe(200);
    expect(await post('/api/users/call-me', callMe(), '203.0.113.2')).toBe(200);
    expect(await post('/api/users/call-me', callMe(), '203.0.113.3')).toBe(429);
  });
});

describe('duplicate lookups per user', () => {
  const lookup = (a: Awaited<ReturnType<typeof api>>, cookie: string) =>
    a.app.request('/api/profiles/duplicates', {
      method: 'POST',
      headers: {'content-type': 'application/json', cookie},
      body: JSON.stringify({idNumber: null, phones: [], forename: 'אין', surname: 'כזה', birthDate: '1970-01-01'}),
    });
  async function signIn(a: Awaited<ReturnType<typeof api>>) {
    const user = await makeUser(sql, 'shadchan', ['editTickets']);
    const res = await a.app.request('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID: user.userID}),
    });
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  test('over the hourly limit → 429 tooManyRequests, for that user only, in every API process', async () => {
    const scope = `dups-${nanoid(8)}/`;
    const a = await api({scope, duplicateLookupsPerHour: 2});
    const [one, two] = [await signIn(a), await signIn(a)];
    expect((await lookup(a, one)).status).toBe(200);
    expect((await lookup(a, one)).status).toBe(200);
    const refused = await lookup(a, one);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({error: 'tooManyRequests'});
    expect((await lookup(a, two)).status).toBe(200);
    const b = await api({scope, duplicateLookupsPerHour: 2});
    expect((await lookup(b, one)).status).toBe(429);
  });
});
