import {nanoid} from 'nanoid';
import {afterAll, beforeAll, expect, inject, test} from 'vitest';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {signedIn} from '../support/browser.ts';
import {cookieOf, exportAndRead, exportsFolder} from '../support/exports.ts';
import {makeUser} from '../support/fixtures.ts';

/**
 * Exports never carry formulas (issue 33): a card named `+1+1` or `=HYPERLINK(…)` (a public visitor
 * can name one) reaches the users log's CSV and the profiles' .xlsx as text, with a leading apostrophe;
 * numbers stay number cells and phone numbers stay readable.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
const tag = nanoid(6);
const sector = `sector-${tag}`;
const FORENAME = '+1+1';
const SURNAME = `=HYPERLINK("http://evil.example/${tag}","x")`;
const CITY = '@SUM(1)';

let card: string;
beforeAll(async () => {
  api = await startTestApi(sql, {exportsDir: await exportsFolder()});
  await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'מגזר', en: 'Sector'})})`;
  const owner = await makeUser(sql, 'shadchan', ['editTickets']);
  card = `p-${nanoid(8)}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id)
            VALUES (${card}, ${FORENAME}, ${SURNAME}, 'female', '2001-03-04', ${CITY}, ${sector}, 'available', 'general', ${owner.userID})`;
  await sql`INSERT INTO profile_detail (profile_id, details)
            VALUES (${card}, ${sql.json({candidatePhone: '+972501234567', occupation: '-2+3', height: 165})})`;
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

test('the users log CSV: a name that would run is text; a plain number is left as it is', async () => {
  const admin = await signedIn(api.app, (await makeUser(sql, 'admin')).userID);
  await sql`INSERT INTO access_log (user_id, profile_id, what, result, ip, detail)
            VALUES (null, ${card}, 'card', 'shown', '-1', ${sql.json({note: '\tcmd'})})`;
  const res = await api.app.request(`/api/admin/users-log/export?record=${card}`, {headers: {cookie: cookieOf(admin)}});
  expect(res.status).toBe(200);
  const [, line] = (await res.text()).split('\r\n');
  expect(line).toContain(`"'${FORENAME} ${SURNAME.replaceAll('"', '""')}"`);
  expect(line).toContain('"-1"'); // the address field, a plain number: unchanged
  expect(line).not.toMatch(/(^|,)"[=+@\t\r]/);
  expect(line).not.toMatch(/(^|,)"-[^\d]/);
});

test('the profiles .xlsx: names and texts that would run are text; numbers are number cells, phones readable', async () => {
  const b = await signedIn(api.app, (await makeUser(sql, 'shadchan', ['exportToExcel'])).userID);
  const {rows} = await exportAndRead(api, sql, b, {kind: 'profiles', filters: {sectors: [sector]}});
  const header = rows[0]!.map(String);
  const row = rows[1]!;
  const cell = (label: string) => row[header.indexOf(label)];
  expect(cell('שם פרטי')).toBe(`'${FORENAME}`);
  expect(cell('שם משפחה')).toBe(`'${SURNAME}`);
  expect(cell('עיר')).toBe(`'${CITY}`);
  expect(cell('עיסוק')).toBe("'-2+3");
  expect(cell('גובה (ס״מ)')).toBe(165);
  expect(cell('נייד המועמד/ת')).toBe('050-1234567');
  for (const value of row) if (typeof value === 'string') expect(value).not.toMatch(/^[=+@\t\r]|^-\D/);
});
