import {describe, expect, inject, test} from 'vitest';
import {SESSION_COOKIE} from '../../server/auth/session.ts';
import {connect} from '../../server/db/sql.ts';
import {useTestApi} from '../support/api.ts';
import {browser, signedIn as signedInAs} from '../support/browser.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * The commitment form (spec §2 user-agreement/{id}) through the real API and Postgres: the session gate
 * while it is unsigned, who may read and sign which form, bad input refused with nothing written, and
 * the signature stored with the day, the time and the caller's address.
 */
const sql = connect(inject('databaseURL'));
const api = useTestApi(sql);

/** A new user who owes the form (unless told), signed in through the development sign-in. */
async function signedIn(agreementDue = true) {
  const user = await makeUser(sql, 'shadchan', [], {agreementDue});
  const b = await signedInAs(api.app, user.userID);
  const [row] = await sql<{name: string}[]>`SELECT name FROM app_user WHERE id = ${user.userID}`;
  return {user, b, name: row!.name};
}

const stored = async (userID: string) => ({
  signatures: await sql`SELECT * FROM user_agreement WHERE user_id = ${userID}`,
  due: (await sql<{agreement_due: boolean}[]>`SELECT agreement_due FROM app_user WHERE id = ${userID}`)[0]!.agreement_due,
});

