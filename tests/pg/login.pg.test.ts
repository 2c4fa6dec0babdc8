import {afterAll, beforeAll, beforeEach, describe, expect, inject, test, vi} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {SESSION_COOKIE, hashToken} from '../../server/auth/session.ts';
import {ATTEMPT_COOKIE} from '../../server/auth/login-routes.ts';
import {makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';
import {browser as cookieBrowser} from '../support/browser.ts';

/**
 * The sign-in calls of spec §7 through the real API app, real Postgres, and the real delivery adapters
 * talking to a local phone-provider stand-in and an in-process SMTP server.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
beforeAll(async () => (api = await startTestApi(sql)));
afterAll(async () => {
  await api.close();
  await sql.end();
});
beforeEach(() => {
  api.provider.requests.length = 0;
  api.provider.fail(undefined);
});

const PASSWORD = 'correct horse battery';
let serial = 0;
/** A fresh approved shadchan with a unique Israeli mobile and email. */
async function account(extra: {approved?: boolean; role?: 'shadchan' | 'blocked'; declarationAcceptedOn?: string | null} = {}) {
  serial++;
  const local = String(Date.now() % 1_000_000).padStart(6, '0') + String(serial % 10);
  const phone = `+97252${local}`;
  const email = `user${local}@kesher.test`;
  const user = await makeUser(sql, extra.role ?? 'shadchan', [], {
    phone,
    email,
    password: PASSWORD,
    approved: extra.approved,
    declarationAcceptedOn: extra.declarationAcceptedOn,
  });
  return {...user, phone, national: `052-${local.slice(0, 3)}${local.slice(3)}`, email};
}

const browser = (app = api.app) => cookieBrowser(app);

const lastRingCode = async () => {
  await api.delivered();
  return api.provider.requests.at(-1)!.body.from!.slice(-6);
};

describe('phone sign-in (hung-up call and WhatsApp)', () => {
  test('hung-up call: the provider rings from a pool number; its last six digits and the password sign in', async () => {
    const user = await account();
    const b = browser();
    expect(await b.post('/api/users/call-me', {phone: user.national, codeType: 'hungup'})).toMatchObject({
      status: 200,
      body: 'ok',
    });
    await api.delivered();
    const request = api.provider.requests.at(-1)!;
    expect(request).toMatchObject({path: '/v1/call', authorization: 'Bearer provider-token', body: {to: user.phone}});
    expect(request.body.from).toMatch(/^\+9723555\d{4}$/);

    const res = await b.post('/api/users/verify-number', {verifyCode: await lastRingCode(), password: PASSWORD});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ID: user.userID,
      Name: expect.any(String),
      Gender: 'male',
      permissions: expect.arrayContaining(['showTickets']),
    });
    expect(b.jar.get(SESSION_COOKIE)).toBeTruthy();
    expect(b.jar.has(ATTEMPT_COOKIE)).toBe(false);
    const log = await sql`SELECT kind, result FROM auth_event WHERE user_id = ${user.userID} ORDER BY id`;
    expect(log.map(r => `${r.kind}:${r.result}`)).toEqual(['code-request:hungup: sent', 'verify-number:signed-in']);
  });

  test('WhatsApp: the provider sends a six-digit code', async () => {
    const user = await account();
    const b = browser();
    await b.post('/api/users/call-me', {phone: user.phone, codeType: 'whatsapp'});
    await api.delivered();
    const {path, body} = api.provider.requests.at(-1)!;
    expect(path).toBe('/v1/whatsapp');
    expect(body.code).toMatch(/^\d{6}$/);
    expect((await b.post('/api/users/verify-number', {verifyCode: body.code, password: PASSWORD})).status).toBe(200);
  });

  test('an unknown phone gets the same answer, nothing is sent, and verifying fails like a wrong code', async () => {
    const b = browser();
    expect(await b.post('/api/users/call-me', {phone: '052-9999999', codeType: 'hungup'})).toMatchObject({
      status: 200,
      body: 'ok',
    });
    await api.delivered();
    expect(api.provider.requests).toEqual([]);
    expect(b.jar.get(ATTEMPT_COOKIE)).toBeTruthy();
    const res = await b.post('/api/users/verify-number', {verifyCode: '123456', password: PASSWORD});
    expect(res).toMatchObject({status: 401, body: {error: 'wrongCredentials'}});
  });

  test('a provider failure does not change the answer (no enumeration) but lands in the users log', async () => {
    const user = await account();
    api.provider.fail(503);
    const res = await browser().post('/api/users/call-me', {phone: user.phone, codeType: 'whatsapp'});
    expect(res).toMatchObject({status: 200, body: 'ok'});
    await api.delivered();
    await vi.waitFor(async () => {
      const [event] = await sql`SELECT result FROM auth_event WHERE user_id = ${user.userID} AND kind = 'code-request'`;
      expect(event?.result).toBe('whatsapp: delivery-failed');
    });
  });
});

