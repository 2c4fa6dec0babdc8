import {afterAll, beforeAll, beforeEach, describe, expect, inject, test, vi} from 'vitest';
import {ATTEMPT_COOKIE} from '../../server/auth/login-routes.ts';
import {SELF_SESSION_COOKIE} from '../../server/auth/self-session.ts';
import {SELF_ATTEMPT_COOKIE} from '../../server/auth/self-user-routes.ts';
import {SESSION_COOKIE, createSession, hashToken} from '../../server/auth/session.ts';
import {generateProfiles} from '../../server/db/demo-data.ts';
import {demoSelfUser} from '../../server/db/seed.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser as cookieBrowser} from '../support/browser.ts';
import {makeTicket, makeUser, nationalPhone as national, randomMobile} from '../support/fixtures.ts';

/**
 * The self-user calls of spec §7 (login, ticket info, close ticket) through the real API app, real
 * Postgres and the real phone-provider adapter talking to the local provider stand-in.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let ownerID: string;
beforeAll(async () => {
  api = await startTestApi(sql);
  ownerID = (await makeUser(sql, 'shadchan')).userID;
});
afterAll(async () => {
  await api.close();
  await sql.end();
});
beforeEach(() => {
  api.provider.requests.length = 0;
  api.provider.fail(undefined);
});

const ticket = () => makeTicket(sql, ownerID);

const browser = (app = api.app) => cookieBrowser(app);

const CALL_ME = '/api/users/self-user/login/call-me';
const VERIFY = '/api/users/self-user/login/verify-number';
const TICKET_INFO = '/api/users/self-user/ticket-info';
const DELETE_PEOPLE = '/api/peoples/delete-people';
const lastRingCode = async () => {
  await api.delivered();
  return api.provider.requests.at(-1)!.body.from!.slice(-6);
};

/** A browser signed in as the self-user of a fresh ticket. */
async function signedIn() {
  const t = await ticket();
  const b = browser();
  await b.post(CALL_ME, t.login);
  expect(await b.post(VERIFY, {verifyCode: await lastRingCode()})).toMatchObject({status: 200, body: 'ok'});
  return {t, b};
}

