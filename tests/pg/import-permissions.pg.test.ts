import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {runBatch, startImport} from '../../server/imports/runner.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser} from '../support/fixtures.ts';
import {importClient} from '../support/imports.ts';
import {refusal, serverSide} from '../support/server-side.ts';
import {MANY_HEADERS, csvOf, manyRows} from '../fixtures/imports/files.ts';

/**
 * Who may import what (issue 16, spec §6), checked by the server whatever the screen shows:
 * importProfilesFromExcel imports files of many rows, importProfiles alone a file of one row; without
 * either, nothing (the REST routes, the formats' mutators, the jobs' and formats' queries); temporary
 * cards need their temporary-database permission, as a new card does; an import whose creator loses
 * the right stops. And the saved Excel formats (spec §3): saved, reused, edited, deleted.
 */
const sql = connect(inject('databaseURL'));
const {db, mutate} = serverSide(sql);
let api: Awaited<ReturnType<typeof startTestApi>>;
let client: ReturnType<typeof importClient>;
let many: AuthContext, single: AuthContext, none: AuthContext, otherImporter: AuthContext;
const cookies = new Map<string, string>();
const cookieOf = (ctx: AuthContext) => cookies.get(ctx.userID)!;

/** A sheet of valid rows no other test file uses (offsets 200,000 on). */
let offset = 200_000;
const sheet = (rows: number) => {
  offset += 100;
  return csvOf([MANY_HEADERS, ...manyRows(rows, offset)]);
};

beforeAll(async () => {
  api = await startTestApi(sql);
  client = importClient(api, sql);
  many = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel']);
  single = await makeUser(sql, 'shadchan', ['editTickets', 'importProfiles']);
  none = await makeUser(sql, 'coordinator'); // edits profiles, imports nothing
  otherImporter = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel']);
  for (const user of [many, single, none, otherImporter]) cookies.set(user.userID, await client.signIn(user.userID));
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

const recentAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.imports.recent.fn({args: undefined, ctx})));
const formatsAs = (ctx: AuthContext) => db.transaction(tx => tx.run(queries.imports.formats.fn({args: undefined, ctx})));

describe('without an import permission', () => {
  test('the routes refuse before reading anything', async () => {
    const res = await client.upload(cookieOf(none), sheet(2), 'x.csv');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({error: 'forbidden'});
    const job = await client.uploaded(cookieOf(many), sheet(2), 'theirs.csv');
    for (const path of [`/api/imports/${job.id}/rows`, `/api/imports/${job.id}/report`]) {
      expect((await client.request(cookieOf(none), path)).status).toBe(403);
    }
    expect((await client.start(cookieOf(none), job.id)).status).toBe(403);
    expect((await client.request('', '/api/imports/x/rows')).status).toBe(401);
  });

  test('the jobs and formats are not theirs to see, nor the formats to write', async () => {
    expect(await recentAs(none)).toEqual([]);
    expect(await formatsAs(none)).toEqual([]);
    const args = {id: nanoid(), name: 'לא שלי', columns: [{header: 'ת.ז.', field: 'idNumber'}]};
    expect(await refusal(mutate(none, 'excelFormats.create', args))).toMatchObject({code: 'forbidden'});
  });
});

describe('importProfiles alone: one row, one card', () => {
  test('a file of many rows is refused, a file of one row imported', async () => {
    const res = await client.upload(cookieOf(single), sheet(2), 'two.csv');
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({error: 'singleRowOnly'});
    // Refused while it was read: nothing of it was kept.
    const [{jobs}] = await sql<[{jobs: number}]>`SELECT count(*)::int AS jobs FROM import_job WHERE file_name = 'two.csv'`;
    expect(jobs).toBe(0);

    const job = await client.uploaded(cookieOf(single), sheet(1), 'one.csv');
    expect(await client.preview(cookieOf(single), job)).toMatchObject({total: 1, valid: 1, queued: 1});
    expect((await client.start(cookieOf(single), job.id, {database: 'personal', temporary: false})).status).toBe(202);
    await startImport(sql, job.id);
    const [row] = await sql`SELECT status, imported_rows FROM import_job WHERE id = ${job.id}`;
    expect(row).toEqual({status: 'done', imported_rows: 1});
    const [card] =
      await sql`SELECT owner_id, database FROM profile p JOIN import_row r ON r.profile_id = p.id WHERE r.job_id = ${job.id}`;
    expect(card).toEqual({owner_id: single.userID, database: 'personal'});
  });
});