describe('email sign-in', () => {
  test('the code arrives by SMTP and signs in; it does not work on the phone path', async () => {
    const user = await account();
    const b = browser();
    expect(await b.post('/api/users/get-code-to-email', {email: user.email.toUpperCase()})).toMatchObject({
      status: 200,
      body: 'ok',
    });
    await api.delivered();
    const mail = api.smtp.mails.at(-1)!;
    expect(mail.to).toEqual([user.email]);
    const code = mail.text.match(/(\d{6})/)![1]!;
    expect(mail.text).toContain('קוד הכניסה שלך');

    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: PASSWORD})).body.error).toBe('codeExpired');
    expect((await b.post('/api/users/verify-email', {verifyCode: code, password: PASSWORD})).status).toBe(200);
  });
});

describe('codes are single-use, short-lived and die after five failures', () => {
  async function codeSent() {
    const user = await account();
    const b = browser();
    await b.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
    return {user, b, code: await lastRingCode()};
  }

  test('a used code cannot be used again', async () => {
    const {b, code} = await codeSent();
    const attempt = b.jar.get(ATTEMPT_COOKIE)!;
    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: PASSWORD})).status).toBe(200);
    b.jar.set(ATTEMPT_COOKIE, attempt);
    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: PASSWORD})).body.error).toBe('codeExpired');
  });

  test('an expired code is refused', async () => {
    const {user, b, code} = await codeSent();
    await sql`UPDATE login_code SET expires_at = now() - interval '1 second' WHERE user_id = ${user.userID}`;
    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: PASSWORD})).body.error).toBe('codeExpired');
  });

  test('after five wrong attempts even the right code is dead', async () => {
    const {b, code} = await codeSent();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      expect((await b.post('/api/users/verify-number', {verifyCode: wrong, password: PASSWORD})).body.error).toBe(
        'wrongCredentials',
      );
    }
    // The fifth failure is a wrong password with the right code: the same failure.
    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: 'nope'})).body.error).toBe('codeExpired');
    expect((await b.post('/api/users/verify-number', {verifyCode: code, password: PASSWORD})).body.error).toBe('codeExpired');
  });

  test('codes and attempt tokens are stored only as hashes', async () => {
    const {user, b, code} = await codeSent();
    const [row] = await sql`SELECT * FROM login_code WHERE user_id = ${user.userID}`;
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row!.attempt_hash).toBe(hashToken(b.jar.get(ATTEMPT_COOKIE)!));
  });
});

describe('who may sign in', () => {
  test('a blocked account gets a clear refusal and no session', async () => {
    const user = await account({role: 'blocked'});
    const b = browser();
    await b.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
    expect(await b.post('/api/users/verify-number', {verifyCode: await lastRingCode(), password: PASSWORD})).toMatchObject({
      status: 403,
      body: {error: 'accountBlocked'},
    });
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
  });

  test('an account waiting for approval gets a clear refusal and no session', async () => {
    const user = await account({approved: false});
    const b = browser();
    await b.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
    expect(await b.post('/api/users/verify-number', {verifyCode: await lastRingCode(), password: PASSWORD})).toMatchObject({
      status: 403,
      body: {error: 'accountPending'},
    });
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
  });

  test('signing in rotates the session: the browser’s previous one is revoked', async () => {
    const user = await account();
    const b = browser();
    for (let round = 0; round < 2; round++) {
      await b.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
      await b.post('/api/users/verify-number', {verifyCode: await lastRingCode(), password: PASSWORD});
      if (round === 0) b.jar.set('first', b.jar.get(SESSION_COOKIE)!);
    }
    const [first] = await sql`SELECT revoked_at FROM session WHERE token_hash = ${hashToken(b.jar.get('first')!)}`;
    expect(first!.revoked_at).not.toBeNull();
    expect(b.jar.get(SESSION_COOKIE)).not.toBe(b.jar.get('first'));
  });
});

