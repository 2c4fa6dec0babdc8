import {createServer, type AddressInfo} from 'node:net';
import {afterAll, beforeAll, beforeEach, describe, expect, inject, test} from 'vitest';
import {Events, type MutableResponse} from 'oauth2-mock-server';
import {connect} from '../../server/db/sql.ts';
import {SESSION_COOKIE, hashToken} from '../../server/auth/session.ts';
import {ATTEMPT_COOKIE} from '../../server/auth/finish-sign-in.ts';
import {decodeGoogleState, encodeGoogleState, googleRedirectUri} from '../../app/auth/google-state.ts';
import {makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {startGoogleProvider} from '../support/google-provider.ts';

/**
 * Google sign-in (spec §4, §7) through the real API app and Postgres, against a real local OpenID
 * Connect provider: the test plays the browser, following the authorization URL to the provider and
 * bringing its code back exactly as /login?google-cb would.
 */
const sql = connect(inject('databaseURL'));
let google: Awaited<ReturnType<typeof startGoogleProvider>>;
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => {
  google = await startGoogleProvider();
  api = await startTestApi(sql, {google: google.options});
});
afterAll(async () => {
  await api.close();
  await google.close();
  await sql.end();
});
beforeEach(() => {
  google.setIdentity({});
  google.tokenRequests.length = 0;
});

const PASSWORD = 'correct horse battery';
const REDIRECT = googleRedirectUri('https://kesher.test');
let serial = 0;

/** A fresh shadchan whose Google account has the same email (written in another case). */
async function account(extra: {approved?: boolean; role?: 'shadchan' | 'blocked'; declarationAcceptedOn?: string | null} = {}) {
  const email = `Google${Date.now() % 1_000_000}x${++serial}@Kesher.test`;
  const user = await makeUser(sql, extra.role ?? 'shadchan', [], {
    email,
    password: PASSWORD,
    approved: extra.approved,
    declarationAcceptedOn: extra.declarationAcceptedOn,
  });
  google.setIdentity({email: email.toLowerCase(), email_verified: true});
  return user;
}

type Browser = ReturnType<typeof browser>;

/** get-google-login, then what the browser does: add redirect_uri and state, go to the provider, come back. */
async function toProviderAndBack(b: Browser) {
  const start = await b.post('/api/users/get-google-login', null, {raw: ''});
  expect(start.status).toBe(200);
  const {codeState, url} = start.body as {codeState: string; url: string};
  const authorize = new URL(url);
  authorize.searchParams.set('redirect_uri', REDIRECT);
  authorize.searchParams.set('state', encodeGoogleState({codeState, navigateTo: '/dashboard'}));
  const res = await fetch(authorize, {redirect: 'manual'});
  const back = new URL(res.headers.get('location')!);
  return {
    codeState,
    authorization: new URL(url),
    back,
    code: back.searchParams.get('code')!,
    state: decodeGoogleState(back.searchParams.get('state')),
  };
}

/** The whole trip up to and including google-login-callback. */
async function googleCallback(b: Browser) {
  const trip = await toProviderAndBack(b);
  const callback = await b.post('/api/users/google-login-callback', {
    code: trip.code,
    codeState: trip.codeState,
    googleRedirectUri: REDIRECT,
  });
  return {...trip, callback};
}

