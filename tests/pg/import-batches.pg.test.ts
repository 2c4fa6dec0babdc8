import {afterAll, beforeAll, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {BATCH_ROWS, resumeImports, runBatch, startImport} from '../../server/imports/runner.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser} from '../support/fixtures.ts';
import {importClient} from '../support/imports.ts';
import {MANY_HEADERS, csvOf, manyRows, manyRowsXlsx} from '../fixtures/imports/files.ts';

/**
 * The import runs in batches, each one transaction (issue 16): a cancel leaves whole batches only, and
 * an API that stops mid-import resumes where the last whole batch ended, importing every row once. The
 * tests play the import's start (the job's status, as POST …/start sets it) and drive the runner's
 * batches themselves, so they can stop between two batches as a crash would; and a 10,000-row file
 * goes through the upload and a complete preview.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let client: ReturnType<typeof importClient>;
let importer: AuthContext;
let cookie: string;

beforeAll(async () => {
  api = await startTestApi(sql);
  client = importClient(api, sql);
  importer = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel']);
  cookie = await client.signIn(importer.userID);
});
afterAll(async () => {
  await api.close();
  await sql.end();
});

/** A previewed job of `count` valid rows, set importing into the importer's personal database. */
async function importingJob(count: number, offset: number, name: string) {
  const job = await client.uploaded(cookie, csvOf([MANY_HEADERS, ...manyRows(count, offset)]), name);
  expect(await client.preview(cookie, job)).toMatchObject({total: count, valid: count, queued: count});
  await sql`UPDATE import_job SET status = 'importing', database = 'personal', started_at = now() WHERE id = ${job.id}`;
  return job.id;
}

/** The job's counts, and the cards that exist with its rows' ID numbers and say they came from its file. */
async function stateOf(jobID: string, name: string) {
  const [job] = await sql<[{status: string; imported_rows: number; rejected_rows: number}]>`
    SELECT status, imported_rows, rejected_rows FROM import_job WHERE id = ${jobID}`;
  const [{cards, distinct}] = await sql<[{cards: number; distinct: number}]>`
    SELECT count(*)::int AS cards, count(DISTINCT d.id_number)::int AS distinct
    FROM profile_revision r JOIN profile_detail d ON d.profile_id = r.profile_id
    WHERE r.imported_from = ${name} AND r.user_id = ${importer.userID}`;
  const [{imported, linked}] = await sql<[{imported: number; linked: number}]>`
    SELECT count(*) FILTER (WHERE outcome = 'imported')::int AS imported,
           count(p.id)::int AS linked
    FROM import_row r LEFT JOIN profile p ON p.id = r.profile_id WHERE r.job_id = ${jobID}`;
  return {...job, cards, distinct, imported, linked};
}

test('a cancelled import keeps the whole batches it wrote, and nothing of the next', async () => {
  const name = 'cancel-me.csv';
  const jobID = await importingJob(BATCH_ROWS * 2 + 200, 0, name);
  expect(await runBatch(sql, jobID)).toBe('more');
  // The user cancels while the import runs: the running batch would finish, the next never starts.
  expect((await client.cancel(cookie, jobID)).status).toBe(200);
  const [{status}] = await sql<[{status: string}]>`SELECT status FROM import_job WHERE id = ${jobID}`;
  expect(status).toBe('cancelling');
  expect(await runBatch(sql, jobID)).toBe('finished');
  expect(await stateOf(jobID, name)).toEqual({
    status: 'cancelled',
    imported_rows: BATCH_ROWS,
    rejected_rows: 0,
    cards: BATCH_ROWS,
    distinct: BATCH_ROWS,
    imported: BATCH_ROWS,
    linked: BATCH_ROWS,
  });
  // The report lists the rows the cancel left out.
  const [{pending}] = await sql<[{pending: number}]>`
    SELECT count(*)::int AS pending FROM import_row WHERE job_id = ${jobID} AND outcome IS NULL AND decision = 'import'`;
  expect(pending).toBe(BATCH_ROWS + 200);
  expect((await client.request(cookie, `/api/imports/${jobID}/report`)).status).toBe(200);
  // A cancelled import cannot be cancelled or started again.
  expect((await client.cancel(cookie, jobID)).status).toBe(409);
  expect((await client.start(cookie, jobID)).status).toBe(409);
});

test('after a crash between two batches, the import resumes and writes every row once', async () => {
  const name = 'crash.csv';
  const count = BATCH_ROWS * 2 + 37;
  const jobID = await importingJob(count, 10_000, name);
  expect(await runBatch(sql, jobID)).toBe('more');
  // The API stops here. When it starts again it picks the job up by itself.
  expect(await stateOf(jobID, name)).toMatchObject({status: 'importing', imported_rows: BATCH_ROWS, cards: BATCH_ROWS});
  expect(await resumeImports(sql)).toContain(jobID);
  await startImport(sql, jobID);
  expect(await stateOf(jobID, name)).toEqual({
    status: 'done',
    imported_rows: count,
    rejected_rows: 0,
    cards: count,
    distinct: count,
    imported: count,
    linked: count,
  });
  // Resumed twice over (two starts racing) it still writes nothing more.
  await Promise.all([startImport(sql, jobID), runBatch(sql, jobID)]);
  expect((await stateOf(jobID, name)).cards).toBe(count);
});

test('a 10,000-row sheet: uploaded and completely previewed', async () => {
  const job = await client.uploaded(cookie, await manyRowsXlsx(10_000, 50_000), 'rows-10000.xlsx');
  expect(job.rows).toBe(10_000);
  expect(job.mapping).toEqual([
    'forename',
    'surname',
    'gender',
    'birthDate',
    'city',
    'sectorID',
    'idNumber',
    'candidatePhone',
    'occupation',
    'suggestionsContact',
    'suggestionsPhone',
    'inquiryPhones',
  ]);
  expect(await client.preview(cookie, job)).toEqual({
    total: 10_000,
    valid: 10_000,
    incomplete: 0,
    errors: 0,
    duplicates: 0,
    queued: 10_000,
  });
  expect((await client.cancel(cookie, job.id)).status).toBe(200);
  // 10,000 rows read and checked: longer than the default on a busy 2-core machine (the bench measures its speed).
}, 60_000);

test('a file’s rows are kept 30 days after its import ends; an import left unstarted that long is cancelled', async () => {
  const rowsOf = async (jobID: string) =>
    (await sql<[{n: number}]>`SELECT count(*)::int AS n FROM import_row WHERE job_id = ${jobID}`)[0].n;
  const ended = await importingJob(3, 20_000, 'old.csv');
  await startImport(sql, ended);
  const recent = await importingJob(3, 20_100, 'recent.csv');
  await startImport(sql, recent);
  const left = await client.uploaded(cookie, csvOf([MANY_HEADERS, ...manyRows(2, 20_200)]), 'left.csv');
  await client.preview(cookie, left);
  await sql`UPDATE import_job SET finished_at = now() - interval '31 days' WHERE id = ${ended}`;
  await sql`UPDATE import_job SET updated_at = now() - interval '31 days' WHERE id = ${left.id}`;
  expect(await rowsOf(ended)).toBe(3);

  // The next upload clears what may no longer be kept.
  await client.uploaded(cookie, csvOf([MANY_HEADERS, ...manyRows(1, 20_300)]), 'next.csv');
  expect(await rowsOf(ended)).toBe(0);
  const expired = await client.request(cookie, `/api/imports/${ended}/report`);
  expect(expired.status).toBe(404);
  expect(await expired.json()).toMatchObject({error: 'reportExpired'});
  expect(await rowsOf(left.id)).toBe(0);
  const [{status}] = await sql<[{status: string}]>`SELECT status FROM import_job WHERE id = ${left.id}`;
  expect(status).toBe('cancelled');
  // A recent one keeps its rows, and its cards stay whatever happens to the rows.
  expect(await rowsOf(recent)).toBe(3);
  expect((await stateOf(ended, 'old.csv')).cards).toBe(3);
});

test('a preview the API was running when it stopped runs again at its next start', async () => {
  const job = await client.uploaded(cookie, csvOf([MANY_HEADERS, ...manyRows(5, 30_000)]), 'checking.csv');
  // As POST …/preview leaves it, had the API stopped before the check ended.
  await sql`UPDATE import_job SET status = 'checking' WHERE id = ${job.id}`;
  expect(await resumeImports(sql)).toContain(job.id);
  await expect
    .poll(async () => (await sql<[{status: string}]>`SELECT status, valid_rows FROM import_job WHERE id = ${job.id}`)[0])
    .toEqual({status: 'previewed', valid_rows: 5});
});
