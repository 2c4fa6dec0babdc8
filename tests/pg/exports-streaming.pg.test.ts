import {readdir, rm} from 'node:fs/promises';
import path from 'node:path';
import {Readable} from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import ExcelJS from 'exceljs';
import {nanoid} from 'nanoid';
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest';
import {queries} from '../../app/queries.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {FILTER_EXAMPLES} from '../../server/bench/filter-examples.ts';
import {connect} from '../../server/db/sql.ts';
import {exportsSettled} from '../../server/exports/run.ts';
import {profilesSheet} from '../../server/exports/sheets/profiles.ts';
import {openSheet} from '../../server/exports/workbook.ts';
import {startTestApi} from '../support/api.ts';
import {signedIn} from '../support/browser.ts';
import {download, exportsFolder} from '../support/exports.ts';
import {makeUser} from '../support/fixtures.ts';
import {serverSide} from '../support/server-side.ts';
import {openTestStorage, STORAGE_KINDS, type TestStorage} from '../support/storages.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * A profiles export is the candidate list's own result (the same read rule and filter conditions, for
 * every filter of the search), and it streams: rows go from a Postgres cursor into exceljs's streaming
 * writer and on to disk a batch at a time, the job's row count growing meanwhile, with the memory the
 * export holds bounded by a batch however many rows there are, and the finished file stored whole (renamed
 * in the exports folder, or uploaded to an S3 bucket in parts) and downloaded as a stream.
 */
const sql = connect(inject('databaseURL'));
const {db} = serverSide(sql);
let shadchan: AuthContext, admin: AuthContext;

beforeAll(async () => {
  shadchan = await makeUser(sql, 'shadchan', ['exportToExcel', 'freeFiltering']);
  admin = await makeUser(sql, 'admin');
});
afterAll(() => sql.end());

/** A card as both sides can name it (the export has no card ids): its name, birth date and city. */
type Person = {forename: string; surname: string; birthDate: string; city: string};
const who = (p: Person) => `${p.forename}|${p.surname}|${p.birthDate}|${p.city}`;
const LIST_LIMIT = 2000;

describe('the filters of a search give exactly the rows the search gives', () => {
  test.each(Object.entries({all: {}, ...FILTER_EXAMPLES}))('%s', async (_, filters: FilterSet) => {
    for (const ctx of [shadchan, admin]) {
      const listed = await db.transaction(tx =>
        tx.run(queries.candidates.list.fn({args: {filters, sort: 'name', dir: 'asc', limit: LIST_LIMIT}, ctx})),
      );
      expect(listed.length, 'the list holds every match').toBeLessThan(LIST_LIMIT);
      const rows = (await profilesSheet.rows(sql, ctx, filters)) as unknown as Array<Person & {birth_date: string}>;
      const fromList = listed.map(p => who({...p, birthDate: new Date(p.birthDate).toISOString().slice(0, 10)})).sort();
      expect(rows.map(r => who({...r, birthDate: r.birth_date})).sort()).toEqual(fromList);
    }
  });
});