describe('signing in with Google', () => {
  test('authorization URL, provider round trip, callback, then the password signs in', async () => {
    const user = await account({declarationAcceptedOn: null});
    const b = browser(api.app);
    const {codeState, authorization, back, state, callback} = await googleCallback(b);

    expect(Object.fromEntries(authorization.searchParams)).toEqual({
      client_id: google.options.clientID,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${google.options.issuer}/authorize`);
    expect(back.href.startsWith(REDIRECT)).toBe(true);
    expect(state).toEqual({codeState, navigateTo: '/dashboard'});
    expect(callback).toMatchObject({status: 200, body: 'ok'});
    expect(google.tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      redirect_uri: REDIRECT,
      code_verifier: expect.any(String),
    });

    const res = await b.post('/api/users/verify-google', {verifyCode: codeState, password: PASSWORD});
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ID: user.userID,
      Name: expect.any(String),
      Gender: 'male',
      role: 'shadchan',
      permissions: expect.arrayContaining(['showTickets']),
      declarationAcceptedOn: null,
      declarationDue: true,
      agreementDue: false,
    });
    expect(b.jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(b.jar.has(ATTEMPT_COOKIE)).toBe(false);
    expect((await b.get('/api/session')).body).toMatchObject({user: {ID: user.userID}, declarationDue: true, googleLogin: true});
    const log = await sql`SELECT kind, result FROM auth_event WHERE user_id = ${user.userID} ORDER BY id`;
    expect(log.map(r => `${r.kind}:${r.result}`)).toEqual(['google-callback:ok', 'verify-google:signed-in']);
  });

  test('a wrong password fails like a wrong code, and gives no session', async () => {
    await account();
    const b = browser(api.app);
    const {codeState} = await googleCallback(b);
    expect(await b.post('/api/users/verify-google', {verifyCode: codeState, password: 'wrong'})).toMatchObject({
      status: 401,
      body: {error: 'wrongCredentials'},
    });
    expect(await b.post('/api/users/verify-google', {verifyCode: 'not-the-code-state', password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'wrongCredentials'},
    });
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
  });

  test('blocked and pending accounts are refused after the password, with no session', async () => {
    for (const [extra, error] of [
      [{role: 'blocked'}, 'accountBlocked'],
      [{approved: false}, 'accountPending'],
    ] as const) {
      await account(extra);
      const b = browser(api.app);
      const {codeState} = await googleCallback(b);
      expect(await b.post('/api/users/verify-google', {verifyCode: codeState, password: PASSWORD})).toMatchObject({
        status: 403,
        body: {error},
      });
      expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    }
  });

  test('an unknown email gets the same ok at the callback, but can never verify', async () => {
    google.setIdentity({email: 'nobody-here@kesher.test', email_verified: true});
    const b = browser(api.app);
    const {codeState, callback} = await googleCallback(b);
    expect(callback).toMatchObject({status: 200, body: 'ok'});
    expect(b.jar.get(ATTEMPT_COOKIE)).toBeTruthy();
    expect(await b.post('/api/users/verify-google', {verifyCode: codeState, password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'wrongCredentials'},
    });
    const log = await sql`SELECT kind, result FROM auth_event WHERE target = 'nobody-here@kesher.test' ORDER BY id DESC LIMIT 2`;
    expect(log.map(r => `${r.kind}:${r.result}`)).toEqual(['verify-google:wrong', 'google-callback:unknown-email']);
  });

  test('a Google attempt answers only verify-google', async () => {
    await account();
    const b = browser(api.app);
    const {codeState} = await googleCallback(b);
    expect(await b.post('/api/users/verify-number', {verifyCode: codeState, password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });
});

describe('a codeState is single-use and short-lived', () => {
  test('it is stored only as a hash, with its verifier and nonce', async () => {
    const {codeState, authorization} = await toProviderAndBack(browser(api.app));
    const [row] = await sql`SELECT * FROM google_login WHERE state_hash = ${hashToken(codeState)}`;
    expect(row).toMatchObject({nonce: authorization.searchParams.get('nonce'), used_at: null});
    expect(JSON.stringify(row)).not.toContain(codeState);
  });

  test('a second callback with the same codeState fails', async () => {
    await account();
    const b = browser(api.app);
    const {code, codeState, callback} = await googleCallback(b);
    expect(callback.status).toBe(200);
    expect(await b.post('/api/users/google-login-callback', {code, codeState, googleRedirectUri: REDIRECT})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });

  test('a verified Google sign-in cannot be replayed', async () => {
    await account();
    const b = browser(api.app);
    const {codeState} = await googleCallback(b);
    const attempt = b.jar.get(ATTEMPT_COOKIE)!;
    expect((await b.post('/api/users/verify-google', {verifyCode: codeState, password: PASSWORD})).status).toBe(200);
    b.jar.set(ATTEMPT_COOKIE, attempt);
    expect(await b.post('/api/users/verify-google', {verifyCode: codeState, password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });

  test('an expired codeState fails at the callback', async () => {
    await account();
    const b = browser(api.app);
    const {code, codeState} = await toProviderAndBack(b);
    await sql`UPDATE google_login SET expires_at = now() - interval '1 second' WHERE state_hash = ${hashToken(codeState)}`;
    expect(await b.post('/api/users/google-login-callback', {code, codeState, googleRedirectUri: REDIRECT})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });

  test('a Google attempt left unverified for too long expires', async () => {
    const user = await account();
    const b = browser(api.app);
    const {codeState} = await googleCallback(b);
    await sql`UPDATE login_code SET expires_at = now() - interval '1 second' WHERE user_id = ${user.userID}`;
    expect(await b.post('/api/users/verify-google', {verifyCode: codeState, password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });
});

describe('what Google sends back is checked', () => {
  test.each([
    ['another audience', {aud: 'someone-else'}],
    ['another issuer', {iss: 'https://accounts.example.com'}],
    ['another nonce', {nonce: 'replayed-nonce'}],
    ['an expired ID token', {exp: Math.floor(Date.now() / 1000) - 3600}],
    ['an unverified email', {email_verified: false}],
    ['no email', {email: undefined}],
  ])('%s → googleLoginFailed', async (_, spoil) => {
    google.setIdentity({email: `spoilt${++serial}@kesher.test`, email_verified: true, ...spoil});
    const b = browser(api.app);
    const {callback} = await googleCallback(b);
    expect(callback).toMatchObject({status: 401, body: {error: 'googleLoginFailed'}});
    expect(b.jar.has(ATTEMPT_COOKIE)).toBe(false);
  });

  test('an ID token whose claims were changed after signing is refused (signature checked against the JWKS)', async () => {
    const user = await account();
    google.setIdentity({email: 'attacker@kesher.test', email_verified: true});
    const victim = (await sql<{email: string}[]>`SELECT email FROM app_user WHERE id = ${user.userID}`)[0]!.email;
    google.server.service.once(Events.BeforeResponse, (response: MutableResponse) => {
      if (typeof response.body !== 'object' || typeof response.body.id_token !== 'string') return;
      const [header, payload, signature] = response.body.id_token.split('.');
      const claims = {...JSON.parse(Buffer.from(payload!, 'base64url').toString()), email: victim.toLowerCase()};
      response.body.id_token = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    });
    expect((await googleCallback(browser(api.app))).callback).toMatchObject({status: 401, body: {error: 'googleLoginFailed'}});
  });

  test('a code brought back to another address than the one it was issued for is refused by the provider', async () => {
    await account();
    const b = browser(api.app);
    const {code, codeState} = await toProviderAndBack(b);
    const elsewhere = googleRedirectUri('https://evil.example');
    expect(await b.post('/api/users/google-login-callback', {code, codeState, googleRedirectUri: elsewhere})).toMatchObject({
      status: 401,
      body: {error: 'googleLoginFailed'},
    });
  });
});

describe('bad input', () => {
  test.each([
    [{}, 'code'],
    [{code: 'c', googleRedirectUri: REDIRECT}, 'codeState'],
    [{code: 'c', codeState: 42, googleRedirectUri: REDIRECT}, 'codeState'],
    [{code: 'c', codeState: 'has spaces', googleRedirectUri: REDIRECT}, 'codeState'],
    [{code: 'c', codeState: 's'}, 'googleRedirectUri'],
    [{code: 'c', codeState: 's', googleRedirectUri: 'not a url'}, 'googleRedirectUri'],
    [{code: 'c', codeState: 's', googleRedirectUri: 'https://kesher.test/elsewhere'}, 'googleRedirectUri'],
    [{code: 'c', codeState: 's', googleRedirectUri: 'javascript:alert(1)//login?google-cb'}, 'googleRedirectUri'],
  ])('google-login-callback %j → 400 naming %s', async (body, field) => {
    const res = await browser(api.app).post('/api/users/google-login-callback', body);
    expect(res).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect((res.body as {issues: Array<{field: string}>}).issues.map(i => i.field)).toContain(field);
  });

  test('malformed bodies get 400 with a message, never a stack trace', async () => {
    for (const path of ['/api/users/google-login-callback', '/api/users/verify-google']) {
      const res = await browser(api.app).post(path, null, {raw: '{"code":'});
      expect(res).toMatchObject({status: 400, body: {error: 'invalidInput', message: expect.any(String)}});
      expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts/);
    }
    expect(await browser(api.app).post('/api/users/verify-google', {verifyCode: '', password: 'x'})).toMatchObject({
      status: 400,
      body: {error: 'invalidInput'},
    });
  });
});

describe('when Google sign-in is not configured', () => {
  test('the Google calls answer 404 googleDisabled and the session says so', async () => {
    const plain = await startTestApi(sql);
    try {
      const b = browser(plain.app);
      for (const path of ['/api/users/get-google-login', '/api/users/google-login-callback', '/api/users/verify-google']) {
        expect(await b.post(path, {})).toMatchObject({status: 404, body: {error: 'googleDisabled'}});
      }
      expect((await b.get('/api/session')).body).toMatchObject({googleLogin: false});
    } finally {
      await plain.close();
    }
  });

  test('an unreachable provider is a clear 502, not a crash', async () => {
    const down = await startTestApi(sql, {google: {...google.options, issuer: `http://127.0.0.1:${await closedPort()}`}});
    try {
      expect(await browser(down.app).post('/api/users/get-google-login', null, {raw: ''})).toMatchObject({
        status: 502,
        body: {error: 'googleLoginFailed'},
      });
    } finally {
      await down.close();
    }
  });
});

/** A local port nothing listens on (one the system just handed out and took back). */
async function closedPort() {
  const server = createServer();
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  const {port} = server.address() as AddressInfo;
  await new Promise<void>(resolve => server.close(() => resolve()));
  return port;
}

describe('rate limit', () => {
  test('each callback opens a password attempt, so callbacks per account are limited', async () => {
    const limited = await startTestApi(sql, {google: google.options, limits: {codeRequestsPerTarget: 2}});
    try {
      await account();
      const b = browser(limited.app);
      const trip = async () => {
        const start = await b.post('/api/users/get-google-login', null, {raw: ''});
        const {codeState, url} = start.body as {codeState: string; url: string};
        const authorize = new URL(url);
        authorize.searchParams.set('redirect_uri', REDIRECT);
        authorize.searchParams.set('state', encodeGoogleState({codeState, navigateTo: '/'}));
        const back = new URL((await fetch(authorize, {redirect: 'manual'})).headers.get('location')!);
        return b.post('/api/users/google-login-callback', {
          code: back.searchParams.get('code'),
          codeState,
          googleRedirectUri: REDIRECT,
        });
      };
      expect((await trip()).body).toBe('ok');
      expect((await trip()).body).toBe('ok');
      expect(await trip()).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
    } finally {
      await limited.close();
    }
  });
});
