import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {SESSION_COOKIE, createSession} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {signedInSelfUser, startTestApi} from '../support/api.ts';
import {browser as cookieBrowser} from '../support/browser.ts';
import {makeTicket, makeUser, nationalPhone, randomMobile} from '../support/fixtures.ts';

/**
 * The candidate edits their own ticket (issue 15): GET/POST /api/peoples/self-update with a self-user
 * session, through the real API app and Postgres.
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

const SELF_UPDATE = '/api/peoples/self-update';

/** A browser signed in as the self-user of a fresh ticket (which has a few details already). */
async function signedIn() {
  const t = await makeTicket(sql, ownerID);
  await sql`UPDATE profile_detail SET details = ${sql.json({occupation: 'מורה', health: 'בריאה', candidatePhone: t.phones[0]!})}
            WHERE profile_id = ${t.id}`;
  const {b} = await signedInSelfUser(api, t.login);
  return {t, b};
}

const stored = async (id: string) => {
  const [row] = await sql<
    {revision: number; details: Record<string, unknown>; phones: string[]; id_number: string; owner_id: string}[]
  >`
    SELECT p.revision, d.details, p.phones, d.id_number, p.owner_id FROM profile p JOIN profile_detail d ON d.profile_id = p.id
    WHERE p.id = ${id}`;
  return row!;
};
const revisions = (id: string) =>
  sql<{field: string; user_id: string | null; by_candidate: boolean; old_value: unknown; new_value: unknown}[]>`
    SELECT field, user_id, by_candidate, old_value, new_value FROM profile_revision WHERE profile_id = ${id} ORDER BY field`;