describe('self-user sign-in and the ticket', () => {
  test('call-me → hung-up call → last six digits → ticket info → close → ticket info shows it closed', async () => {
    const t = await ticket();
    const b = browser();
    expect(await b.post(CALL_ME, t.login)).toMatchObject({status: 200, body: 'ok'});
    await api.delivered();
    const call = api.provider.requests.at(-1)!;
    expect(call).toMatchObject({path: '/v1/call', body: {to: t.phones[1]}});
    expect(call.body.from).toMatch(/^\+9723555\d{4}$/);
    expect(b.jar.get(SELF_ATTEMPT_COOKIE)).toBeTruthy();

    const verified = await b.post(VERIFY, {verifyCode: await lastRingCode()});
    expect(verified).toMatchObject({status: 200, body: 'ok'});
    expect(b.jar.has(SELF_ATTEMPT_COOKIE)).toBe(false);
    expect(b.jar.has(SESSION_COOKIE)).toBe(false);
    const cookie = verified.cookies.find(c => c.startsWith(`${SELF_SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    const expires = Date.parse(cookie.match(/Expires=([^;]+)/)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(115 * 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(2 * 60 * 60_000);

    expect(await b.get(TICKET_INFO)).toMatchObject({
      status: 200,
      body: {ticketID: t.id, ticketFullName: 'שרה לוי', name: 'שרה', gender: 'female', deleted: false},
    });
    const [before] = await sql<{updated_at: Date}[]>`SELECT updated_at FROM profile WHERE id = ${t.id}`;
    expect(await b.post(DELETE_PEOPLE, {peopleId: t.id})).toMatchObject({status: 200, body: 'ok'});
    expect((await b.get(TICKET_INFO)).body).toMatchObject({ticketID: t.id, deleted: true});
    const [after] = await sql<
      {closed_at: Date | null; updated_at: Date}[]
    >`SELECT closed_at, updated_at FROM profile WHERE id = ${t.id}`;
    expect(after!.closed_at).not.toBeNull();
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());

    expect(await b.post(DELETE_PEOPLE, {peopleId: t.id})).toMatchObject({status: 409, body: {error: 'ticketClosed'}});
    const log = await sql`SELECT kind, result FROM auth_event WHERE profile_id = ${t.id} ORDER BY id`;
    expect(log.map(r => `${r.kind}:${r.result}`)).toEqual([
      'self-code-request:sent',
      'self-verify-number:signed-in',
      'self-close-ticket:closed',
    ]);
  });

  test('the candidate’s own phone, the ID with its leading zeros, and the name with niqqud and other spacing match too', async () => {
    const t = await ticket();
    const b = browser();
    await b.post(CALL_ME, {...t.login, phone: national(t.phones[0]!), tz: t.idNumber, name: '  שָׂרָה   לֵוִי '});
    await api.delivered();
    expect(api.provider.requests.at(-1)!.body.to).toBe(t.phones[0]);
    expect((await b.post(VERIFY, {verifyCode: await lastRingCode()})).status).toBe(200);
  });

  test('a closed ticket still signs in and shows that it is closed', async () => {
    const t = await ticket();
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${t.id}`;
    const b = browser();
    await b.post(CALL_ME, t.login);
    await b.post(VERIFY, {verifyCode: await lastRingCode()});
    expect((await b.get(TICKET_INFO)).body).toMatchObject({ticketID: t.id, deleted: true});
  });

  test('logout revokes the self session', async () => {
    const {t, b} = await signedIn();
    const token = b.jar.get(SELF_SESSION_COOKIE)!;
    expect(await b.post('/api/users/self-user/logout', {})).toMatchObject({status: 200, body: 'ok'});
    expect(b.jar.has(SELF_SESSION_COOKIE)).toBe(false);
    const [row] = await sql`SELECT revoked_at FROM session WHERE token_hash = ${hashToken(token)}`;
    expect(row!.revoked_at).not.toBeNull();
    b.jar.set(SELF_SESSION_COOKIE, token);
    expect((await b.get(TICKET_INFO)).status).toBe(401);
    const [event] = await sql`SELECT result FROM auth_event WHERE profile_id = ${t.id} AND kind = 'self-logout'`;
    expect(event!.result).toBe('signed-out');
  });
});

describe('details that match no ticket', () => {
  test.each([
    ['ID number', {tz: '123456782'}],
    ['birth date', {birthday: '2001-03-05'}],
    ['phone', {phone: '0549999999'}],
    ['name', {name: 'שרה כהן'}],
    ['half the name', {name: 'שרה'}],
  ])('a wrong %s gets the same answer, nothing is sent, and no code signs in', async (_, wrong) => {
    const t = await ticket();
    const b = browser();
    expect(await b.post(CALL_ME, {...t.login, ...wrong})).toMatchObject({status: 200, body: 'ok'});
    await api.delivered();
    expect(api.provider.requests).toEqual([]);
    expect(b.jar.get(SELF_ATTEMPT_COOKIE)).toBeTruthy();
    const [code] =
      await sql`SELECT channel, profile_id FROM login_code WHERE attempt_hash = ${hashToken(b.jar.get(SELF_ATTEMPT_COOKIE)!)}`;
    expect(code).toEqual({channel: 'self', profile_id: null});
    expect(await b.post(VERIFY, {verifyCode: '123456'})).toMatchObject({status: 401, body: {error: 'wrongCode'}});
    expect(b.jar.has(SELF_SESSION_COOKIE)).toBe(false);
  });
});

describe('bad input', () => {
  const login = {phone: '0521234567', tz: '39337423', birthday: '2000-01-01', name: 'משה כהן'};
  test.each([
    [{...login, tz: '123456789'}, 'tz', 'invalidId'],
    [{...login, tz: '000000000'}, 'tz', 'invalidId'],
    [{...login, tz: '0393-37423'}, 'tz', 'digitsOnly'],
    [{...login, phone: '052-1234567'}, 'phone', 'digitsOnly'],
    [{...login, birthday: '2000-13-01'}, 'birthday', 'invalidDate'],
    [{...login, name: 'א'.repeat(500)}, 'name', 'tooLong'],
    [{...login, phone: '5'.repeat(200)}, 'phone', 'tooLong'],
    [{phone: login.phone, birthday: login.birthday, name: login.name}, 'tz', 'required'],
    [{tz: login.tz, birthday: login.birthday, name: login.name}, 'phone', 'required'],
    [{phone: login.phone, tz: login.tz, name: login.name}, 'birthday', 'required'],
    [{phone: login.phone, tz: login.tz, birthday: login.birthday}, 'name', 'required'],
    [{...login, tz: 39337423}, 'tz', 'required'],
  ])('call-me %j → 400, %s: %s', async (body, field, message) => {
    const res = await browser().post(CALL_ME, body);
    expect(res).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(res.body.issues).toContainEqual({field, message});
    await api.delivered();
    expect(api.provider.requests).toEqual([]);
  });

  test('digits that are no phone number get invalidPhone', async () => {
    expect(await browser().post(CALL_ME, {...login, phone: '12345'})).toMatchObject({status: 400, body: {error: 'invalidPhone'}});
  });

  test('malformed and empty bodies get 400, oversized ones 413, with a message, never a stack trace', async () => {
    expect(await browser().post(CALL_ME, null, {raw: '{"tz":'})).toMatchObject({
      status: 400,
      body: {error: 'invalidInput', message: expect.any(String)},
    });
    const huge = await browser().post(CALL_ME, {...login, name: 'א'.repeat(20_000)});
    expect(huge).toMatchObject({status: 413, body: {error: 'bodyTooLarge'}});
    expect(JSON.stringify(huge.body)).not.toMatch(/at .*\.ts/);
    expect(await browser().post(VERIFY, {verifyCode: ' '})).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(await browser().post(VERIFY, {})).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(await browser().post(VERIFY, {verifyCode: '1'.repeat(65)})).toMatchObject({
      status: 400,
      body: {error: 'invalidInput'},
    });
  });

  test('delete-people needs a peopleId and a small body', async () => {
    const {b} = await signedIn();
    expect(await b.post(DELETE_PEOPLE, {})).toMatchObject({
      status: 400,
      body: {error: 'invalidInput', issues: [{field: 'peopleId', message: 'required'}]},
    });
    expect(await b.post(DELETE_PEOPLE, {peopleId: 'x'.repeat(20_000)})).toMatchObject({
      status: 413,
      body: {error: 'bodyTooLarge'},
    });
  });
});

describe('codes are single-use, short-lived and die after five failures', () => {
  async function codeSent() {
    const t = await ticket();
    const b = browser();
    await b.post(CALL_ME, t.login);
    return {t, b, code: await lastRingCode()};
  }

  test('a used code cannot be used again', async () => {
    const {b, code} = await codeSent();
    const attempt = b.jar.get(SELF_ATTEMPT_COOKIE)!;
    expect((await b.post(VERIFY, {verifyCode: code})).status).toBe(200);
    b.jar.set(SELF_ATTEMPT_COOKIE, attempt);
    expect(await b.post(VERIFY, {verifyCode: code})).toMatchObject({status: 401, body: {error: 'codeExpired'}});
  });

  test('an expired code is refused', async () => {
    const {t, b, code} = await codeSent();
    await sql`UPDATE login_code SET expires_at = now() - interval '1 second' WHERE profile_id = ${t.id}`;
    expect(await b.post(VERIFY, {verifyCode: code})).toMatchObject({status: 401, body: {error: 'codeExpired'}});
  });

  test('after five wrong codes even the right one is dead', async () => {
    const {b, code} = await codeSent();
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) expect((await b.post(VERIFY, {verifyCode: wrong})).body.error).toBe('wrongCode');
    expect((await b.post(VERIFY, {verifyCode: wrong})).body.error).toBe('codeExpired');
    expect(await b.post(VERIFY, {verifyCode: code})).toMatchObject({status: 401, body: {error: 'codeExpired'}});
  });

  test('without the attempt cookie there is nothing to verify', async () => {
    expect(await browser().post(VERIFY, {verifyCode: '123456'})).toMatchObject({status: 401, body: {error: 'codeExpired'}});
  });

  test('a self-user code does not sign a matchmaker in, and a matchmaker code does not sign a self-user in', async () => {
    const {b, code} = await codeSent();
    const staff = browser();
    staff.jar.set(ATTEMPT_COOKIE, b.jar.get(SELF_ATTEMPT_COOKIE)!);
    expect(await staff.post('/api/users/verify-number', {verifyCode: code, password: 'anything'})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });

    const phone = randomMobile();
    await makeUser(sql, 'shadchan', [], {phone, password: 'correct horse battery'});
    await staff.post('/api/users/call-me', {phone, codeType: 'hungup'});
    staff.jar.set(SELF_ATTEMPT_COOKIE, staff.jar.get(ATTEMPT_COOKIE)!);
    expect(await staff.post(VERIFY, {verifyCode: await lastRingCode()})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
  });
});

describe('who may read and close a ticket', () => {
  async function staffSession() {
    const user = await makeUser(sql, 'admin');
    const b = browser();
    b.jar.set(SESSION_COOKIE, (await createSession(sql, user.userID, undefined)).token);
    return b;
  }

  test('ticket-info needs a self session: none, a staff one, or an expired one get 401', async () => {
    expect(await browser().get(TICKET_INFO)).toMatchObject({status: 401, body: {error: 'notSignedIn'}});
    expect(await (await staffSession()).get(TICKET_INFO)).toMatchObject({status: 401, body: {error: 'notSignedIn'}});
    const {b} = await signedIn();
    await sql`UPDATE session SET expires_at = now() - interval '1 second' WHERE token_hash = ${hashToken(b.jar.get(SELF_SESSION_COOKIE)!)}`;
    expect((await b.get(TICKET_INFO)).status).toBe(401);
  });

  test('a staff token in the self cookie is no self session', async () => {
    const staff = await staffSession();
    staff.jar.set(SELF_SESSION_COOKIE, staff.jar.get(SESSION_COOKIE)!);
    expect((await staff.get(TICKET_INFO)).status).toBe(401);
  });

  test('a self-user cannot close another ticket; a staff session is not enough; nobody gets 401', async () => {
    const {t, b} = await signedIn();
    const other = await ticket();
    expect(await b.post(DELETE_PEOPLE, {peopleId: other.id})).toMatchObject({status: 403, body: {error: 'forbidden'}});
    expect(await (await staffSession()).post(DELETE_PEOPLE, {peopleId: t.id})).toMatchObject({
      status: 403,
      body: {error: 'forbidden'},
    });
    expect(await browser().post(DELETE_PEOPLE, {peopleId: t.id})).toMatchObject({status: 401, body: {error: 'notSignedIn'}});
    const closed = await sql`SELECT id FROM profile WHERE id IN (${t.id}, ${other.id}) AND closed_at IS NOT NULL`;
    expect(closed).toEqual([]);
  });

  test('a self session is no staff session: not in the cookie, not as a bearer token', async () => {
    const {b} = await signedIn();
    const token = b.jar.get(SELF_SESSION_COOKIE)!;
    const asCookie = await api.app.request('/api/session', {headers: {cookie: `${SESSION_COOKIE}=${token}`}});
    expect(((await asCookie.json()) as {user: unknown}).user).toBeNull();
    const asBearer = await api.app.request('/api/session', {headers: {authorization: `Bearer ${token}`}});
    expect(((await asBearer.json()) as {user: unknown}).user).toBeNull();
    expect((await b.get('/api/session')).body.user).toBeNull();
  });

  test('signing in again rotates the self session', async () => {
    const {t, b} = await signedIn();
    const first = b.jar.get(SELF_SESSION_COOKIE)!;
    await b.post(CALL_ME, t.login);
    await b.post(VERIFY, {verifyCode: await lastRingCode()});
    expect(b.jar.get(SELF_SESSION_COOKIE)).not.toBe(first);
    const [row] = await sql`SELECT revoked_at FROM session WHERE token_hash = ${hashToken(first)}`;
    expect(row!.revoked_at).not.toBeNull();
  });
});

describe('limits and failures', () => {
  test('code requests are limited per phone, with a clear error', async () => {
    const limited = await startTestApi(sql, {limits: {codeRequestsPerTarget: 2}});
    try {
      const t = await ticket();
      const b = browser(limited.app);
      expect((await b.post(CALL_ME, t.login)).status).toBe(200);
      expect((await b.post(CALL_ME, {...t.login, tz: '123456782'})).status).toBe(200);
      expect(await b.post(CALL_ME, t.login)).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
    } finally {
      await limited.close();
    }
  });

  test('a provider failure does not change the answer (no enumeration) but lands in the users log', async () => {
    const t = await ticket();
    api.provider.fail(503);
    expect(await browser().post(CALL_ME, t.login)).toMatchObject({status: 200, body: 'ok'});
    await api.delivered();
    await vi.waitFor(async () => {
      const [event] = await sql`SELECT result FROM auth_event WHERE profile_id = ${t.id} AND kind = 'self-code-request'`;
      expect(event?.result).toBe('delivery-failed');
    });
  });
});

describe('the demo self-user', () => {
  test('the login the start banner shows signs in to that demo ticket', async () => {
    const [p] = generateProfiles(1, {today: new Date(), sectorIDs: ['litvish'], statusIDs: ['available'], ownerIDs: [ownerID]});
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, phones)
              VALUES (${p!.id}, ${p!.forename}, ${p!.surname}, ${p!.gender}, ${p!.birthDate}, ${p!.city}, ${p!.sectorID},
                      ${p!.statusID}, ${p!.ownerID}, ${sql.json(p!.phones)})`;
    await sql`INSERT INTO profile_detail (profile_id, id_number) VALUES (${p!.id}, ${p!.idNumber})`;
    try {
      const login = await demoSelfUser(sql);
      expect(login).toEqual({
        tz: p!.idNumber,
        birthday: p!.birthDate,
        phone: expect.stringMatching(/^05\d{8}$/),
        name: `${p!.forename} ${p!.surname}`,
      });
      const b = browser();
      await b.post(CALL_ME, login);
      await b.post(VERIFY, {verifyCode: await lastRingCode()});
      expect((await b.get(TICKET_INFO)).body).toMatchObject({ticketID: p!.id, deleted: false});
    } finally {
      await sql`DELETE FROM profile WHERE id = ${p!.id}`;
    }
  });
});
