import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {foldName} from '../../app/lib/hebrew-name.ts';
import {makeIsraeliID, makeUser} from '../support/fixtures.ts';
import {startTestApi} from '../support/api.ts';

/**
 * POST /api/profiles/duplicates (the new-profile screen's check before saving) through the real API
 * app and Postgres: the same ID number, a shared sign-in phone, or the same folded name with the same
 * birth date. Cards the user may not open are counted but never named.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let editor: AuthContext, colleague: AuthContext;
let editorCookie: string, viewerCookie: string, blockedCookie: string;

async function signIn(userID: string) {
  const res = await api.app.request('/api/dev/sign-in', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify({userID}),
  });
  expect(res.status).toBe(200);
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

beforeAll(async () => {
  api = await startTestApi(sql);
  editor = await makeUser(sql, 'shadchan', ['editTickets']);
  colleague = await makeUser(sql, 'shadchan', ['editTickets']);
  const viewer = await makeUser(sql, 'shadchan');
  editorCookie = await signIn(editor.userID);
  viewerCookie = await signIn(viewer.userID);
  // A coordinator edits by role; signed in, then blocked: the session no longer counts.
  const later = await makeUser(sql, 'coordinator');
  blockedCookie = await signIn(later.userID);
  await sql`UPDATE app_user SET role = 'blocked' WHERE id = ${later.userID}`;
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

type Query = {idNumber?: string | null; phones?: string[]; forename?: string; surname?: string; birthDate?: string};
const ask = (query: Query | unknown, cookie: string | null = editorCookie) =>
  api.app.request('/api/profiles/duplicates', {
    method: 'POST',
    headers: {'content-type': 'application/json', ...(cookie ? {cookie} : {})},
    body: JSON.stringify(query),
  });
/** The matches for a question; fields left out are ones that match nothing. */
async function matchesOf(query: Query, cookie: string | null = editorCookie) {
  const res = await ask({idNumber: null, phones: [], forename: 'אין', surname: 'כזה', birthDate: '1970-01-01', ...query}, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as {matches: Array<Record<string, unknown>>}).matches;
}

let birthYear = 1975;
/** A birth date no other card of this file shares (a name only matches on the same date). */
const freshBirthDate = () => `${birthYear++}-03-15`;
/** A mobile number no other card shares. */
const freshPhone = () => `+97252${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

/** A card written directly, with its sign-in phones; the colleague's general card unless told otherwise. */
async function card(over: {
  forename?: string;
  surname?: string;
  birthDate?: string;
  idNumber?: string | null;
  phones?: string[];
  owner?: AuthContext;
  database?: 'general' | 'personal';
  city?: string;
}) {
  const id = `p-${nanoid(8)}`;
  const c = {
    forename: 'יוסף',
    surname: 'לוי',
    birthDate: freshBirthDate(),
    idNumber: null,
    phones: [],
    owner: colleague,
    database: 'general',
    city: 'אלעד',
    ...over,
  };
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id, phones)
            VALUES (${id}, ${c.forename}, ${c.surname}, 'male', ${c.birthDate}, ${c.city}, 'litvish', 'available', ${c.database},
                    ${c.owner.userID}, ${sql.json(c.phones)})`;
  await sql`INSERT INTO profile_detail (profile_id, id_number) VALUES (${id}, ${c.idNumber})`;
  return {id, ...c};
}

describe('who may ask', () => {
  test('without a session: 401; without editTickets, or blocked: 403 (or 401)', async () => {
    const query = {idNumber: null, phones: [], forename: 'יוסף', surname: 'לוי', birthDate: '1990-01-01'};
    expect((await ask(query, null)).status).toBe(401);
    const noEdit = await ask(query, viewerCookie);
    expect(noEdit.status).toBe(403);
    expect(await noEdit.json()).toMatchObject({error: 'forbidden'});
    expect([401, 403]).toContain((await ask(query, blockedCookie)).status);
  });

  test('a malformed question is refused', async () => {
    const base = {idNumber: null, phones: [], forename: 'יוסף', surname: 'לוי', birthDate: '1990-01-01'};
    for (const bad of [
      {...base, phones: ['050-1234567']},
      {...base, idNumber: '12345'},
      {...base, birthDate: 'yesterday'},
      {...base, forename: 'א'.repeat(51)},
      {...base, phones: Array(11).fill('+972501234567')},
    ]) {
      const res = await ask(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 80)).toBe(400);
      expect(await res.json()).toMatchObject({error: 'invalidInput'});
    }
    expect((await ask('not json at all')).status).toBe(400);
  });
});

