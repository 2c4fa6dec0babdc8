import {randomBytes, randomInt} from 'node:crypto';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {SELF_SESSION_COOKIE} from '../../server/auth/self-session.ts';
import {hashToken} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser} from '../support/browser.ts';
import {makeIsraeliID, makeProfile, makeUser} from '../support/fixtures.ts';

/**
 * The public candidate form behind a shadchan's personal link (spec §4, §7): the link, the form's
 * lookups, a submission through the real server mutator into a pending candidate-sent card, and the
 * lock the self-user login lifts.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let shadchanID: string;
let blockedID: string;
let viewerID: string;
beforeAll(async () => {
  api = await startTestApi(sql);
  shadchanID = (await makeUser(sql, 'shadchan', ['editTickets'])).userID;
  blockedID = (await makeUser(sql, 'blocked', ['editTickets'])).userID;
  viewerID = (await makeUser(sql, 'shadchan')).userID;
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const LINK = (userID: string) => `/api/peoples/add-people-by-user/${userID}`;
const randomMobile = () => `054${String(randomInt(0, 10_000_000)).padStart(7, '0')}`;

/** A complete candidate form, with a fresh surname to find the card by. */
function candidateForm(over: Record<string, unknown> = {}) {
  const surname = `מועמד${randomInt(0, 1e9)}`;
  return {
    forename: 'חנה',
    surname,
    gender: 'female',
    city: 'אלעד',
    birthDate: '2002-02-02',
    sectorID: 'litvish',
    idNumber: null,
    communityID: null,
    details: {
      occupation: 'מורה',
      suggestionsContact: 'אמא',
      suggestionsPhone: '052-7000000',
      inquiryPhones: ['03-5000000'],
      candidatePhone: randomMobile(),
    },
    ...over,
  };
}
const cardsNamed = (surname: string) =>
  sql`SELECT * FROM profile LEFT JOIN profile_detail ON profile_id = id WHERE surname = ${surname}`;