describe('the gate', () => {
  test('an unsigned session may only ask who it is, read and sign its form, or sign out; signing opens the rest', async () => {
    const {user, b, name} = await signedIn();
    expect((await b.get('/api/session')).body).toMatchObject({
      user: {ID: user.userID},
      declarationDue: false,
      agreementDue: true,
    });
    const refused = {status: 403, body: {error: 'agreementDue'}};
    expect(await b.get('/api/users/admin-notifications')).toMatchObject(refused);
    expect(await b.post('/api/session/activity', {})).toMatchObject(refused);
    expect(await b.post('/api/zero/query?schema=x&appID=x', ['transform', []])).toMatchObject(refused);
    expect(await b.post('/api/zero/mutate?schema=x&appID=x', {})).toMatchObject(refused);

    const form = await b.get(`/api/users/agreement/${user.userID}`);
    expect(form).toMatchObject({status: 200, body: {name, signed: null}});
    expect(form.body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const signed = await b.post(`/api/users/agreement/${user.userID}`, {accepted: true, fullName: `  ${name}  `, locale: 'he'});
    expect(signed).toMatchObject({status: 200, body: {signed: {fullName: name, signedOn: form.body.today}}});
    expect((await b.get('/api/session')).body.agreementDue).toBe(false);
    expect((await b.get('/api/users/admin-notifications')).status).toBe(200);
    // The signed form stays readable (to print), and cannot be signed twice.
    expect((await b.get(`/api/users/agreement/${user.userID}`)).body.signed).toMatchObject({fullName: name});
    expect(await b.post(`/api/users/agreement/${user.userID}`, {accepted: true, fullName: name, locale: 'he'})).toMatchObject({
      status: 409,
      body: {error: 'alreadySigned'},
    });
  });

  test('the declaration comes first: while it is due, the form is refused too', async () => {
    const user = await makeUser(sql, 'shadchan', [], {agreementDue: true, declarationAcceptedOn: null});
    const b = await signedInAs(api.app, user.userID);
    expect(await b.get(`/api/users/agreement/${user.userID}`)).toMatchObject({status: 403, body: {error: 'declarationDue'}});
  });

  test('a user marked as signed (accounts made before the form, the demo seed) enters at once', async () => {
    const {b} = await signedIn(false);
    expect((await b.get('/api/session')).body.agreementDue).toBe(false);
    expect((await b.get('/api/users/admin-notifications')).status).toBe(200);
  });

  test('a new account owes the form by default', async () => {
    await sql`INSERT INTO app_user (id, name, gender, role) VALUES ('agreement-default', 'ברירת מחדל', 'male', 'shadchan')
              ON CONFLICT (id) DO NOTHING`;
    expect(await stored('agreement-default')).toMatchObject({due: true});
  });
});

describe('signing', () => {
  test('the name is compared as people type it (niqqud, final letters, spaces), and the caller address is stored', async () => {
    const user = await makeUser(sql, 'shadchan', [], {agreementDue: true});
    await sql`UPDATE app_user SET name = 'שִׁמְעוֹן  בֶּן-שׁוּשָׁן' WHERE id = ${user.userID}`;
    const b = await signedInAs(api.app, user.userID);
    const res = await api.app.request(
      `/api/users/agreement/${user.userID}`,
      {
        method: 'POST',
        headers: {'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${b.jar.get(SESSION_COOKIE)}`},
        body: JSON.stringify({accepted: true, fullName: 'שמעון בן שושן', locale: 'en'}),
      },
      {incoming: {socket: {remoteAddress: '203.0.113.9'}}},
    );
    expect(res.status).toBe(200);
    const {signatures, due} = await stored(user.userID);
    expect(due).toBe(false);
    expect(signatures).toMatchObject([{full_name: 'שמעון בן שושן', ip: '203.0.113.9', locale: 'en'}]);
    expect(Date.now() - (signatures[0]!.signed_at as Date).getTime()).toBeLessThan(60_000);
  });

  test.each([
    ['the box not ticked', {accepted: false, fullName: 'NAME', locale: 'he'}, 'accepted'],
    ['no name', {accepted: true, fullName: '   ', locale: 'he'}, 'fullName'],
    ['a name too long', {accepted: true, fullName: 'א'.repeat(201), locale: 'he'}, 'fullName'],
    ['an unknown locale', {accepted: true, fullName: 'NAME', locale: 'fr'}, 'locale'],
    ['a number for a name', {accepted: true, fullName: 5, locale: 'he'}, 'fullName'],
  ])('%s is refused near its field, nothing written', async (_, body, field) => {
    const {user, b, name} = await signedIn();
    const sent = {...body, fullName: body.fullName === 'NAME' ? name : body.fullName};
    const res = await b.post(`/api/users/agreement/${user.userID}`, sent);
    expect(res).toMatchObject({status: 400, body: {error: 'invalidInput'}});
    expect(res.body.issues.map((i: {field: string}) => i.field)).toContain(field);
    expect(await stored(user.userID)).toEqual({signatures: [], due: true});
  });

  test("a name that is not the account's is refused, nothing written", async () => {
    const {user, b} = await signedIn();
    const res = await b.post(`/api/users/agreement/${user.userID}`, {accepted: true, fullName: 'משה כהן', locale: 'he'});
    expect(res).toMatchObject({
      status: 400,
      body: {error: 'invalidInput', issues: [{field: 'fullName', message: 'nameMismatch'}]},
    });
    expect(await stored(user.userID)).toEqual({signatures: [], due: true});
  });

  test("someone else's form is neither shown nor signed (404, as for one that does not exist); signed out is 401", async () => {
    const {b} = await signedIn();
    const other = await signedIn();
    expect(await b.get(`/api/users/agreement/${other.user.userID}`)).toMatchObject({status: 404, body: {error: 'notFound'}});
    expect(await b.get('/api/users/agreement/no-such-user')).toMatchObject({status: 404, body: {error: 'notFound'}});
    const res = await b.post(`/api/users/agreement/${other.user.userID}`, {accepted: true, fullName: other.name, locale: 'he'});
    expect(res).toMatchObject({status: 404, body: {error: 'notFound'}});
    expect(await stored(other.user.userID)).toEqual({signatures: [], due: true});
    const anonymous = browser(api.app);
    expect((await anonymous.get(`/api/users/agreement/${other.user.userID}`)).status).toBe(401);
    expect((await anonymous.post(`/api/users/agreement/${other.user.userID}`, {})).status).toBe(401);
  });
});
