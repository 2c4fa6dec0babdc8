import {afterAll, beforeAll, beforeEach, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser as cookieBrowser} from '../support/browser.ts';
import {makeTicket, makeUser, nationalPhone, randomMobile} from '../support/fixtures.ts';

/**
 * The candidate's phone verification screen (issue 15, spec §2): with the self-user session, one of the
 * ticket's own numbers gets a hung-up call (the sign-in's code machinery, delivery and limits), and the
 * code verifies it. Real API app, real Postgres, the phone provider's local stand-in.
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
});

const BASE = '/api/peoples/self-verify';
const lastCall = async (on = api) => {
  await on.delivered();
  return on.provider.requests.at(-1);
};

/** A self-user signed in to a fresh ticket whose details list the candidate's and the father's numbers. */
async function signedIn(on = api) {
  const t = await makeTicket(sql, ownerID);
  const father = randomMobile();
  await sql`UPDATE profile_detail SET details = ${sql.json({candidatePhone: t.phones[1]!, fatherPhone: father})} WHERE profile_id = ${t.id}`;
  const b = cookieBrowser(on.app);
  await b.post('/api/users/self-user/login/call-me', t.login);
  const code = (await lastCall(on))!.body.from!.slice(-6);
  expect(await b.post('/api/users/self-user/login/verify-number', {verifyCode: code})).toMatchObject({status: 200});
  on.provider.requests.length = 0;
  return {t, b, father};
}

/** An Israeli mobile as people here write it (050-1234567): the page shows what the server formats. */
const asWritten = (e164: string) => `0${e164.slice(4, 6)}-${e164.slice(6)}`;

describe('phone verification', () => {
  test('lists the ticket’s numbers, calls the chosen one, and the code marks it verified', async () => {
    const {t, b, father} = await signedIn();
    // The number the candidate signed in with is verified by that sign-in.
    expect(await b.get(BASE)).toMatchObject({
      status: 200,
      body: {
        phones: [
          {phone: t.phones[1], shown: asWritten(t.phones[1]!), verified: true},
          {phone: father, shown: asWritten(father), verified: false},
        ],
      },
    });
    expect(await b.post(`${BASE}/call-me`, {phone: nationalPhone(father)})).toMatchObject({status: 200, body: 'ok'});
    const call = (await lastCall())!;
    expect(call.body.to).toBe(father);

    expect(await b.post(`${BASE}/verify`, {verifyCode: '000000'})).toMatchObject({
      status: 401,
      body: {error: 'wrongCode', issues: [{field: 'verifyCode', message: 'wrongCode'}]},
    });
    expect(await b.post(`${BASE}/verify`, {verifyCode: call.body.from!.slice(-6)})).toMatchObject({status: 200});
    expect((await b.get(BASE)).body.phones).toEqual([
      {phone: t.phones[1], shown: asWritten(t.phones[1]!), verified: true},
      {phone: father, shown: asWritten(father), verified: true},
    ]);
    // Single-use, like every code.
    expect((await b.post(`${BASE}/verify`, {verifyCode: call.body.from!.slice(-6)})).status).toBe(401);
    const log =
      await sql`SELECT result, target FROM auth_event WHERE profile_id = ${t.id} AND kind = 'self-verify-phone' ORDER BY id`;
    expect(log.map(r => r.result)).toEqual(expect.arrayContaining(['wrong', 'verified']));
  });

  test('a number not on the ticket is refused and nobody is called', async () => {
    const {b} = await signedIn();
    expect(await b.post(`${BASE}/call-me`, {phone: nationalPhone(randomMobile())})).toMatchObject({
      status: 400,
      body: {issues: [{field: 'phone', message: 'phoneNotOnTicket'}]},
    });
    expect(await b.post(`${BASE}/call-me`, {phone: ''})).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    await api.delivered();
    expect(api.provider.requests).toEqual([]);
  });

  test('a candidate-sent card is unlocked by a verified number', async () => {
    const {t, b, father} = await signedIn();
    await sql`UPDATE profile SET source = 'candidate', candidate_verified_at = NULL WHERE id = ${t.id}`;
    expect((await b.get('/api/peoples/self-update')).status).toBe(403);
    await b.post(`${BASE}/call-me`, {phone: nationalPhone(father)});
    expect(await b.post(`${BASE}/verify`, {verifyCode: (await lastCall())!.body.from!.slice(-6)})).toMatchObject({status: 200});
    expect((await b.get('/api/peoples/self-update')).status).toBe(200);
  });

  test('without a self-user session: 401, and no call', async () => {
    const b = cookieBrowser(api.app);
    expect((await b.get(BASE)).status).toBe(401);
    expect((await b.post(`${BASE}/call-me`, {phone: '0521234567'})).status).toBe(401);
    expect((await b.post(`${BASE}/verify`, {verifyCode: '123456'})).status).toBe(401);
    await api.delivered();
    expect(api.provider.requests).toEqual([]);
  });

  test('code requests are rate-limited per number like the sign-in’s', async () => {
    const limited = await startTestApi(sql, {limits: {codeRequestsPerTarget: 2}});
    try {
      const {b, father} = await signedIn(limited);
      expect((await b.post(`${BASE}/call-me`, {phone: nationalPhone(father)})).status).toBe(200);
      expect((await b.post(`${BASE}/call-me`, {phone: nationalPhone(father)})).status).toBe(200);
      expect(await b.post(`${BASE}/call-me`, {phone: nationalPhone(father)})).toMatchObject({
        status: 429,
        body: {error: 'tooManyRequests'},
      });
    } finally {
      await limited.close();
    }
  });
});