describe('bad input', () => {
  test.each([
    [{}, 'phone'],
    [{phone: '0521234567'}, 'codeType'],
    [{phone: 521234567, codeType: 'hungup'}, 'phone'],
    [{phone: '0521234567', codeType: 'sms'}, 'codeType'],
    [{phone: '5'.repeat(31), codeType: 'hungup'}, 'phone'],
  ])('call-me %j → 400 naming %s', async (body, field) => {
    const res = await browser().post('/api/users/call-me', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalidInput');
    expect(res.body.issues.map((i: {field: string}) => i.field)).toContain(field);
  });

  test('an invalid phone number, email or verification body is refused with a message', async () => {
    expect((await browser().post('/api/users/call-me', {phone: '12345', codeType: 'hungup'})).body).toMatchObject({
      error: 'invalidPhone',
    });
    expect((await browser().post('/api/users/get-code-to-email', {email: 'not-an-email'})).body).toMatchObject({
      error: 'invalidInput',
    });
    expect((await browser().post('/api/users/verify-email', {verifyCode: '', password: 'x'})).body).toMatchObject({
      error: 'invalidInput',
    });
    expect((await browser().post('/api/users/verify-number', {verifyCode: '1'.repeat(65), password: 'x'})).status).toBe(400);
  });

  test('malformed bodies get 400, oversized ones 413, with a message, never a stack trace', async () => {
    const malformed = await browser().post('/api/users/call-me', null, {raw: '{"phone":'});
    expect(malformed).toMatchObject({status: 400, body: {error: 'invalidInput', message: expect.any(String)}});
    const huge = await browser().post('/api/users/get-code-to-email', {email: 'a'.repeat(20_000)});
    expect(huge).toMatchObject({status: 413, body: {error: 'bodyTooLarge'}});
    expect(JSON.stringify(huge.body)).not.toMatch(/at .*\.ts/);
  });
});

describe('rate limits', () => {
  test('code requests are limited per phone, with a clear error', async () => {
    const limited = await startTestApi(sql, {limits: {codeRequestsPerTarget: 2}});
    try {
      const b = browser(limited.app);
      const phone = '052-7777777';
      expect((await b.post('/api/users/call-me', {phone, codeType: 'hungup'})).status).toBe(200);
      expect((await b.post('/api/users/call-me', {phone, codeType: 'hungup'})).status).toBe(200);
      expect(await b.post('/api/users/call-me', {phone, codeType: 'hungup'})).toMatchObject({
        status: 429,
        body: {error: 'tooManyRequests'},
      });
      expect((await b.post('/api/users/call-me', {phone: '052-7777778', codeType: 'hungup'})).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  test('and per IP address', async () => {
    const limited = await startTestApi(sql, {limits: {codeRequestsPerIP: 3}});
    try {
      const b = browser(limited.app);
      for (let i = 0; i < 3; i++)
        expect((await b.post('/api/users/call-me', {phone: `052-666000${i}`, codeType: 'hungup'})).status).toBe(200);
      expect((await b.post('/api/users/call-me', {phone: '052-6660009', codeType: 'hungup'})).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('after sign-in', () => {
  async function signedIn(declarationAcceptedOn?: string | null) {
    const user = await account({declarationAcceptedOn});
    const b = browser();
    await b.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
    const res = await b.post('/api/users/verify-number', {verifyCode: await lastRingCode(), password: PASSWORD});
    return {user, b, res};
  }

  test('the declaration date is kept on the server and returned at the next sign-in', async () => {
    const {user, b, res} = await signedIn(null);
    expect(res.body).toMatchObject({declarationAcceptedOn: null, declarationDue: true});
    const accepted = await b.post('/api/users/accept-declaration', {});
    expect(accepted.body.declarationAcceptedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await b.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
    const again = await b.post('/api/users/verify-number', {verifyCode: await lastRingCode(), password: PASSWORD});
    expect(again.body).toMatchObject({declarationAcceptedOn: accepted.body.declarationAcceptedOn, declarationDue: false});
  });

  test('active admin notifications are listed in order; inactive ones are not; signing in is required', async () => {
    const tag = `n-${Date.now()}`;
    await sql`INSERT INTO admin_notification (id, title, body, active, created_at) VALUES
      (${tag + '-2'}, 'שני', 'b', true, now()), (${tag + '-1'}, 'ראשון', 'a', true, now() - interval '1 minute'),
      (${tag + '-off'}, 'כבוי', 'c', false, now())`;
    const {b} = await signedIn();
    const res = await api.app.request('/api/users/admin-notifications', {
      headers: {cookie: `${SESSION_COOKIE}=${b.jar.get(SESSION_COOKIE)}`},
    });
    const ids = ((await res.json()) as Array<{id: string}>).map(n => n.id).filter(id => id.startsWith(tag));
    expect(ids).toEqual([`${tag}-1`, `${tag}-2`]);
    expect((await api.app.request('/api/users/admin-notifications')).status).toBe(401);
    expect((await browser().post('/api/users/accept-declaration', {})).status).toBe(401);
  });
});
