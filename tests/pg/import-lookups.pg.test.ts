import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser} from '../support/fixtures.ts';
import {importClient} from '../support/imports.ts';
import {refusal, serverSide} from '../support/server-side.ts';
import {MANY_HEADERS, csvOf, manyRows} from '../fixtures/imports/files.ts';

/**
 * The import is no oracle (issue 33): a preview and a row fix are duplicate lookups like the new-card
 * screen's, under the same per-user limit, and only users who may edit cards may import at all.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
const LOOKUPS = 3;
let api: Awaited<ReturnType<typeof startTestApi>>;
let client: ReturnType<typeof importClient>;
let importer: AuthContext, withoutEdit: AuthContext;

/** Rows no other test file uses (offsets 300,000 on). */
let offset = 300_000;
const sheet = (rows: number) => {
  offset += 100;
  return csvOf([MANY_HEADERS, ...manyRows(rows, offset)]);
};

beforeAll(async () => {
  api = await startTestApi(sql, {limits: {duplicateLookupsPerHour: LOOKUPS}});
  client = importClient(api, sql);
  importer = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel']);
  withoutEdit = await makeUser(sql, 'shadchan', ['importProfilesFromExcel']);
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

describe('the per-user lookup limit', () => {
  test('a preview and a fixed row each use one of the lookups the new-card screen uses too', async () => {
    const cookie = await client.signIn(importer.userID);
    const job = await client.uploaded(cookie, sheet(3), 'limit.csv');
    await client.preview(cookie, job); // 1
    const duplicates = await client.request(cookie, '/api/profiles/duplicates', {
      method: 'POST',
      body: JSON.stringify({idNumber: null, phones: [], forename: 'א', surname: 'ב', birthDate: '1990-01-01'}),
    });
    expect(duplicates.status).toBe(200); // 2
    const firstName = '0'; // the forename
    expect((await client.patch(cookie, job.id, 2, {cells: {[firstName]: 'שמעון'}})).status).toBe(200); // 3
    // Used up: neither a row fix nor a new preview looks anything up.
    const refused = await client.patch(cookie, job.id, 2, {cells: {[firstName]: 'לוי'}});
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({error: 'tooManyRequests'});
    const [row] =
      await sql`SELECT cells->>(${Number(firstName)}::int) AS cell FROM import_row WHERE job_id = ${job.id} AND row_number = 2`;
    expect(row!.cell).toBe('שמעון');
    const again = await client.request(cookie, `/api/imports/${job.id}/preview`, {
      method: 'POST',
      body: JSON.stringify({mapping: job.mapping}),
    });
    expect(again.status).toBe(429);
    // A choice alone looks nothing up.
    expect((await client.patch(cookie, job.id, 2, {decision: 'skip'})).status).toBe(200);
  });
});

describe('only users who may edit cards import', () => {
  test('the routes, the jobs and formats queries and the formats mutators refuse without editTickets', async () => {
    const cookie = await client.signIn(withoutEdit.userID);
    const res = await client.upload(cookie, sheet(1), 'no-edit.csv');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({error: 'forbidden'});
    const recent = await db.transaction(tx => tx.run(queries.imports.recent.fn({args: undefined, ctx: withoutEdit})));
    expect(recent).toEqual([]);
    const formats = await db.transaction(tx => tx.run(queries.imports.formats.fn({args: undefined, ctx: withoutEdit})));
    expect(formats).toEqual([]);
    const args = {id: nanoid(), name: 'בלי עריכה', columns: [{header: 'ת.ז.', field: 'idNumber'}]};
    expect(await refusal(mutate(withoutEdit, 'excelFormats.create', args))).toMatchObject({code: 'forbidden'});
  });
});
