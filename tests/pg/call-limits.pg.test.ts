import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test, vi} from 'vitest';
import type {Limits} from '../../server/auth/rate-limit.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {makeTicket, makeUser, nationalPhone, randomMobile} from '../support/fixtures.ts';

/**
 * No call pumping, no code guessing (issue 10 §8), through the real API app and Postgres, with the
 * phone-provider and SMTP stand-ins showing what really went out: daily caps per number, per ticket
 * and in all (with one alert to the office), and the lockout after failed codes across codes.
 */
const sql = connect(inject('databaseURL'));
type TestApi = Awaited<ReturnType<typeof startTestApi>>;
const started: TestApi[] = [];
let ownerID: string;
beforeAll(async () => {
  ownerID = (await makeUser(sql, 'shadchan')).userID;
});
afterAll(async () => {
  await Promise.all(started.map(a => a.close()));
  await sql.end();
});

/** An API with these limits; APIs given the same scope share their counts, like two processes. */
async function api(limits: Partial<Limits> & {scope?: string}) {
  const a = await startTestApi(sql, {limits});
  started.push(a);
  return a;
}
const newScope = () => `limits-${nanoid(8)}/`;

const PASSWORD = 'correct horse battery';
async function staff() {
  const phone = randomMobile();
  const email = `staff-${nanoid(6).toLowerCase()}@kesher.test`;
  const user = await makeUser(sql, 'shadchan', [], {phone, email, password: PASSWORD});
  return {id: user.userID, phone, email};
}
const ticket = () => makeTicket(sql, ownerID);

const SELF_CALL_ME = '/api/users/self-user/login/call-me';
const SELF_VERIFY = '/api/users/self-user/login/verify-number';
/** The calls and messages the provider stand-in received for `to`. */
const callsTo = async (a: TestApi, to: string) => {
  await a.delivered();
  return a.provider.requests.filter(r => r.body.to === to);
};
const lastCode = async (a: TestApi, to: string) => (await callsTo(a, to)).at(-1)!.body.from!.slice(-6);
/** The users log of a staff account or a ticket, as sorted "kind:result" entries. */
async function logOf(who: {userID?: string; profileID?: string}) {
  const rows = who.userID
    ? await sql`SELECT kind, result FROM auth_event WHERE user_id = ${who.userID}`
    : await sql`SELECT kind, result FROM auth_event WHERE profile_id = ${who.profileID!}`;
  return rows.map(r => `${r.kind}:${r.result}`).sort();
}
/**
 * Waits for exactly these entries in the users log. Sorted, because "sent" is written once the provider
 * has answered, which may be after the next request's entry.
 */
const expectLog = (who: {userID?: string; profileID?: string}, entries: string[]) =>
  vi.waitFor(async () => expect(await logOf(who)).toEqual([...entries].sort()));

describe('limits live in Postgres', () => {
  test('a new API instance (another process, or the same after a restart) carries on the counts', async () => {
    const scope = newScope();
    const phone = nationalPhone(randomMobile());
    const first = browser((await api({scope, codeRequestsPerTarget: 2})).app);
    expect((await first.post('/api/users/call-me', {phone, codeType: 'hungup'})).status).toBe(200);
    expect((await first.post('/api/users/call-me', {phone, codeType: 'hungup'})).status).toBe(200);
    const restarted = browser((await api({scope, codeRequestsPerTarget: 2})).app);
    expect(await restarted.post('/api/users/call-me', {phone, codeType: 'hungup'})).toMatchObject({
      status: 429,
      body: {error: 'tooManyRequests'},
    });
    const [row] = await sql`SELECT points FROM rate_limit WHERE key = ${`${scope}code-target:+972${phone.slice(1)}`}`;
    expect(row!.points).toBe(3);
  });
});