describe('importProfilesFromExcel', () => {
  test('temporary cards need the temporary database’s permission, as a new card does', async () => {
    const job = await client.uploaded(cookieOf(many), sheet(3), 'temporary.csv');
    await client.preview(cookieOf(many), job);
    expect((await client.start(cookieOf(many), job.id, {database: 'general', temporary: true})).status).toBe(403);
    await sql`UPDATE app_user SET permissions = '["editTickets", "importProfilesFromExcel", "temporaryGeneralDatabase"]' WHERE id = ${many.userID}`;
    expect((await client.start(cookieOf(many), job.id, {database: 'general', temporary: true})).status).toBe(202);
    await startImport(sql, job.id);
    const states =
      await sql`SELECT p.state, p.database FROM profile p JOIN import_row r ON r.profile_id = p.id WHERE r.job_id = ${job.id}`;
    expect(states).toEqual(Array(3).fill({state: 'pending', database: 'general'}));
  });

  test('everyone who may import sees the jobs (others’ too), live through Zero', async () => {
    const job = await client.uploaded(cookieOf(many), sheet(2), 'seen.csv');
    const seen = await recentAs(otherImporter);
    expect(seen.find(j => j.id === job.id)).toMatchObject({
      fileName: 'seen.csv',
      createdBy: many.userID,
      status: 'mapping',
      totalRows: 2,
    });
    expect((await recentAs(single)).some(j => j.id === job.id)).toBe(true);
  });

  test('an import whose creator loses the right stops at the next batch', async () => {
    const job = await client.uploaded(cookieOf(otherImporter), sheet(2), 'revoked.csv');
    await client.preview(cookieOf(otherImporter), job);
    await sql`UPDATE import_job SET status = 'importing', database = 'general' WHERE id = ${job.id}`;
    await sql`UPDATE app_user SET permissions = '[]' WHERE id = ${otherImporter.userID}`;
    expect(await runBatch(sql, job.id)).toBe('finished');
    const [row] = await sql`SELECT status, failure, imported_rows FROM import_job WHERE id = ${job.id}`;
    expect(row).toEqual({status: 'failed', failure: 'forbidden', imported_rows: 0});
    await sql`UPDATE app_user SET permissions = '["editTickets", "importProfilesFromExcel"]' WHERE id = ${otherImporter.userID}`;
  });

  test('in maintenance only administrators import', async () => {
    await sql`UPDATE site_setting SET maintenance = true WHERE id = 'site'`;
    try {
      const res = await client.upload(cookieOf(many), sheet(1), 'maintenance.csv');
      expect(res.status).toBe(503);
    } finally {
      await sql`UPDATE site_setting SET maintenance = false WHERE id = 'site'`;
    }
  });
});

describe('Excel formats', () => {
  const formatID = nanoid();
  const columns = [
    {header: 'מספר תעודת זהות', field: 'idNumber'},
    {header: 'שם פרטי', field: 'forename'},
    {header: 'עיר', field: null},
  ];

  test('saved, found by everyone who imports, and reused for a file with those headers', async () => {
    await mutate(many, 'excelFormats.create', {id: formatID, name: 'סמינר וולף', columns});
    expect((await formatsAs(single)).map(f => f.name)).toContain('סמינר וולף');
    // A second format by a name that folds alike is refused.
    expect(
      await refusal(mutate(otherImporter, 'excelFormats.create', {id: nanoid(), name: 'סמינר  וולף', columns})),
    ).toMatchObject({
      code: 'nameExists',
    });
    // A field may take one column only.
    const twice = [...columns, {header: 'ת"ז', field: 'idNumber'}];
    expect(await refusal(mutate(many, 'excelFormats.create', {id: nanoid(), name: 'פעמיים', columns: twice}))).toMatchObject({
      code: 'invalidInput',
    });

    // The format's headers, folded (spaces and niqqud aside), give the mapping; the column it leaves out
    // stays out although its header names a field; a header it does not know is recognised as usual.
    const file = csvOf([
      ['מִסְפַּר  תעודת זהות', 'שם פרטי', 'עיר', 'שם משפחה'],
      ['316412808', 'דינה', 'צפת', 'לוי'],
    ]);
    const job = await client.uploaded(cookieOf(many), file, 'with-format.csv', formatID);
    expect(job.mapping).toEqual(['idNumber', 'forename', null, 'surname']);
    expect((await client.upload(cookieOf(many), file, 'x.csv', 'no-such-format')).status).toBe(400);
  });

  test('edited and deleted by whoever imports; gone for everyone', async () => {
    await mutate(otherImporter, 'excelFormats.update', {id: formatID, name: 'סמינר וולף 2025', columns: columns.slice(0, 2)});
    const [edited] = (await formatsAs(many)).filter(f => f.id === formatID);
    expect(edited).toMatchObject({name: 'סמינר וולף 2025', columns: columns.slice(0, 2), createdBy: many.userID});
    await mutate(single, 'excelFormats.delete', {id: formatID});
    expect((await formatsAs(many)).some(f => f.id === formatID)).toBe(false);
    expect(await refusal(mutate(many, 'excelFormats.update', {id: formatID, name: 'x', columns}))).toMatchObject({
      code: 'notFound',
    });
  });
});
