import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {accessLogWritten} from '../../server/audit/in-background.ts';
import {cardRefusal} from '../../app/benefit-cards/eligibility.ts';
import {BONUS_NOT_FOUND, CHECK_FLOOR_MS} from '../../server/benefit-cards/check-route.ts';
import {issueBenefitCard} from '../../server/benefit-cards/issue.ts';
import {connect} from '../../server/db/sql.ts';
import {signedInSelfUser, startTestApi} from '../support/api.ts';
import {browser, signedIn} from '../support/browser.ts';
import {makeTicket, makeUser} from '../support/fixtures.ts';
import {refusal, serverSide} from '../support/server-side.ts';

/**
 * Benefit cards through the real API app and real Postgres: the public check (spec §7
 * POST /api/bonuses/check-validation), the self-user's own card (spec §1, §4) and the office's list,
 * manual issue and revocation (issueBenefitCards) through the real server mutators and queries.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
let ownerID: string;
let office: AuthContext, shadchan: AuthContext;
beforeAll(async () => {
  api = await startTestApi(sql);
  ownerID = (await makeUser(sql, 'shadchan')).userID;
  office = await makeUser(sql, 'shadchan', ['issueBenefitCards']);
  shadchan = await makeUser(sql, 'shadchan', ['editTickets', 'showTickets']);
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const CHECK = '/api/bonuses/check-validation';
const BONUS = '/api/users/self-user/bonus';

/** One check from a given client address, timed. */
async function check(app: typeof api.app, body: unknown, ip = '198.51.100.7') {
  const started = performance.now();
  const res = await app.request(
    CHECK,
    {method: 'POST', headers: {'content-type': 'application/json'}, body: JSON.stringify(body)},
    {incoming: {socket: {remoteAddress: ip}}},
  );
  return {status: res.status, body: (await res.json()) as any, ms: performance.now() - started};
}

/** A ticket holding a live card. */
async function cardHolder() {
  const t = await makeTicket(sql, ownerID);
  await sql`UPDATE profile SET state = 'engaged' WHERE id = ${t.id}`;
  const card = await issueBenefitCard(sql, {profileID: t.id, coupleID: null, fullName: 'שרה לוי', idNumber: t.idNumber}, null);
  return {t, card};
}

describe('the public check', () => {
  test('a live card whose code and ID number match answers the §3 fields, and the check is logged', async () => {
    const {t, card} = await cardHolder();
    const shortTz = t.idNumber.replace(/^0+/, '');
    const answer = await check(api.app, {bonusCode: card.code.toLowerCase(), tz: shortTz});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      ID: card.id,
      bonusCode: card.code,
      People: {FullName: 'שרה לוי'},
      Tz: t.idNumber,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const [log] = await sql`SELECT result, ip, detail FROM access_log WHERE what = 'benefit-card' AND profile_id = ${t.id}`;
    expect(log).toMatchObject({result: 'shown', ip: '198.51.100.7', detail: {via: 'check', card: card.id}});
  });

  test('a wrong code, a wrong ID number, a revoked card and a malformed code answer alike, in the same time class', async () => {
    const {t, card} = await cardHolder();
    const revoked = await cardHolder();
    await sql`UPDATE benefit_card SET revoked_at = now() WHERE id = ${revoked.card.id}`;
    const other = await makeTicket(sql, ownerID);
    const cases = {
      valid: {bonusCode: card.code, tz: t.idNumber},
      wrongCode: {bonusCode: 'ZZZZZZZZZZZZ', tz: t.idNumber},
      wrongID: {bonusCode: card.code, tz: other.idNumber},
      revoked: {bonusCode: revoked.card.code, tz: revoked.t.idNumber},
      malformed: {bonusCode: '<script>', tz: 'abc'},
    };
    // One after another, so that each is timed alone.
    const answers: Record<string, Awaited<ReturnType<typeof check>>> = {};
    for (const [name, body] of Object.entries(cases)) answers[name] = await check(api.app, body);
    for (const name of ['wrongCode', 'wrongID', 'revoked', 'malformed']) {
      expect(answers[name]!.status, name).toBe(404);
      expect(answers[name]!.body, name).toEqual({error: BONUS_NOT_FOUND, message: 'No card matches this code and ID number'});
    }
    expect(answers.valid!.status).toBe(200);
    // Every answer waits for the floor; none takes much longer (the lookup is one indexed query; the
    // margin allows for a loaded test machine).
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.ms, name).toBeGreaterThanOrEqual(CHECK_FLOOR_MS - 5);
      expect(answer.ms, name).toBeLessThan(CHECK_FLOOR_MS + 400);
    }
    const results = await sql`SELECT result FROM access_log WHERE what = 'benefit-card' AND profile_id = ${revoked.t.id}`;
    expect(results.map(r => r.result)).toEqual([]); // a revoked card is not found, so no profile is named
  });

  test('a body that is not {bonusCode, tz} gets 400, after the same floor', async () => {
    const answer = await check(api.app, {bonusCode: 5});
    expect(answer).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(answer.ms).toBeGreaterThanOrEqual(CHECK_FLOOR_MS - 5);
  });

  test('checks are counted per client address: over the limit answers 429, another address still checks', async () => {
    const limited = await startTestApi(sql, {limits: {bonusChecksPerIP: 3}});
    try {
      const {t, card} = await cardHolder();
      const body = {bonusCode: card.code, tz: t.idNumber};
      for (let i = 0; i < 3; i++) expect((await check(limited.app, body, '203.0.113.9')).status).toBe(200);
      expect(await check(limited.app, body, '203.0.113.9')).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
      expect(await check(limited.app, {bonusCode: 'ZZZZZZZZZZZZ', tz: t.idNumber}, '203.0.113.9')).toMatchObject({status: 429});
      expect((await check(limited.app, body, '203.0.113.10')).status).toBe(200);
      const [log] = await sql`
        SELECT sum(repeats)::int AS n FROM access_log WHERE what = 'benefit-card' AND result = 'rate-limited' AND ip = '203.0.113.9'`;
      expect(log!.n).toBeGreaterThanOrEqual(2);
    } finally {
      await limited.close();
    }
  });
});