describe('daily cap per phone number', () => {
  test('staff call-me: hung-up calls and WhatsApp count together; over the cap → 429 and no call', async () => {
    const a = await api({callsPerNumberPerDay: 3});
    const user = await staff();
    const b = browser(a.app);
    for (const codeType of ['hungup', 'whatsapp', 'hungup']) {
      expect(await b.post('/api/users/call-me', {phone: user.phone, codeType})).toMatchObject({status: 200, body: 'ok'});
    }
    expect(await b.post('/api/users/call-me', {phone: user.phone, codeType: 'whatsapp'})).toMatchObject({
      status: 429,
      body: {error: 'tooManyRequests'},
    });
    expect(await callsTo(a, user.phone)).toHaveLength(3);
    // Email is not a call: still open.
    expect((await b.post('/api/users/get-code-to-email', {email: user.email})).status).toBe(200);
    await a.delivered();
    expect(a.smtp.mails.filter(m => m.to.includes(user.email))).toHaveLength(1);
  });

  test('every request for the number counts, known or not and on either sign-in, so a refusal tells nothing', async () => {
    const a = await api({callsPerNumberPerDay: 3});
    const t = await ticket();
    const b = browser(a.app);
    const wrong = {...t.login, birthday: '1999-09-09'};
    expect((await b.post(SELF_CALL_ME, wrong)).status).toBe(200);
    expect((await b.post('/api/users/call-me', {phone: t.login.phone, codeType: 'hungup'})).status).toBe(200);
    expect((await b.post(SELF_CALL_ME, t.login)).status).toBe(200);
    expect(await callsTo(a, t.phones[1]!)).toHaveLength(1);
    // The fourth request for the number is refused, matching details or not.
    expect(await b.post(SELF_CALL_ME, t.login)).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
    expect(await b.post(SELF_CALL_ME, wrong)).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
    expect(await callsTo(a, t.phones[1]!)).toHaveLength(1);
  });
});

describe('daily cap per ticket', () => {
  test('once the ticket had its calls, call-me answers as usual but nobody is called; the users log says why', async () => {
    const a = await api({callsPerTicketPerDay: 2});
    const t = await ticket();
    const b = browser(a.app);
    expect(await b.post(SELF_CALL_ME, t.login)).toMatchObject({status: 200, body: 'ok'});
    expect(await b.post(SELF_CALL_ME, t.login)).toMatchObject({status: 200, body: 'ok'});
    // The ticket's other number: the same answer and a fresh attempt cookie, but no call.
    const other = browser(a.app);
    const answer = await other.post(SELF_CALL_ME, {...t.login, phone: nationalPhone(t.phones[0]!)});
    expect(answer).toMatchObject({status: 200, body: 'ok'});
    expect(answer.cookies.some(c => c.startsWith('kesher_self_login='))).toBe(true);
    expect(await callsTo(a, t.phones[1]!)).toHaveLength(2);
    expect(await callsTo(a, t.phones[0]!)).toHaveLength(0);
    await expectLog({profileID: t.id}, ['self-code-request:sent', 'self-code-request:sent', 'self-code-request:ticket-cap']);
  });
});