describe.each(STORAGE_KINDS)('an export streams (%s storage)', kind => {
  let api: Awaited<ReturnType<typeof startTestApi>>;
  let folder: string;
  let under: TestStorage;
  beforeAll(async () => {
    folder = await exportsFolder();
    under = await openTestStorage(kind, {prefix: 'exports/', suffix: '.xlsx', dir: folder});
    api = await startTestApi(sql, {exportsDir: folder, exportStorage: under.storage});
  });
  afterAll(async () => {
    await exportsSettled();
    await api.close();
    await under.close();
    await rm(folder, {recursive: true, force: true});
  });

  test("the writer is exceljs's streaming WorkbookWriter", async () => {
    const sheet = openSheet(path.join(folder, 'probe.xlsx'), {
      name: 'x',
      rightToLeft: false,
      columns: [{header: 'a', kind: 'text'}],
    });
    expect(sheet.workbook).toBeInstanceOf(ExcelJS.stream.xlsx.WorkbookWriter);
    await sheet.commit();
  });

  test('thousands of rows: the count grows while it runs, and the memory held stays far below the data', async () => {
    const ROWS = 2000;
    const sector = `sector-${nanoid(6)}`;
    // About 3 KB of details a card: all of them at once would be some 12 MB of JavaScript strings.
    const long = 'א'.repeat(1000);
    await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'גדול'})})`;
    await sql.begin(async tx => {
      // The cards' search keys and facets (database triggers) are not this test's subject and cost more
      // than the export itself: they are skipped for these inserts, and the two columns they fill given.
      await tx`SET LOCAL session_replication_role = replica`;
      await tx`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id,
                                    name_search, city_fold)
               SELECT ${sector} || '-' || n, 'שרה', 'לוי' || n, 'female', '2000-01-01', 'בני ברק', ${sector}, 'available',
                      ${admin.userID}, ' לוי' || n || ' שרה', 'בני ברק'
                 FROM generate_series(1, ${ROWS}) n`;
      await tx`INSERT INTO profile_detail (profile_id, details)
               SELECT ${sector} || '-' || n,
                      jsonb_build_object('aboutMe', ${long} || n, 'soughtQualities', ${long} || n, 'expectations', ${long} || n,
                                         'candidatePhone', '+972501234567')
                 FROM generate_series(1, ${ROWS}) n`;
    });

    try {
      await exportAndMeasure(api, under, folder, sector, ROWS);
    } finally {
      // 2,000 cards at the front of every name-sorted list would push other files' cards off their pages.
      await sql`DELETE FROM profile WHERE sector_id = ${sector}`;
      await sql`DELETE FROM sector WHERE id = ${sector}`;
    }
  }, 60_000);
});

async function exportAndMeasure(
  api: Awaited<ReturnType<typeof startTestApi>>,
  under: TestStorage,
  folder: string,
  sector: string,
  ROWS: number,
) {
  const b = await signedIn(api.app, admin.userID);
  // What the process holds (not garbage it has yet to collect): measured after a full collection.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const held = () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
  const baseline = held();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, held())), 750);
  const started = await b.post('/api/exports', {kind: 'profiles', filters: {sectors: [sector]}, locale: 'he'});
  expect(started.status).toBe(202);
  const id = started.body.id as string;
  const seen: Array<{status: string; row_count: number}> = [];
  while (seen.at(-1)?.status !== 'ready') {
    const [job] = await sql<{status: string; row_count: number}[]>`SELECT status, row_count FROM export_job WHERE id = ${id}`;
    seen.push(job!);
    expect(job!.status).not.toBe('failed');
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  clearInterval(sampler);
  expect((peak - baseline) / 1e6, 'MB held beyond the start').toBeLessThan(8);
  expect(
    seen.some(job => job.status === 'running' && job.row_count > 0 && job.row_count < ROWS),
    'a count while running',
  ).toBe(true);
  expect(seen.at(-1)!.row_count).toBe(ROWS);

  // The stored file (read from the folder or the bucket directly) holds every row, read back with
  // exceljs's streaming reader; the download is the same bytes, and nothing partial is left behind.
  const stored = await under.read(id);
  expect(stored).toBeDefined();
  let rows = 0;
  for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(stored!)]), {})) {
    for await (const _ of sheet) rows++;
  }
  expect(rows).toBe(ROWS + 1);
  const res = await download(api, b, id);
  expect(res.status).toBe(200);
  expect(Number(res.headers.get('content-length'))).toBe(stored!.length);
  expect(Buffer.from(res.bytes).equals(Buffer.from(stored!))).toBe(true);
  expect(await under.stored()).toContain(id);
  expect((await readdir(folder)).filter(name => name.endsWith('.part'))).toEqual([]);
}