describe('eligibility', () => {
  const due = {closed: true, engaged: true, idNumber: '123456782', hasLiveCard: false};
  test('the rules, in order, for the self-user and the office', () => {
    expect(cardRefusal(due, 'self')).toBeUndefined();
    expect(cardRefusal({...due, engaged: false, idNumber: null}, 'self')).toBe('notEngaged');
    expect(cardRefusal({...due, idNumber: null}, 'office')).toBe('noIDNumber');
    expect(cardRefusal({...due, hasLiveCard: true}, 'self')).toBe('hasLiveCard');
    expect(cardRefusal({...due, closed: false}, 'self')).toBe('ticketOpen');
    expect(cardRefusal({...due, closed: false}, 'office')).toBeUndefined();
  });
});

describe('the self-user’s card', () => {
  async function signedIn() {
    const t = await makeTicket(sql, ownerID);
    const {b} = await signedInSelfUser(api, t.login);
    return {t, b};
  }

  test('without a self session: 401; a staff session is not one', async () => {
    const b = browser(api.app);
    expect(await b.get(BONUS)).toMatchObject({status: 401, body: {error: 'notSignedIn'}});
    expect(await b.post(BONUS, {peopleId: 'p-x'})).toMatchObject({status: 401});
    const staff = browser(api.app);
    await staff.post('/api/dev/sign-in', {userID: ownerID});
    expect(await staff.post(BONUS, {peopleId: 'p-x'})).toMatchObject({status: 401});
  });

  test('issued only once the ticket is closed and engaged, once, and shown after', async () => {
    const {t, b} = await signedIn();
    expect(await b.get(BONUS)).toMatchObject({status: 200, body: {card: null, refusal: 'notEngaged'}});
    expect(await b.post(BONUS, {peopleId: t.id})).toMatchObject({status: 409, body: {error: 'notEngaged'}});
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${t.id}`;
    expect(await b.get(BONUS)).toMatchObject({body: {card: null, refusal: 'ticketOpen'}});
    expect(await b.post(BONUS, {peopleId: t.id})).toMatchObject({status: 409, body: {error: 'ticketOpen'}});
    expect((await b.post('/api/peoples/delete-people', {peopleId: t.id})).status).toBe(200);
    expect(await b.get(BONUS)).toMatchObject({body: {card: null, refusal: null}});

    const [first, second] = await Promise.all([b.post(BONUS, {peopleId: t.id}), b.post(BONUS, {peopleId: t.id})]);
    const issued = [first!, second!].filter(r => r.status === 200);
    expect(issued).toHaveLength(1);
    expect([first!, second!].find(r => r.status !== 200)).toMatchObject({status: 409, body: {error: 'hasLiveCard'}});
    const card = issued[0]!.body.card;
    expect(card).toMatchObject({
      bonusCode: expect.stringMatching(/^[A-Z2-9]{12}$/),
      People: {FullName: 'שרה לוי'},
      Tz: t.idNumber,
    });
    expect(await b.get(BONUS)).toMatchObject({body: {card, refusal: null}});
    expect((await check(api.app, {bonusCode: card.bonusCode, tz: t.idNumber})).status).toBe(200);
    const rows = await sql`SELECT profile_id, issued_by, couple_id FROM benefit_card WHERE profile_id = ${t.id}`;
    expect(rows).toEqual([{profile_id: t.id, issued_by: null, couple_id: null}]);
    const log = await sql`SELECT result FROM access_log WHERE what = 'benefit-card' AND profile_id = ${t.id} ORDER BY id`;
    expect(log.map(r => r.result)).toContain('issued');
  });

  test('a side of a confirmed couple is due a card, which belongs to the couple', async () => {
    const {t, b} = await signedIn();
    const coupleID = `c-${t.id}`;
    await sql`INSERT INTO engaged_couple (id, status, male_name, male_id_number, female_profile_id, female_name)
              VALUES (${coupleID}, 'confirmed', 'יוסף כהן', '123456782', ${t.id}, 'שרה לוי')`;
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${t.id}`;
    const issued = await b.post(BONUS, {peopleId: t.id});
    expect(issued.status).toBe(200);
    const [row] = await sql`SELECT couple_id FROM benefit_card WHERE id = ${issued.body.card.ID}`;
    expect(row).toEqual({couple_id: coupleID});
  });

  test('only for their own ticket, and with a well-formed body', async () => {
    const {t, b} = await signedIn();
    const other = await cardHolder();
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${other.t.id}`;
    expect(await b.post(BONUS, {peopleId: other.t.id})).toMatchObject({status: 403, body: {error: 'forbidden'}});
    expect(await b.post(BONUS, {})).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(await b.post(BONUS, null, {raw: '{'})).toMatchObject({status: 400});
    const [n] = await sql`SELECT count(*)::int AS n FROM benefit_card WHERE profile_id IN (${t.id}, ${other.t.id})`;
    expect(n!.n).toBe(1);
  });

  test('a ticket without an ID number is told so', async () => {
    const {t, b} = await signedIn();
    await sql`UPDATE profile SET state = 'engaged', closed_at = now() WHERE id = ${t.id}`;
    await sql`UPDATE profile_detail SET id_number = NULL WHERE profile_id = ${t.id}`;
    // Signed in already: the session outlives the ID number (the office removed it).
    expect(await b.post(BONUS, {peopleId: t.id})).toMatchObject({status: 409, body: {error: 'noIDNumber'}});
  });
});

describe('the office (issueBenefitCards)', () => {
  const listAs = (ctx: AuthContext) =>
    db.transaction(tx => tx.run(queries.benefitCards.all.fn({args: undefined, ctx}))).then(rows => rows.map(r => r.id));
  const cardsOf = (profileID: string) => sql`SELECT * FROM benefit_card WHERE profile_id = ${profileID} ORDER BY created_at`;

  test('issues by hand to a candidate who is due a card, once; the list shows it to the office alone', async () => {
    const t = await makeTicket(sql, ownerID);
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${t.id}`; // the ticket may still be open
    await mutate(office, 'benefitCards.issue', {profileID: t.id});
    const [card] = await cardsOf(t.id);
    expect(card).toMatchObject({full_name: 'שרה לוי', id_number: t.idNumber, issued_by: office.userID, revoked_at: null});
    expect(card!.code).toMatch(/^[A-Z2-9]{12}$/);
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: t.id}))).toEqual({
      code: 'invalidInput',
      issues: [{field: 'profileID', message: 'hasLiveCard'}],
    });
    expect(await listAs(office)).toContain(card!.id);
    expect(await listAs(shadchan)).toEqual([]);
  });

  test("the list names a candidate's card only where the office may see that card", async () => {
    const seen = await cardHolder();
    // Another shadchan's personal database: the office may not see the card.
    const hidden = await cardHolder();
    await sql`UPDATE profile SET database = 'personal' WHERE id = ${hidden.t.id}`;
    const rows = await db.transaction(tx => tx.run(queries.benefitCards.all.fn({args: undefined, ctx: office})));
    const rowOf = (id: string) => rows.find(r => r.id === id);
    expect(rowOf(seen.card.id)?.profile).toMatchObject({id: seen.t.id});
    // The benefit card itself is the office's; the candidate's card (name, birth date, city, owner) is not.
    expect(rowOf(hidden.card.id)).toMatchObject({profileID: hidden.t.id});
    expect(rowOf(hidden.card.id)?.profile).toBeFalsy();
  });

  test('a candidate the office may not see is not found, engaged or not, and nothing is issued', async () => {
    const hidden = await makeTicket(sql, ownerID);
    await sql`UPDATE profile SET state = 'engaged', database = 'personal' WHERE id = ${hidden.id}`;
    const missing = {code: 'notFound', issues: [{field: 'profileID', message: 'notFound'}]};
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: hidden.id}))).toEqual(missing);
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: `p-${nanoid(6)}`}))).toEqual(missing);
    expect(await cardsOf(hidden.id)).toEqual([]);
  });

  test('refuses bad input, a candidate not due a card, and anyone without the permission', async () => {
    const t = await makeTicket(sql, ownerID);
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: t.id}))).toEqual({
      code: 'invalidInput',
      issues: [{field: 'profileID', message: 'notEngaged'}],
    });
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${t.id}`;
    await sql`UPDATE profile_detail SET id_number = NULL WHERE profile_id = ${t.id}`;
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: t.id}))).toMatchObject({
      issues: [{field: 'profileID', message: 'noIDNumber'}],
    });
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: `p-${nanoid(6)}`}))).toMatchObject({code: 'notFound'});
    expect(await refusal(mutate(office, 'benefitCards.issue', {profileID: ''}))).toMatchObject({code: 'invalidInput'});
    expect(await refusal(mutate(office, 'benefitCards.issue', {}))).toMatchObject({code: 'invalidInput'});
    const engaged = await cardHolder(); // holds a card already; a fresh engaged one for the permission check:
    const due = await makeTicket(sql, ownerID);
    await sql`UPDATE profile SET state = 'engaged' WHERE id = ${due.id}`;
    expect(await refusal(mutate(shadchan, 'benefitCards.issue', {profileID: due.id}))).toMatchObject({code: 'forbidden'});
    expect(await refusal(mutate(shadchan, 'benefitCards.revoke', {id: engaged.card.id}))).toMatchObject({code: 'forbidden'});
    expect(await cardsOf(due.id)).toEqual([]);
    expect((await cardsOf(engaged.t.id))[0]).toMatchObject({revoked_at: null});
  });

  test('revoking is recorded, final, and the public check then answers not found', async () => {
    const {t, card} = await cardHolder();
    expect((await check(api.app, {bonusCode: card.code, tz: t.idNumber})).status).toBe(200);
    await mutate(office, 'benefitCards.revoke', {id: card.id});
    const [revoked] = await cardsOf(t.id);
    expect(revoked).toMatchObject({revoked_by: office.userID});
    expect(revoked!.revoked_at).toBeInstanceOf(Date);
    await mutate(office, 'benefitCards.revoke', {id: card.id}); // again: nothing changes
    expect((await cardsOf(t.id))[0]!.revoked_at).toEqual(revoked!.revoked_at);
    expect(await check(api.app, {bonusCode: card.code, tz: t.idNumber})).toMatchObject({
      status: 404,
      body: {error: BONUS_NOT_FOUND},
    });
    expect(await refusal(mutate(office, 'benefitCards.revoke', {id: 'nope'}))).toMatchObject({code: 'notFound'});
    // A revoked card frees the candidate for a new one.
    await mutate(office, 'benefitCards.issue', {profileID: t.id});
    expect(await cardsOf(t.id)).toHaveLength(2);
  });

  test('reading the list is in the access log, once per opening, refused for others', async () => {
    const readList = async (ctx: AuthContext) => {
      const b = await signedIn(api.app, ctx.userID);
      return b.post('/api/zero/query?schema=kesher_0&appID=kesher', [
        'transform',
        [{id: `bc-${nanoid(4)}`, name: 'benefitCards.all', args: []}],
      ]);
    };
    const officer = await makeUser(sql, 'shadchan', ['issueBenefitCards']);
    const other = await makeUser(sql, 'shadchan', ['showTickets']);
    expect((await readList(officer)).status).toBe(200);
    expect((await readList(officer)).status).toBe(200);
    expect((await readList(other)).status).toBe(200);
    await accessLogWritten();
    const rows = await sql`
      SELECT user_id, result, detail FROM access_log WHERE what = 'benefit-card' AND user_id IN (${officer.userID}, ${other.userID})`;
    expect(rows).toHaveLength(2);
    expect(rows).toEqual(
      expect.arrayContaining([
        {user_id: officer.userID, result: 'shown', detail: {via: 'office-list'}},
        {user_id: other.userID, result: 'refused', detail: {via: 'office-list'}},
      ]),
    );
  });
});