describe('the system’s daily total', () => {
  test('reached: 503 callsUnavailable for every call, email sign-in still works, and the office gets one mail', async () => {
    const scope = newScope();
    // Two API processes sharing the counts, each with its own SMTP stand-in.
    const [a, b] = [await api({scope, callsPerDay: 2}), await api({scope, callsPerDay: 2})];
    const user = await staff();
    const t = await ticket();
    expect((await browser(a.app).post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'})).status).toBe(200);
    expect((await browser(b.app).post(SELF_CALL_ME, t.login)).status).toBe(200);
    expect((await callsTo(a, user.phone)).length + (await callsTo(b, t.phones[1]!)).length).toBe(2);
    // The call that reached the cap told the office.
    const officeMails = () => [...a.smtp.mails, ...b.smtp.mails].filter(m => m.to.includes('office@kesher.test'));
    await vi.waitFor(() => expect(officeMails()).toHaveLength(1));
    expect(officeMails()[0]!.text).toContain('CALLS_PER_DAY');

    const unavailable = {status: 503, body: {error: 'callsUnavailable'}};
    expect(await browser(a.app).post('/api/users/call-me', {phone: user.phone, codeType: 'whatsapp'})).toMatchObject(unavailable);
    expect(await browser(b.app).post('/api/users/call-me', {phone: randomMobile(), codeType: 'hungup'})).toMatchObject(
      unavailable,
    );
    expect(await browser(b.app).post(SELF_CALL_ME, t.login)).toMatchObject(unavailable);
    expect(await browser(a.app).post('/api/users/get-code-to-email', {email: user.email})).toMatchObject({status: 200});
    expect(await callsTo(a, user.phone)).toHaveLength(1);
    expect(await callsTo(b, t.phones[1]!)).toHaveLength(1);
    // Refused before anyone is looked up: logged by number.
    const refused = await sql`SELECT result FROM auth_event WHERE target = ${user.phone} ORDER BY id`;
    expect(refused.map(r => r.result)).toContain('whatsapp: calls-unavailable');

    // The refusals, in either process, do not mail again.
    await new Promise(resolve => setTimeout(resolve, 500));
    expect(officeMails()).toHaveLength(1);
  });

  test('the cap holds when requests race', async () => {
    const a = await api({callsPerDay: 1});
    const users = await Promise.all([staff(), staff(), staff(), staff()]);
    const answers = await Promise.all(
      users.map(u => browser(a.app).post('/api/users/call-me', {phone: u.phone, codeType: 'hungup'})),
    );
    for (const answer of answers) expect([200, 503]).toContain(answer.status);
    await a.delivered();
    expect(a.provider.requests).toHaveLength(1);
  });
});

describe('lockout after failed codes, across codes', () => {
  test('per ticket: locked for 24 hours; verify fails like an expired code; call-me answers but does not ring', async () => {
    const scope = newScope();
    const a = await api({scope, failuresBeforeLockout: 3});
    const t = await ticket();
    const to = t.phones[1]!;
    // A code asked for before the lockout, kept for later.
    const held = browser(a.app);
    await held.post(SELF_CALL_ME, t.login);
    const heldCode = await lastCode(a, to);
    const guess = async (b: ReturnType<typeof browser>) => b.post(SELF_VERIFY, {verifyCode: '000000'});

    const first = browser(a.app);
    await first.post(SELF_CALL_ME, t.login);
    expect(await guess(first)).toMatchObject({status: 401, body: {error: 'wrongCode'}});
    expect(await guess(first)).toMatchObject({status: 401, body: {error: 'wrongCode'}});
    // A new code does not start over: the third failure locks the ticket.
    const second = browser(a.app);
    await second.post(SELF_CALL_ME, t.login);
    expect(await guess(second)).toMatchObject({status: 401, body: {error: 'codeExpired'}});

    // The right code, from before, now fails like an expired one; in another process too.
    const another = browser((await api({scope, failuresBeforeLockout: 3})).app);
    another.jar.set('kesher_self_login', held.jar.get('kesher_self_login')!);
    expect(await another.post(SELF_VERIFY, {verifyCode: heldCode})).toMatchObject({status: 401, body: {error: 'codeExpired'}});
    const callsBefore = (await callsTo(a, to)).length;
    expect(await browser(a.app).post(SELF_CALL_ME, t.login)).toMatchObject({status: 200, body: 'ok'});
    expect(await callsTo(a, to)).toHaveLength(callsBefore);
    await expectLog({profileID: t.id}, [
      'self-code-request:sent',
      'self-code-request:sent',
      'self-verify-number:wrong',
      'self-verify-number:wrong',
      'self-code-request:sent',
      'self-verify-number:wrong',
      'self-verify-number:locked-out',
      'self-verify-number:locked',
      'self-code-request:locked',
    ]);
    const [lock] = await sql<{expire: string}[]>`SELECT expire FROM rate_limit WHERE key = ${`${scope}lockout:ticket:${t.id}`}`;
    expect(Number(lock!.expire) - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);

    // 24 hours later the ticket may sign in again.
    await sql`UPDATE rate_limit SET expire = ${Date.now() - 1} WHERE key = ${`${scope}lockout:ticket:${t.id}`}`;
    const later = browser(a.app);
    await later.post(SELF_CALL_ME, t.login);
    expect(await later.post(SELF_VERIFY, {verifyCode: await lastCode(a, to)})).toMatchObject({status: 200, body: 'ok'});
  });

  test('a successful sign-in forgets the failures', async () => {
    const a = await api({failuresBeforeLockout: 3});
    const t = await ticket();
    const to = t.phones[1]!;
    const twoFailures = async () => {
      const b = browser(a.app);
      await b.post(SELF_CALL_ME, t.login);
      for (let i = 0; i < 2; i++) expect((await b.post(SELF_VERIFY, {verifyCode: '000000'})).body.error).toBe('wrongCode');
    };
    await twoFailures();
    const b = browser(a.app);
    await b.post(SELF_CALL_ME, t.login);
    expect((await b.post(SELF_VERIFY, {verifyCode: await lastCode(a, to)})).status).toBe(200);
    await twoFailures();
    const again = browser(a.app);
    await again.post(SELF_CALL_ME, t.login);
    expect((await again.post(SELF_VERIFY, {verifyCode: await lastCode(a, to)})).status).toBe(200);
  });

  test('per staff account, across codes and channels', async () => {
    const a = await api({failuresBeforeLockout: 3});
    const user = await staff();
    const bystander = await staff();
    const held = browser(a.app);
    await held.post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'});
    const heldCode = await lastCode(a, user.phone);

    const phone = browser(a.app);
    await phone.post('/api/users/call-me', {phone: user.phone, codeType: 'whatsapp'});
    const whatsappCode = (await callsTo(a, user.phone)).at(-1)!.body.code!;
    const wrong = {verifyCode: whatsappCode, password: 'not the password'};
    expect((await phone.post('/api/users/verify-number', wrong)).body.error).toBe('wrongCredentials');
    expect((await phone.post('/api/users/verify-number', wrong)).body.error).toBe('wrongCredentials');
    const email = browser(a.app);
    await email.post('/api/users/get-code-to-email', {email: user.email});
    expect(await email.post('/api/users/verify-email', {verifyCode: '000000', password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });

    // Locked: the right code and password fail like an expired code, and nothing more is sent.
    expect(await held.post('/api/users/verify-number', {verifyCode: heldCode, password: PASSWORD})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
    const sentBefore = (await callsTo(a, user.phone)).length;
    const mailsBefore = a.smtp.mails.length;
    expect(await browser(a.app).post('/api/users/call-me', {phone: user.phone, codeType: 'hungup'})).toMatchObject({
      status: 200,
      body: 'ok',
    });
    expect((await browser(a.app).post('/api/users/get-code-to-email', {email: user.email})).status).toBe(200);
    expect(await callsTo(a, user.phone)).toHaveLength(sentBefore);
    expect(a.smtp.mails).toHaveLength(mailsBefore);
    expect(await logOf({userID: user.id})).toEqual(
      expect.arrayContaining([
        'verify-email:locked-out',
        'verify-number:locked',
        'code-request:hungup: locked',
        'code-request:email: locked',
      ]),
    );

    // Another account is not affected.
    const other = browser(a.app);
    await other.post('/api/users/call-me', {phone: bystander.phone, codeType: 'hungup'});
    const code = await lastCode(a, bystander.phone);
    expect((await other.post('/api/users/verify-number', {verifyCode: code, password: PASSWORD})).status).toBe(200);
  });
});