describe('matches', () => {
  test('the same ID number, named when the user may open the card', async () => {
    const idNumber = makeIsraeliID();
    const c = await card({idNumber, forename: 'יוסף', surname: 'לוי'});
    expect(await matchesOf({idNumber})).toEqual([
      {id: c.id, name: 'יוסף לוי', city: 'אלעד', birthDate: c.birthDate, reasons: ['idNumber'], visible: true},
    ]);
  });

  test('a shared sign-in phone', async () => {
    const [first, second] = [freshPhone(), freshPhone()];
    const c = await card({phones: [first, second]});
    expect(await matchesOf({phones: [freshPhone(), second]})).toEqual([expect.objectContaining({id: c.id, reasons: ['phone']})]);
    expect(await matchesOf({phones: [freshPhone()]})).toEqual([]);
  });

  test('the same name, folded, on the same birth date: final letters, niqqud, word order, hyphens, geresh', async () => {
    // What foldName does with the spellings below, so the examples test the key and not a guess.
    expect(foldName('כהנ')).toBe(foldName('כהן'));
    expect(foldName('שְׁמוּאֵל')).toBe('שמואל');
    expect(foldName('בֶּן-שׁוּשָׁן')).toBe(foldName('בן שושן'));
    expect(foldName("ג'ורג'")).toBe(foldName('ג׳ורג׳'));

    const cohen = await card({forename: 'שמואל', surname: 'כהן'});
    const asCohen = (forename: string, surname: string) => matchesOf({forename, surname, birthDate: cohen.birthDate});
    const named = [expect.objectContaining({id: cohen.id, name: 'שמואל כהן', reasons: ['name'], visible: true})];
    expect(await asCohen('שמואל', 'כהן')).toEqual(named);
    expect(await asCohen('שמואל', 'כהנ')).toEqual(named);
    expect(await asCohen('שְׁמוּאֵל', 'כֹּהֵן')).toEqual(named);
    expect(await asCohen('כהן', 'שמואל')).toEqual(named);
    expect(await asCohen('  שמואל ', 'כהן  ')).toEqual(named);

    const shushan = await card({forename: "ג'ורג'", surname: 'בן-שושן'});
    expect(await matchesOf({forename: 'ג׳ורג׳', surname: 'בֶּן שׁוּשָׁן', birthDate: shushan.birthDate})).toEqual([
      expect.objectContaining({id: shushan.id, reasons: ['name']}),
    ]);
  });

  test('the same name on another birth date, or another name on the same date, is no match', async () => {
    const c = await card({forename: 'אהרן', surname: 'פרלמן'});
    expect(await matchesOf({forename: 'אהרן', surname: 'פרלמן', birthDate: freshBirthDate()})).toEqual([]);
    expect(await matchesOf({forename: 'אהרון', surname: 'פרלמן', birthDate: c.birthDate})).toEqual([]);
    expect(await matchesOf({forename: 'אהרן', surname: 'פרלמנית', birthDate: c.birthDate})).toEqual([]);
  });

  test('every reason of one card is given together', async () => {
    const idNumber = makeIsraeliID();
    const phone = freshPhone();
    const c = await card({idNumber, phones: [phone], forename: 'דוד', surname: 'מזרחי'});
    expect(await matchesOf({idNumber, phones: [phone], forename: 'דוד', surname: 'מזרחי', birthDate: c.birthDate})).toEqual([
      expect.objectContaining({id: c.id, reasons: ['idNumber', 'phone', 'name'], visible: true}),
    ]);
  });

  test('several cards, each with its own reason', async () => {
    const idNumber = makeIsraeliID();
    const phone = freshPhone();
    const byID = await card({idNumber});
    const byPhone = await card({phones: [phone]});
    const matches = await matchesOf({idNumber, phones: [phone]});
    expect(matches).toHaveLength(2);
    expect(matches).toEqual(
      expect.arrayContaining([
        expect.objectContaining({id: byID.id, reasons: ['idNumber']}),
        expect.objectContaining({id: byPhone.id, reasons: ['phone']}),
      ]),
    );
  });

  test('the user’s own personal card is named', async () => {
    const idNumber = makeIsraeliID();
    const c = await card({idNumber, owner: editor, database: 'personal'});
    expect(await matchesOf({idNumber})).toEqual([expect.objectContaining({id: c.id, visible: true})]);
  });
});

describe('cards the user may not open', () => {
  test('another shadchan’s personal card is counted without a name, id or city', async () => {
    const idNumber = makeIsraeliID();
    const phone = freshPhone();
    const hidden = await card({idNumber, phones: [phone], database: 'personal', forename: 'מרים', surname: 'סודית'});
    const matches = await matchesOf({idNumber, phones: [phone], forename: 'מרים', surname: 'סודית', birthDate: hidden.birthDate});
    expect(matches).toEqual([{reasons: ['idNumber', 'phone', 'name'], visible: false}]);
    expect(JSON.stringify(matches)).not.toContain(hidden.id);
    expect(JSON.stringify(matches)).not.toContain('סודית');
  });

  test('a closed, deleted, blocked or pending card is counted without a name for a plain shadchan', async () => {
    const idNumbers = [makeIsraeliID(), makeIsraeliID(), makeIsraeliID(), makeIsraeliID()];
    const ids = await Promise.all(idNumbers.map(idNumber => card({idNumber}).then(c => c.id)));
    await sql`UPDATE profile SET closed_at = now() WHERE id = ${ids[0]!}`;
    await sql`UPDATE profile SET deleted_at = now() WHERE id = ${ids[1]!}`;
    await sql`UPDATE profile SET state = 'blocked' WHERE id = ${ids[2]!}`;
    await sql`UPDATE profile SET state = 'pending' WHERE id = ${ids[3]!}`;
    for (const idNumber of idNumbers) {
      expect(await matchesOf({idNumber})).toEqual([{reasons: ['idNumber'], visible: false}]);
    }
  });
});
