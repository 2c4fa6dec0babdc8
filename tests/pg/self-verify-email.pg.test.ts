import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {SESSION_COOKIE, createSession} from '../../server/auth/session.ts';
import {SELF_ATTEMPT_COOKIE} from '../../server/auth/self-user-routes.ts';
import {VERIFY_ATTEMPT_COOKIE} from '../../server/self-edit/verify-routes.ts';
import {VERIFY_EMAIL_ATTEMPT_COOKIE} from '../../server/self-edit/verify-email-routes.ts';
import {connect} from '../../server/db/sql.ts';
import {signedInSelfUser, startTestApi} from '../support/api.ts';
import {browser as cookieBrowser} from '../support/browser.ts';
import {makeTicket, makeUser, nationalPhone, randomMobile} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/**
 * The ticket's contact email (a card detail, issue 15) and the candidate's email verification screen
 * (spec §2): with the self-user session a code is mailed to the ticket's email through the sign-in's
 * code machinery, delivery and limits, and the code verifies the address. Real API app, real Postgres,
 * the SMTP server's local stand-in.
 */
const sql = connect(inject('databaseURL'));
const {mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
let owner: AuthContext;
beforeAll(async () => {
  api = await startTestApi(sql);
  owner = await makeUser(sql, 'coordinator');
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const BASE = '/api/peoples/self-verify-email';
const address = () => `cand-${Math.random().toString(36).slice(2, 10)}@example.org`;

/** A self-user signed in to a fresh ticket (on `on`), its details holding `email` when given. */
async function signedIn(on = api, email?: string) {
  const t = await makeTicket(sql, owner.userID);
  const details = {candidatePhone: t.phones[1]!, ...(email ? {email} : {})};
  await sql`UPDATE profile_detail SET details = ${sql.json(details)} WHERE profile_id = ${t.id}`;
  const {b} = await signedInSelfUser(on, t.login);
  return {t, b};
}

/** The code of the last mail to `to` that the SMTP stand-in received since `before` mails. */
async function mailedCode(to: string, before: number, on = api) {
  await on.delivered();
  const mail = on.smtp.mails.slice(before).find(m => m.to.includes(to));
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail!.text.match(/\d{6}/)![0];
}
const mailsTo = (to: string, on = api) => on.smtp.mails.filter(m => m.to.includes(to)).length;

describe('the ticket’s email', () => {
  test('is a contact detail: checked as an email, stored in lower case, changed by staff and by the candidate', async () => {
    const {t, b} = await signedIn();
    expect(await refusal(mutate(owner, 'cards.save', {id: t.id, revision: 0, details: {email: 'not an email'}}))).toMatchObject({
      code: 'invalidInput',
      issues: [{field: 'details.email', message: 'invalidEmail'}],
    });
    expect(
      await refusal(mutate(owner, 'cards.save', {id: t.id, revision: 0, details: {email: `${'a'.repeat(250)}@example.org`}})),
    ).toMatchObject({issues: expect.arrayContaining([{field: 'details.email', message: 'tooLong'}])});

    await mutate(owner, 'cards.save', {id: t.id, revision: 0, details: {email: '  Rivka.Levi@Example.ORG '}});
    const read = await b.get('/api/peoples/self-update');
    expect(read.body).toMatchObject({revision: 1, details: {email: 'rivka.levi@example.org'}});

    expect(await b.post('/api/peoples/self-update', {ticketID: t.id, revision: 1, details: {email: 'rivka@'}})).toMatchObject({
      status: 400,
      body: {issues: [{field: 'details.email', message: 'invalidEmail'}]},
    });
    expect(
      await b.post('/api/peoples/self-update', {ticketID: t.id, revision: 1, details: {email: 'R@Example.org'}}),
    ).toMatchObject({status: 200});
    const [row] = await sql<
      {email: string}[]
    >`SELECT details ->> 'email' AS email FROM profile_detail WHERE profile_id = ${t.id}`;
    expect(row!.email).toBe('r@example.org');
    const history = await sql`
      SELECT field, by_candidate, new_value FROM profile_revision WHERE profile_id = ${t.id} AND revision = 2`;
    expect(history).toEqual([{field: 'details.email', by_candidate: true, new_value: 'r@example.org'}]);
  });
});

describe('email verification', () => {
  test('mails a code to the ticket’s email; a wrong code is refused, the right one verifies it once', async () => {
    const email = address();
    const {t, b} = await signedIn(api, email);
    expect(await b.get(BASE)).toMatchObject({status: 200, body: {ticketID: t.id, email, verified: false}});

    const before = api.smtp.mails.length;
    expect(await b.post(`${BASE}/send-code`, {})).toMatchObject({status: 200, body: 'ok'});
    const code = await mailedCode(email, before);
    expect(api.smtp.mails.at(-1)!.text).toContain('verify the email on your profile');

    expect(await b.post(`${BASE}/verify`, {verifyCode: code === '000000' ? '111111' : '000000'})).toMatchObject({
      status: 401,
      body: {error: 'wrongCode', issues: [{field: 'verifyCode', message: 'wrongCode'}]},
    });
    expect(await b.post(`${BASE}/verify`, {verifyCode: code})).toMatchObject({status: 200});
    expect((await b.get(BASE)).body).toEqual({ticketID: t.id, email, verified: true});
    // Single-use, like every code.
    expect((await b.post(`${BASE}/verify`, {verifyCode: code})).body).toMatchObject({error: 'codeExpired'});

    const [row] = await sql<{verified: string[]}[]>`SELECT verified_emails AS verified FROM profile WHERE id = ${t.id}`;
    expect(row!.verified).toEqual([email]);
    const log = await sql<{result: string; target: string | null}[]>`
      SELECT result, target FROM auth_event WHERE profile_id = ${t.id} AND kind = 'self-verify-email' ORDER BY id`;
    expect(log.map(r => r.result)).toEqual(['sent', 'wrong', 'verified', 'expired']);
    expect(log.find(r => r.result === 'verified')!.target).toBe(email);
  });

  test('a changed email is unverified until its own code comes back (a value is verified, as the numbers are)', async () => {
    const email = address();
    const {t, b} = await signedIn(api, email);
    const before = api.smtp.mails.length;
    await b.post(`${BASE}/send-code`, {});
    expect((await b.post(`${BASE}/verify`, {verifyCode: await mailedCode(email, before)})).status).toBe(200);

    const next = address();
    expect(await b.post('/api/peoples/self-update', {ticketID: t.id, revision: 0, details: {email: next}})).toMatchObject({
      status: 200,
    });
    expect((await b.get(BASE)).body).toEqual({ticketID: t.id, email: next, verified: false});
    // The office sets the old, verified address back: it is that verified address again.
    await mutate(owner, 'cards.save', {id: t.id, revision: 1, details: {email}});
    expect((await b.get(BASE)).body).toEqual({ticketID: t.id, email, verified: true});
    // Cleared: nothing to verify, and no code goes out.
    await mutate(owner, 'cards.save', {id: t.id, revision: 2, details: {email: null}});
    expect((await b.get(BASE)).body).toEqual({ticketID: t.id, email: null, verified: false});
  });

  test('without an email there is nothing to send', async () => {
    const {b} = await signedIn();
    expect((await b.get(BASE)).body).toMatchObject({email: null, verified: false});
    const before = api.smtp.mails.length;
    expect(await b.post(`${BASE}/send-code`, {})).toMatchObject({status: 400, body: {error: 'noEmail'}});
    await api.delivered();
    expect(api.smtp.mails.length).toBe(before);
  });

  test('an expired code does not verify', async () => {
    const email = address();
    const {t, b} = await signedIn(api, email);
    const before = api.smtp.mails.length;
    await b.post(`${BASE}/send-code`, {});
    const code = await mailedCode(email, before);
    await sql`UPDATE login_code SET expires_at = now() - interval '1 second' WHERE profile_id = ${t.id} AND channel = 'self-email'`;
    expect(await b.post(`${BASE}/verify`, {verifyCode: code})).toMatchObject({status: 401, body: {error: 'codeExpired'}});
    expect((await b.get(BASE)).body.verified).toBe(false);
  });

  test('failed codes lock the ticket: then even the right code fails and no code is sent', async () => {
    const strict = await startTestApi(sql, {limits: {failuresBeforeLockout: 3}});
    try {
      const email = address();
      const {t, b} = await signedIn(strict, email);
      const before = strict.smtp.mails.length;
      await b.post(`${BASE}/send-code`, {});
      const code = await mailedCode(email, before, strict);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await b.post(`${BASE}/verify`, {verifyCode: wrong})).body).toMatchObject({error: 'wrongCode'});
      expect((await b.post(`${BASE}/verify`, {verifyCode: wrong})).body).toMatchObject({error: 'wrongCode'});
      // The third failure locks the ticket's codes for a day.
      expect((await b.post(`${BASE}/verify`, {verifyCode: wrong})).body).toMatchObject({error: 'codeExpired'});
      expect((await b.post(`${BASE}/verify`, {verifyCode: code})).body).toMatchObject({error: 'codeExpired'});
      expect(await b.post(`${BASE}/send-code`, {})).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
      await strict.delivered();
      expect(mailsTo(email, strict)).toBe(1);
      expect((await b.get(BASE)).body.verified).toBe(false);
      const log = await sql<{result: string}[]>`
        SELECT result FROM auth_event WHERE profile_id = ${t.id} AND kind = 'self-verify-email' ORDER BY id`;
      expect(log.map(r => r.result)).toEqual(['sent', 'wrong', 'wrong', 'wrong', 'locked-out', 'rate-limited']);
    } finally {
      await strict.close();
    }
  });

  test('code requests are rate-limited per address like the sign-in’s', async () => {
    const limited = await startTestApi(sql, {limits: {codeRequestsPerTarget: 2}});
    try {
      const email = address();
      const {b} = await signedIn(limited, email);
      expect((await b.post(`${BASE}/send-code`, {})).status).toBe(200);
      expect((await b.post(`${BASE}/send-code`, {})).status).toBe(200);
      expect(await b.post(`${BASE}/send-code`, {})).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
      await limited.delivered();
      expect(mailsTo(email, limited)).toBe(2);
    } finally {
      await limited.close();
    }
  });

  test('an email code signs nobody in, and a phone code verifies no email', async () => {
    const email = address();
    const {t, b} = await signedIn(api, email);
    const before = api.smtp.mails.length;
    await b.post(`${BASE}/send-code`, {});
    const emailCode = await mailedCode(email, before);
    const emailAttempt = b.jar.get(VERIFY_EMAIL_ATTEMPT_COOKIE)!;

    // Played as a self-user sign-in's attempt: refused, and no session starts.
    const stranger = cookieBrowser(api.app);
    stranger.jar.set(SELF_ATTEMPT_COOKIE, emailAttempt);
    expect(await stranger.post('/api/users/self-user/login/verify-number', {verifyCode: emailCode})).toMatchObject({
      status: 401,
      body: {error: 'codeExpired'},
    });
    expect((await stranger.get('/api/users/self-user/ticket-info')).status).toBe(401);

    // The phone screen's code, played as the email screen's attempt: refused too.
    const father = randomMobile();
    await sql`UPDATE profile_detail SET details = details || ${sql.json({fatherPhone: father})} WHERE profile_id = ${t.id}`;
    await b.post('/api/peoples/self-verify/call-me', {phone: nationalPhone(father)});
    await api.delivered();
    const phoneCode = api.provider.requests.at(-1)!.body.from!.slice(-6);
    b.jar.set(VERIFY_EMAIL_ATTEMPT_COOKIE, b.jar.get(VERIFY_ATTEMPT_COOKIE)!);
    expect((await b.post(`${BASE}/verify`, {verifyCode: phoneCode})).body).toMatchObject({error: 'codeExpired'});
    expect((await b.get(BASE)).body.verified).toBe(false);
    const [row] = await sql<{emails: string[]; phones: string[]}[]>`
      SELECT verified_emails AS emails, verified_phones AS phones FROM profile WHERE id = ${t.id}`;
    expect(row!.emails).toEqual([]);
    expect(row!.phones).not.toContain(email);
  });

  test('a closed ticket refuses; without a self-user session (a staff one is none) 401 and no mail', async () => {
    const email = address();
    const {t, b} = await signedIn(api, email);
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${t.id}`;
    expect(await b.get(BASE)).toMatchObject({status: 409, body: {error: 'ticketClosed'}});
    expect(await b.post(`${BASE}/send-code`, {})).toMatchObject({status: 409, body: {error: 'ticketClosed'}});

    const staff = cookieBrowser(api.app);
    staff.jar.set(SESSION_COOKIE, (await createSession(sql, owner.userID, undefined)).token);
    const anonymous = cookieBrowser(api.app);
    for (const who of [staff, anonymous]) {
      expect((await who.get(BASE)).status).toBe(401);
      expect((await who.post(`${BASE}/send-code`, {})).status).toBe(401);
      expect((await who.post(`${BASE}/verify`, {verifyCode: '123456'})).status).toBe(401);
    }
    await api.delivered();
    expect(mailsTo(email)).toBe(0);
    // And the self-user's session reaches no staff endpoint.
    expect((await b.post('/api/zero/query', {})).status).toBe(401);
    expect((await b.post('/api/zero/mutate', {})).status).toBe(401);
  });
});
