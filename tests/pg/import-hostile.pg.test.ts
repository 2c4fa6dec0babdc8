import {mkdtemp, readdir, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterAll, beforeAll, expect, inject, test} from 'vitest';
import type {AuthContext} from '../../permissions/context.ts';
import {connect} from '../../server/db/sql.ts';
import {startTestApi} from '../support/api.ts';
import {makeUser} from '../support/fixtures.ts';
import {importClient} from '../support/imports.ts';
import {
  billionLaughs,
  csvLongLine,
  csvManyColumns,
  lyingSizes,
  sharedStringEcho,
  sharedStringsBomb,
  sheetBomb,
  tooManyEntries,
} from '../fixtures/hostile/spreadsheets.ts';

/**
 * Spreadsheet bombs are refused (issue 33, point 1): each hostile file of
 * tests/fixtures/hostile/spreadsheets.ts is uploaded to POST /api/imports through the real API and
 * Postgres, as an importer. Each is refused with its translated code (413), makes no job, leaves the
 * temporary folder as it was (the API's TMPDIR is this test's own folder), keeps the process's memory
 * within bounds, and the API still imports a good file right after.
 */
const sql = connect(inject('databaseURL'));
let api: Awaited<ReturnType<typeof startTestApi>>;
let client: ReturnType<typeof importClient>;
let importer: AuthContext;
let cookie: string;
let temp: string;
const savedTmp = process.env.TMPDIR;

beforeAll(async () => {
  temp = await mkdtemp(path.join(tmpdir(), 'kesher-import-hostile-'));
  process.env.TMPDIR = temp;
  api = await startTestApi(sql);
  client = importClient(api, sql);
  importer = await makeUser(sql, 'shadchan', ['editTickets', 'importProfilesFromExcel']);
  cookie = await client.signIn(importer.userID);
});
afterAll(async () => {
  process.env.TMPDIR = savedTmp;
  await api.close();
  await sql.end();
  await rm(temp, {recursive: true, force: true});
});

const jobsOf = async () =>
  (await sql<[{count: number}]>`SELECT count(*)::int AS count FROM import_job WHERE created_by = ${importer.userID}`)[0].count;

/** The upload's answer and the most the process's resident memory grew meanwhile (MiB). */
async function uploadWatched(bytes: Uint8Array, name: string) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const res = await client.upload(cookie, bytes, name);
    return {status: res.status, body: (await res.json()) as {error?: string}, grewMiB: (peak - before) / 1024 / 1024};
  } finally {
    clearInterval(watch);
  }
}

const HOSTILE: Array<[string, () => Uint8Array | Promise<Uint8Array>, string, string]> = [
  ['two sheets after the first inflating to 300 MiB each', sheetBomb, 'sheets.xlsx', 'unsafeFile'],
  ['shared strings inflating to 256 MiB', sharedStringsBomb, 'strings.xlsx', 'unsafeFile'],
  ['5,000 parts in the zip', tooManyEntries, 'parts.xlsx', 'unsafeFile'],
  ['a sheet declaring 1 KB that inflates to 64 MiB', lyingSizes, 'lying.xlsx', 'unsafeFile'],
  ['a small sheet naming one 4,000-character string 20,000 times', sharedStringEcho, 'echo.xlsx', 'unsafeFile'],
  ['XML entity expansion (billion laughs)', billionLaughs, 'laughs.xlsx', 'unsafeFile'],
  ['a CSV line of 5 million characters', csvLongLine, 'long.csv', 'csvTooLong'],
  ['a CSV of 200,000 columns', csvManyColumns, 'wide.csv', 'csvTooLong'],
];

test.each(HOSTILE)(
  '%s is refused, and the API goes on',
  async (_, make, name, code) => {
    const bytes = await make();
    const jobs = await jobsOf();
    const {status, body, grewMiB} = await uploadWatched(bytes, name);
    expect({status, error: body.error}).toEqual({status: 413, error: code});
    expect(await jobsOf()).toBe(jobs);
    // The file is read in a worker and refused before it inflates: nothing near the bomb's size.
    expect(grewMiB).toBeLessThan(200);
    // tsx's compile cache (tsx-<uid>), which the import worker, run under tsx like the API, keeps there.
    expect((await readdir(temp)).filter(name => !/^tsx-\d+$/.test(name))).toEqual([]);

    const good = await client.upload(cookie, new TextEncoder().encode('שם פרטי,שם משפחה\nמשה,כהן\n'), 'good.csv');
    expect(good.status, await good.clone().text()).toBe(201);
    expect(await good.json()).toMatchObject({headers: ['שם פרטי', 'שם משפחה'], rows: 1, sample: [['משה', 'כהן']]});
  },
  120_000,
);
