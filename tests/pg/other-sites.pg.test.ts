import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {ZERO_MAX_BODY_BYTES} from '../../server/api.ts';
import {LOOPBACK_CLIENT, TEST_APP_ORIGIN, startTestApi} from '../support/api.ts';

/**
 * Requests from other sites (CSRF), security headers, body limits and the development routes' reach,
 * through the real API app.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let production: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  api = await startTestApi(sql);
  production = await startTestApi(sql, {production: true, devSignIn: false});
});
afterAll(async () => {
  await api.close();
  await production.close();
  await sql.end();
});

const JSON_TYPE = {'content-type': 'application/json'};
// 052: the large sheets' mobiles are 058 (server/bench/import-sheet.ts), and must stay nobody else's.
const phone = () => `052${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const codesFor = async (target: string) =>
  (await sql`SELECT count(*)::int AS n FROM login_code WHERE target = ${target}`)[0]!.n as number;
const e164 = (local: string) => `+972${local.slice(1)}`;

async function callMe(headers: Record<string, string>, body?: string) {
  const number = phone();
  const res = await api.app.request('/api/users/call-me', {
    method: 'POST',
    headers,
    body: body ?? JSON.stringify({phone: number, codeType: 'hungup'}),
  });
  return {res, sent: await codesFor(e164(number))};
}

describe('requests from other sites', () => {
  test('the app itself (its own origin or its public one) may write; nothing else may', async () => {
    for (const origin of ['http://localhost', TEST_APP_ORIGIN]) {
      const {res, sent} = await callMe({...JSON_TYPE, origin, 'sec-fetch-site': 'same-origin'});
      expect(res.status, origin).toBe(200);
      expect(sent).toBe(1);
    }
    for (const origin of ['https://evil.example', 'http://localhost:9999', 'null']) {
      const {res, sent} = await callMe({...JSON_TYPE, origin});
      expect(res.status, origin).toBe(403);
      expect(await res.json()).toMatchObject({error: 'crossOrigin'});
      expect(sent).toBe(0);
    }
  });

  test('a browser that says the request is cross-site or same-site (another subdomain) is refused', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const {res, sent} = await callMe({...JSON_TYPE, 'sec-fetch-site': site});
      expect(res.status, site).toBe(403);
      expect(sent).toBe(0);
    }
  });

  test('bodies a cross-site form could send without asking are refused before any route runs', async () => {
    const body = JSON.stringify({phone: phone(), codeType: 'hungup'});
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const res = await api.app.request('/api/users/call-me', {
        method: 'POST',
        headers: {'content-type': type, 'content-length': String(body.length)},
        body,
      });
      expect(res.status, type).toBe(415);
      expect(await res.json()).toMatchObject({error: 'unsupportedMediaType'});
    }
    // A body without any content type is not JSON either.
    const bare = await api.app.request('/api/users/call-me', {method: 'POST', headers: {'content-length': '2'}, body: '{}'});
    expect(bare.status).toBe(415);
  });

  test('the Zero endpoints check the Origin zero-cache forwards from the browser', async () => {
    const res = await api.app.request('/api/zero/mutate?schema=kesher_0&appID=kesher', {
      method: 'POST',
      headers: {...JSON_TYPE, origin: 'https://evil.example', cookie: 'kesher_session=whatever'},
      body: '{}',
    });
    expect(res.status).toBe(403);
    const ours = await api.app.request('/api/zero/mutate?schema=kesher_0&appID=kesher', {
      method: 'POST',
      headers: {...JSON_TYPE, origin: TEST_APP_ORIGIN},
      body: '{}',
    });
    expect(ours.status).toBe(401); // on to the session check
  });

  test('uploads are the one place multipart is expected', async () => {
    const form = new FormData();
    form.set('kind', 'document');
    form.set('file', new File(['%PDF-1.4'], 'a.pdf'));
    const res = await api.app.request('/api/profiles/some-card/files', {method: 'POST', body: form});
    expect(res.status).toBe(401); // past the content-type check, on to the session check
  });

  test("Zero's endpoints refuse bodies over their limit", async () => {
    const res = await api.app.request('/api/zero/mutate?schema=kesher_0&appID=kesher', {
      method: 'POST',
      headers: {...JSON_TYPE, 'content-length': String(ZERO_MAX_BODY_BYTES + 1)},
      body: 'x'.repeat(ZERO_MAX_BODY_BYTES + 1),
    });
    expect(res.status).toBe(413);
  });
});

describe('security headers', () => {
  test('every answer: no sniffing, no referrer beyond our pages, never framed, data is no document', async () => {
    const res = await api.app.request('/api/session');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  test('production adds HSTS', async () => {
    const res = await production.app.request('/api/session');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8}; includeSubDomains$/);
  });
});

describe('development routes', () => {
  const signIn = (env: object, host = 'localhost') => api.app.request(`http://${host}/api/dev/users`, {headers: JSON_TYPE}, env);

  test('answer a loopback client that addressed us by a loopback name', async () => {
    expect((await signIn(LOOPBACK_CLIENT)).status).toBe(200);
    expect((await signIn({incoming: {socket: {remoteAddress: '::1'}}}, '[::1]:5173')).status).toBe(200);
  });

  test('do not exist for anyone else: another address, or a page that rebound its DNS name to us', async () => {
    expect((await signIn({incoming: {socket: {remoteAddress: '192.168.1.20'}}})).status).toBe(404);
    expect((await signIn({})).status).toBe(404);
    expect((await signIn(LOOPBACK_CLIENT, 'evil.example:5173')).status).toBe(404);
    const res = await api.app.request(
      'http://localhost/api/dev/sign-in',
      {method: 'POST', headers: {...JSON_TYPE, 'x-forwarded-for': '127.0.0.1'}, body: '{"userID":"demo-admin"}'},
      {incoming: {socket: {remoteAddress: '10.0.0.7'}}},
    );
    expect(res.status).toBe(404);
  });

  test('do not exist outside development', async () => {
    expect((await production.app.request('/api/dev/users')).status).toBe(404);
  });
});
