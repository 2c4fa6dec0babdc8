import {afterAll, beforeAll, expect, inject, test} from 'vitest';
import {missingDetails} from '../../app/candidates/card/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {startImport} from '../../server/imports/runner.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser} from '../support/fixtures.ts';
import {importClient} from '../support/imports.ts';

/**
 * A legacy office sheet (issue 31): name, phone, city and birth date only. Every row lacks the gender
 * and sector every card needs, so alone it imports nothing; a value for those whole columns makes the
 * rows incomplete (only the form's required details missing), and they come in as temporary cards
 * that list what they lack. The sheet's d/m/yyyy dates read in the order its unambiguous dates show.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let client: ReturnType<typeof importClient>;
let importer: AuthContext, withoutTemporary: AuthContext;

/** The office's sheet; `office` tells apart the people of each test's sheet (else they are duplicates of the last). */
const sheet = (office: number) =>
  [
    'שם פרטי,שם משפחה,טלפון,עיר,תאריך לידה',
    `יוסף,לוי ${office},050-700${office}001,ביתר עילית,25/12/2000`,
    `דוד,פרידמן ${office},050-700${office}002,אלעד,1/2/2001`,
    `שמעון,גולד ${office},050-700${office}003,צפת,13/3/1999`,
    `נחום,רוזן ${office},050-700${office}004,חיפה,5/5/2002`,
  ].join('\n');
const MAPPING = ['forename', 'surname', 'candidatePhone', 'city', 'birthDate'];
const FILLS = {gender: 'זכר', sectorID: 'litvish'};

const upload = async (cookie: string, office: number) =>
  client.uploaded(cookie, new TextEncoder().encode(sheet(office)), 'office.csv');

beforeAll(async () => {
  api = await startTestApi(sql);
  client = importClient(api, sql);
  importer = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel', 'temporaryGeneralDatabase']);
  withoutTemporary = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel']);
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

test('alone the sheet lacks what every card needs; a value for the whole column makes its rows incomplete, not wrong', async () => {
  const cookie = await client.signIn(importer.userID);
  const job = await upload(cookie, 1);
  expect(job.mapping).toEqual(MAPPING);
  expect(await client.preview(cookie, job)).toMatchObject({total: 4, valid: 0, incomplete: 0, errors: 4, queued: 0});

  expect(await client.preview(cookie, job, MAPPING, {fills: FILLS})).toEqual({
    total: 4,
    valid: 0,
    incomplete: 4,
    errors: 0,
    duplicates: 0,
    queued: 0,
  });
  const rows = await client.rows(cookie, job.id);
  expect(rows.get(2)).toMatchObject({status: 'incomplete', decision: 'skip'});
  expect(rows.get(2)!.issues.map(i => i.field)).toEqual([
    'details.occupation',
    'details.suggestionsContact',
    'details.suggestionsPhone',
    'details.inquiryPhones',
  ]);
  // Two dates show day first beyond doubt (25/12, 13/3); 1/2/2001 reads either way and is marked.
  const [reading] = await sql`SELECT fills, dates FROM import_job WHERE id = ${job.id}`;
  expect(reading).toMatchObject({fills: FILLS, dates: {order: 'dmy', dayFirst: 2, monthFirst: 0, ambiguous: 1, chosen: false}});
  expect(rows.get(3)!.warnings).toEqual([{field: 'birthDate', message: 'dateReadDayFirst'}]);
  expect(rows.get(5)!.warnings).toEqual([]); // 5/5 reads the same both ways

  // Chosen month first, 25/12/2000 and 13/3/1999 are no dates at all.
  const monthFirst = await client.preview(cookie, job, MAPPING, {fills: FILLS, dateOrder: 'mdy'});
  expect(monthFirst).toMatchObject({incomplete: 2, errors: 2});
  const [chosen] = await sql`SELECT dates FROM import_job WHERE id = ${job.id}`;
  expect(chosen!.dates).toMatchObject({order: 'mdy', chosen: true});
  await client.cancel(cookie, job.id);
});

test('incomplete rows come in as temporary cards that list what they lack', async () => {
  const cookie = await client.signIn(importer.userID);
  const job = await upload(cookie, 2);
  await client.preview(cookie, job, MAPPING, {fills: FILLS});
  const chose = await client.incomplete(cookie, job.id);
  expect(chose.status).toBe(200);
  expect((await chose.json()).summary).toMatchObject({incomplete: 4, queued: 4});
  // A new preview keeps the choice.
  expect(await client.preview(cookie, job, MAPPING, {fills: FILLS})).toMatchObject({queued: 4});

  expect((await client.start(cookie, job.id)).status).toBe(202);
  await startImport(sql, job.id);
  const rows = await client.rows(cookie, job.id);
  expect([...rows.values()].map(r => r.outcome)).toEqual(['imported', 'imported', 'imported', 'imported']);
  const cards = await sql<
    {forename: string; gender: string; birth_date: Date; state: string; details: Record<string, unknown>}[]
  >`
    SELECT p.forename, p.gender, p.birth_date, p.state, d.details
    FROM profile p JOIN profile_detail d ON d.profile_id = p.id
    WHERE p.id = ANY(${[...rows.values()].map(r => r.profileID!)}::text[]) ORDER BY p.forename`;
  expect(cards.map(c => [c.forename, c.gender, c.state])).toEqual([
    ['דוד', 'male', 'pending'],
    ['יוסף', 'male', 'pending'],
    ['נחום', 'male', 'pending'],
    ['שמעון', 'male', 'pending'],
  ]);
  const david = cards[0]!;
  expect(david.birth_date.toISOString().slice(0, 10)).toBe('2001-02-01');
  expect(david.details).toEqual({candidatePhone: '+972507002002'});
  // The card shows what is missing from the same list the import used.
  expect(missingDetails(david.details).map(f => f.key)).toEqual([
    'occupation',
    'suggestionsContact',
    'suggestionsPhone',
    'inquiryPhones',
  ]);
});

test('without the temporary-database permission, incomplete rows may not be chosen in: the start says why', async () => {
  const cookie = await client.signIn(withoutTemporary.userID);
  const job = await upload(cookie, 3);
  await client.preview(cookie, job, MAPPING, {fills: FILLS});
  const chose = await client.incomplete(cookie, job.id);
  expect(chose.status, await chose.clone().text()).toBe(200);
  const start = await client.start(cookie, job.id);
  expect(start.status).toBe(403);
  expect(await start.json()).toMatchObject({error: 'incompleteNeedsTemporary'});
  const [state] = await sql`SELECT status FROM import_job WHERE id = ${job.id}`;
  expect(state!.status).toBe('previewed');
  // A fill value that is no value of its list is refused on its row, as a cell's would be.
  expect(await client.preview(cookie, job, MAPPING, {fills: {...FILLS, gender: 'אולי'}})).toMatchObject({errors: 4});
  // And a fill for a field that does not exist is refused whole.
  const bad = await client.request(cookie, `/api/imports/${job.id}/preview`, {
    method: 'POST',
    body: JSON.stringify({mapping: MAPPING, fills: {nonsense: 'x'}}),
  });
  expect(bad.status).toBe(400);
});