describe('the link and the form', () => {
  test('the shared link redirects to the public page', async () => {
    const res = await api.app.request(LINK(shadchanID));
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/add-people/${shadchanID}`);
  });

  test('a valid link gives the shadchan’s name and the option lists', async () => {
    const res = await browser(api.app).get(`${LINK(shadchanID)}/form`);
    expect(res.status).toBe(200);
    expect(res.body.shadchanName).toBe(`בודק ${shadchanID}`);
    expect(res.body.sectors).toEqual(expect.arrayContaining([expect.objectContaining({id: 'litvish'})]));
    expect(Array.isArray(res.body.communities)).toBe(true);
  });

  test.each([
    ['an unknown user', () => 'u-nobody'],
    ['a blocked user', () => blockedID],
    ['a user without editTickets', () => viewerID],
  ])('%s: the link is invalid (404), and nothing can be sent through it', async (_, who) => {
    const b = browser(api.app);
    expect(await b.get(`${LINK(who())}/form`)).toMatchObject({status: 404, body: {error: 'invalidLink'}});
    const form = candidateForm();
    expect(await b.post(LINK(who()), form)).toMatchObject({status: 404, body: {error: 'invalidLink'}});
    expect(await cardsNamed(form.surname)).toHaveLength(0);
  });
});

describe('sending the form', () => {
  test('creates a pending, candidate-sent card owned by the link’s shadchan, with its sign-in phones', async () => {
    const form = candidateForm({idNumber: makeIsraeliID()});
    const res = await browser(api.app).post(LINK(shadchanID), form);
    expect(res).toMatchObject({status: 200, body: {ok: true, shadchanName: `בודק ${shadchanID}`}});
    const [row] = await cardsNamed(form.surname);
    expect(row).toMatchObject({
      owner_id: shadchanID,
      state: 'pending',
      source: 'candidate',
      database: 'general',
      status_id: 'available',
      candidate_verified_at: null,
      colour: null,
      open_from: null,
      id_number: form.idNumber,
    });
    const phone = `+972${(form.details.candidatePhone as string).slice(1)}`;
    expect(row!.phones).toEqual([phone]);
    expect(row!.details).toMatchObject({suggestionsPhone: '+972527000000', inquiryPhones: ['+97235000000']});
    const history = await sql`SELECT field, user_id FROM profile_revision WHERE profile_id = ${row!.id}`;
    expect(history).toEqual([{field: 'created', user_id: shadchanID}]);
  });

  test('staff-only fields in the body are ignored: no colour, status, personal database or chosen id', async () => {
    const form = candidateForm();
    const res = await browser(api.app).post(LINK(shadchanID), {
      ...form,
      id: 'p-chosen',
      colour: 'red',
      statusID: 'engaged',
      database: 'personal',
      temporary: false,
      openFrom: '2030-01-01',
    });
    expect(res.status).toBe(200);
    const [row] = await cardsNamed(form.surname);
    expect(row).toMatchObject({colour: null, status_id: 'available', database: 'general', state: 'pending', open_from: null});
    expect(row!.id).not.toBe('p-chosen');
  });

  test.each([
    ['no forename', {forename: ''}, 'forename', 'required'],
    ['no sector', {sectorID: ''}, 'sectorID', 'required'],
    ['a bad date', {birthDate: '2002-13-40'}, 'birthDate', 'invalidDate'],
    ['an invalid ID number', {idNumber: '123456789'}, 'idNumber', 'invalidId'],
    ['no occupation', {details: {...candidateForm().details, occupation: ''}}, 'details.occupation', 'required'],
    ['no inquiry number', {details: {...candidateForm().details, inquiryPhones: []}}, 'details.inquiryPhones', 'required'],
    [
      'an invalid phone',
      {details: {...candidateForm().details, suggestionsPhone: '12'}},
      'details.suggestionsPhone',
      'invalidPhone',
    ],
  ])('%s is refused with a field issue and nothing is written', async (_, change, field, message) => {
    const form = candidateForm(change);
    const res = await browser(api.app).post(LINK(shadchanID), form);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({error: 'invalidInput'});
    expect(res.body.issues).toEqual(expect.arrayContaining([{field, message}]));
    expect(await cardsNamed(form.surname)).toHaveLength(0);
  });

  test('an unknown sector or community is refused with a field issue', async () => {
    const form = candidateForm({sectorID: 'no-such-sector'});
    expect(await browser(api.app).post(LINK(shadchanID), form)).toMatchObject({
      status: 400,
      body: {error: 'unknownOption', issues: [{field: 'sectorID', message: 'unknownOption'}]},
    });
    const other = candidateForm({communityID: 'no-such-community'});
    expect(await browser(api.app).post(LINK(shadchanID), other)).toMatchObject({
      status: 400,
      body: {issues: [{field: 'communityID', message: 'unknownOption'}]},
    });
    expect(await cardsNamed(form.surname)).toHaveLength(0);
    expect(await cardsNamed(other.surname)).toHaveLength(0);
  });

  test('an ID number already on a card answers exactly as a new card does, writes nothing, and is logged', async () => {
    const idNumber = makeIsraeliID();
    const b = browser(api.app);
    const first = await b.post(LINK(shadchanID), candidateForm({idNumber}));
    expect(first.status).toBe(200);
    const [card] = await sql`SELECT profile_id FROM profile_detail WHERE id_number = ${idNumber}`;
    const logged = () => sql`SELECT user_id, profile_id, what, result, detail FROM access_log
                             WHERE what = 'candidate-form' AND profile_id = ${card!.profile_id} ORDER BY id`;
    // Whatever that card holds (another birth date, another gender, the same person), nothing is told.
    const changes = [{birthDate: '1999-09-09'}, {gender: 'male'}, {}];
    for (const change of changes) {
      const form = candidateForm({idNumber, ...change});
      const res = await b.post(LINK(shadchanID), form);
      expect({status: res.status, body: res.body}).toEqual({status: first.status, body: first.body});
      expect(await cardsNamed(form.surname)).toHaveLength(0);
    }
    expect(await logged()).toEqual(
      ['birthDateMismatch', 'genderMismatch', 'idExists'].map(reason => ({
        user_id: null,
        profile_id: card!.profile_id,
        what: 'candidate-form',
        result: 'refused',
        detail: {reason, link: shadchanID},
      })),
    );
  });

  test('an ID number on a card the link’s shadchan may not see is answered and logged alike', async () => {
    const idNumber = makeIsraeliID();
    const stranger = await makeUser(sql, 'shadchan', ['editTickets']);
    const hidden = await makeProfile(sql, stranger.userID, 'personal');
    await sql`UPDATE profile_detail SET id_number = ${idNumber} WHERE profile_id = ${hidden}`;
    const form = candidateForm({idNumber});
    expect(await browser(api.app).post(LINK(shadchanID), form)).toMatchObject({
      status: 200,
      body: {ok: true, shadchanName: `בודק ${shadchanID}`},
    });
    expect(await cardsNamed(form.surname)).toHaveLength(0);
    expect(await sql`SELECT what, result FROM access_log WHERE profile_id = ${hidden}`).toEqual([
      {what: 'candidate-form', result: 'refused'},
    ]);
  });

  test('malformed and oversized bodies are refused', async () => {
    const b = browser(api.app);
    expect(await b.post(LINK(shadchanID), null, {raw: '{nope'})).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    const huge = candidateForm({details: {...candidateForm().details, aboutMe: 'א'.repeat(70_000)}});
    expect(await b.post(LINK(shadchanID), huge)).toMatchObject({status: 413, body: {error: 'bodyTooLarge'}});
  });

  test('one address may send only so many forms', async () => {
    const limited = await startTestApi(sql, {limits: {candidateFormsPerIP: 2}});
    try {
      const b = browser(limited.app);
      expect((await b.post(LINK(shadchanID), candidateForm())).status).toBe(200);
      expect((await b.post(LINK(shadchanID), candidateForm({forename: ''}))).status).toBe(400);
      const form = candidateForm();
      expect(await b.post(LINK(shadchanID), form)).toMatchObject({status: 429, body: {error: 'tooManyRequests'}});
      expect(await cardsNamed(form.surname)).toHaveLength(0);
    } finally {
      await limited.close();
    }
  });
});

describe('the lock (spec §4)', () => {
  test('the card is locked for the candidate until a code reaches one of its numbers; pending cards cannot be closed', async () => {
    const idNumber = makeIsraeliID();
    const form = candidateForm({idNumber});
    const b = browser(api.app);
    expect((await b.post(LINK(shadchanID), form)).status).toBe(200);
    const [row] = await cardsNamed(form.surname);
    expect(row!.candidate_verified_at).toBeNull();

    api.provider.requests.length = 0;
    const login = {
      tz: idNumber,
      birthday: form.birthDate,
      phone: form.details.candidatePhone,
      name: `${form.forename} ${form.surname}`,
    };
    expect(await b.post('/api/users/self-user/login/call-me', login)).toMatchObject({status: 200});
    await api.delivered();
    const code = api.provider.requests.at(-1)!.body.from!.slice(-6);

    // Before verification the card is locked. A real self session only comes from verifying, so one is
    // made directly here to read the ticket info as it stands.
    const token = randomBytes(32).toString('base64url');
    await sql`INSERT INTO session (token_hash, kind, profile_id, expires_at)
              VALUES (${hashToken(token)}, 'self', ${row!.id}, now() + interval '1 hour')`;
    const early = browser(api.app);
    early.jar.set(SELF_SESSION_COOKIE, token);
    expect(await early.get('/api/users/self-user/ticket-info')).toMatchObject({status: 200, body: {locked: true, pending: true}});

    expect(await b.post('/api/users/self-user/login/verify-number', {verifyCode: code})).toMatchObject({status: 200});
    const [after] = await sql`SELECT candidate_verified_at FROM profile WHERE id = ${row!.id}`;
    expect(after!.candidate_verified_at).toBeInstanceOf(Date);
    expect(await b.get('/api/users/self-user/ticket-info')).toMatchObject({
      status: 200,
      body: {ticketID: row!.id, locked: false, pending: true, deleted: false},
    });

    // Awaiting approval: signing in verified the number, but closing waits for the approver.
    expect(await b.post('/api/peoples/delete-people', {peopleId: row!.id})).toMatchObject({
      status: 409,
      body: {error: 'ticketPending'},
    });
    await sql`UPDATE profile SET state = 'active' WHERE id = ${row!.id}`;
    expect(await b.post('/api/peoples/delete-people', {peopleId: row!.id})).toMatchObject({status: 200});

    // A second sign-in keeps the first verification's time.
    const stamp = after!.candidate_verified_at as Date;
    await b.post('/api/users/self-user/login/call-me', login);
    await api.delivered();
    await b.post('/api/users/self-user/login/verify-number', {verifyCode: api.provider.requests.at(-1)!.body.from!.slice(-6)});
    const [again] = await sql`SELECT candidate_verified_at FROM profile WHERE id = ${row!.id}`;
    expect((again!.candidate_verified_at as Date).getTime()).toBe(stamp.getTime());
  });
});
