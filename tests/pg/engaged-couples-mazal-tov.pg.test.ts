import {randomBytes} from 'node:crypto';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {SELF_SESSION_COOKIE} from '../../server/auth/self-session.ts';
import {SESSION_COOKIE, createSession, hashToken} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {browser as cookieBrowser} from '../support/browser.ts';
import {makeIsraeliID, makeTicket, makeUser} from '../support/fixtures.ts';

/**
 * The candidate's mazal tov from the self-user home (issue 15): POST /api/engaged-couples/mazal-tov
 * through the real API app and Postgres, with a self session only, their own ticket as one side.
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

const MAZAL_TOV = '/api/engaged-couples/mazal-tov';

/** A browser holding a self session for a fresh ticket (a woman's), as the self-user login leaves it. */
async function selfUser() {
  const ticket = await makeTicket(sql, ownerID);
  const token = randomBytes(32).toString('base64url');
  await sql`INSERT INTO session (token_hash, kind, profile_id, expires_at)
            VALUES (${hashToken(token)}, 'self', ${ticket.id}, now() + interval '1 hour')`;
  const b = cookieBrowser(api.app);
  b.jar.set(SELF_SESSION_COOKIE, token);
  return {ticket, b};
}
const report = (over: Record<string, unknown> = {}) => ({
  otherName: 'דוד כהן',
  otherIDNumber: makeIsraeliID(),
  fatherName: 'משה',
  rabbi: 'הרב לנדא',
  note: 'הווארט ביום חמישי',
  ...over,
});

describe('the candidate’s mazal tov', () => {
  test('their own ticket is one side; it arrives as a pending couple submitted by the ticket', async () => {
    const {ticket, b} = await selfUser();
    const sent = report();
    const answer = await b.post(MAZAL_TOV, sent);
    expect(answer.status).toBe(200);
    const [couple] = await sql`SELECT * FROM engaged_couple WHERE id = ${(answer.body as {coupleID: string}).coupleID}`;
    expect(couple).toMatchObject({
      status: 'pending',
      female_profile_id: ticket.id,
      female_name: 'שרה לוי',
      female_id_number: ticket.idNumber,
      male_profile_id: null,
      male_name: 'דוד כהן',
      male_id_number: sent.otherIDNumber,
      father_name: 'משה',
      rabbi: 'הרב לנדא',
      submitted_by_profile: ticket.id,
      submitted_by_user: null,
      shadchan_id: null,
    });
    // One report awaits approval at a time.
    expect(await b.post(MAZAL_TOV, report())).toMatchObject({status: 409, body: {error: 'alreadyReported'}});
  });

  test('bad input is refused by field and nothing is written', async () => {
    const {ticket, b} = await selfUser();
    const answer = await b.post(MAZAL_TOV, report({otherName: ' ', otherIDNumber: '123456789', note: 'x'.repeat(2001)}));
    expect(answer.status).toBe(400);
    expect((answer.body as {issues: unknown[]}).issues).toEqual(
      expect.arrayContaining([
        {field: 'otherName', message: 'required'},
        {field: 'otherIDNumber', message: 'invalidId'},
        {field: 'note', message: 'tooLong'},
      ]),
    );
    expect(await sql`SELECT id FROM engaged_couple WHERE submitted_by_profile = ${ticket.id}`).toEqual([]);
  });

  test('without a self session it is refused: signed out 401, a staff session 403', async () => {
    expect(await cookieBrowser(api.app).post(MAZAL_TOV, report())).toMatchObject({status: 401, body: {error: 'notSignedIn'}});
    const staff = cookieBrowser(api.app);
    staff.jar.set(SESSION_COOKIE, (await createSession(sql, (await makeUser(sql, 'admin')).userID, undefined)).token);
    expect(await staff.post(MAZAL_TOV, report())).toMatchObject({status: 403, body: {error: 'forbidden'}});
    // A staff token in the self cookie is no self session.
    staff.jar.set(SELF_SESSION_COOKIE, staff.jar.get(SESSION_COOKIE)!);
    expect((await staff.post(MAZAL_TOV, report())).status).toBe(403);
  });

  test('a closed ticket reports nothing', async () => {
    const {ticket, b} = await selfUser();
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${ticket.id}`;
    expect(await b.post(MAZAL_TOV, report())).toMatchObject({status: 409, body: {error: 'ticketNotActive'}});
  });
});