describe('the candidate edits their own ticket', () => {
  test('reads only the editable details, saves a change as one revision "by the candidate", and the sign-in numbers follow', async () => {
    const {t, b} = await signedIn();
    const read = await b.get(SELF_UPDATE);
    expect(read).toMatchObject({status: 200, body: {ticketID: t.id, revision: 0, gender: 'female'}});
    // health is on the card but not the candidate's to see or change here.
    expect(read.body.details).toEqual({occupation: 'מורה', candidatePhone: t.phones[0]});

    const phone = randomMobile();
    const saved = await b.post(SELF_UPDATE, {
      ticketID: t.id,
      revision: 0,
      details: {candidatePhone: nationalPhone(phone), aboutMe: '  אוהבת ללמוד  '},
    });
    expect(saved).toMatchObject({status: 200, body: {ok: true, revision: 1}});
    const after = await stored(t.id);
    expect(after.revision).toBe(1);
    expect(after.details).toEqual({occupation: 'מורה', health: 'בריאה', candidatePhone: phone, aboutMe: 'אוהבת ללמוד'});
    expect(after.phones).toEqual([phone]);
    expect(await revisions(t.id)).toEqual([
      {field: 'details.aboutMe', user_id: null, by_candidate: true, old_value: null, new_value: 'אוהבת ללמוד'},
      {field: 'details.candidatePhone', user_id: null, by_candidate: true, old_value: t.phones[0], new_value: phone},
    ]);
  });

  test('a field outside the list, or a card column, is refused and nothing is written', async () => {
    const {t, b} = await signedIn();
    const before = await stored(t.id);
    for (const body of [
      {ticketID: t.id, revision: 0, details: {aboutMe: 'x', health: 'חולה'}},
      {ticketID: t.id, revision: 0, details: {aboutMe: 'x', fatherName: 'אבא'}},
      {ticketID: t.id, revision: 0, details: {aboutMe: 'x'}, idNumber: '000000018'},
      {ticketID: t.id, revision: 0, details: {aboutMe: 'x'}, ownerID: 'someone'},
      {ticketID: t.id, revision: 0, details: {aboutMe: 'x'}, state: 'active'},
    ]) {
      const answer = await b.post(SELF_UPDATE, body);
      expect(answer).toMatchObject({status: 400, body: {error: 'invalidInput'}});
      expect(answer.body.issues).toContainEqual(expect.objectContaining({message: 'unknownField'}));
    }
    expect(await stored(t.id)).toEqual(before);
    expect(await revisions(t.id)).toEqual([]);
  });

  test('another ticket is refused and left alone', async () => {
    const {b} = await signedIn();
    const other = await makeTicket(sql, ownerID);
    const before = await stored(other.id);
    expect(await b.post(SELF_UPDATE, {ticketID: other.id, revision: 0, details: {aboutMe: 'x'}})).toMatchObject({
      status: 403,
      body: {error: 'forbidden'},
    });
    expect(await stored(other.id)).toEqual(before);
    expect(await revisions(other.id)).toEqual([]);
  });

  test('bad values get their field errors and nothing is written', async () => {
    const {t, b} = await signedIn();
    const before = await stored(t.id);
    const answer = await b.post(SELF_UPDATE, {
      ticketID: t.id,
      revision: 0,
      details: {candidatePhone: '12', aboutMe: 'א'.repeat(2001), occupation: null, height: 500, employment: 'pirate'},
    });
    expect(answer).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(answer.body.issues).toEqual(
      expect.arrayContaining([
        {field: 'details.candidatePhone', message: 'invalidPhone'},
        {field: 'details.aboutMe', message: 'tooLong'},
        {field: 'details.occupation', message: expect.any(String)},
        {field: 'details.height', message: 'outOfRange'},
        {field: 'details.employment', message: 'unknownOption'},
      ]),
    );
    expect(await stored(t.id)).toEqual(before);
    expect(await revisions(t.id)).toEqual([]);
  });

  test('a change to a field someone changed since the form opened is a conflict; other fields merge', async () => {
    const {t, b} = await signedIn();
    expect((await b.post(SELF_UPDATE, {ticketID: t.id, revision: 0, details: {aboutMe: 'ראשון'}})).status).toBe(200);
    expect(await b.post(SELF_UPDATE, {ticketID: t.id, revision: 0, details: {aboutMe: 'שני'}})).toMatchObject({
      status: 409,
      body: {error: 'editConflict', issues: [{field: 'details.aboutMe', message: 'editConflict'}]},
    });
    expect(await b.post(SELF_UPDATE, {ticketID: t.id, revision: 0, details: {languages: 'עברית'}})).toMatchObject({
      status: 200,
      body: {revision: 2},
    });
    expect((await stored(t.id)).details).toMatchObject({aboutMe: 'ראשון', languages: 'עברית'});
  });

  test('a locked (unverified candidate-sent) or closed ticket cannot be edited', async () => {
    const {t, b} = await signedIn();
    await sql`UPDATE profile SET source = 'candidate', candidate_verified_at = NULL WHERE id = ${t.id}`;
    expect(await b.get(SELF_UPDATE)).toMatchObject({status: 403, body: {error: 'ticketLocked'}});
    expect(await b.post(SELF_UPDATE, {ticketID: t.id, revision: 0, details: {aboutMe: 'x'}})).toMatchObject({status: 403});
    await sql`UPDATE profile SET candidate_verified_at = now(), closed_at = now() WHERE id = ${t.id}`;
    expect(await b.post(SELF_UPDATE, {ticketID: t.id, revision: 0, details: {aboutMe: 'x'}})).toMatchObject({
      status: 409,
      body: {error: 'ticketClosed'},
    });
    expect(await revisions(t.id)).toEqual([]);
  });

  test('without a self session it answers 401, also to a staff session; a self session never reaches Zero', async () => {
    const t = await makeTicket(sql, ownerID);
    const anonymous = cookieBrowser(api.app);
    expect(await anonymous.get(SELF_UPDATE)).toMatchObject({status: 401});
    const staff = cookieBrowser(api.app);
    staff.jar.set(SESSION_COOKIE, (await createSession(sql, ownerID, undefined)).token);
    expect(await staff.post(SELF_UPDATE, {ticketID: t.id, revision: 0, details: {aboutMe: 'x'}})).toMatchObject({status: 401});
    expect(await revisions(t.id)).toEqual([]);

    const {b} = await signedIn();
    expect((await b.post('/api/zero/query', {})).status).toBe(401);
    expect((await b.post('/api/zero/mutate', {})).status).toBe(401);
  });
});
