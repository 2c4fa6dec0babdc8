import {mkdtemp} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import {expect} from 'vitest';
import type {Sql} from '../../server/db/sql.ts';
import {exportsSettled} from '../../server/exports/run.ts';
import type {startTestApi} from './api.ts';
import type {browser} from './browser.ts';

type Api = Awaited<ReturnType<typeof startTestApi>>;
type Browser = ReturnType<typeof browser>;

/** A folder of its own for a test file's exports. */
export const exportsFolder = () => mkdtemp(path.join(tmpdir(), 'kesher-exports-'));

/** The cells of a sheet as plain values, row by row (the header row first). */
export type SheetRows = Array<Array<ExcelJS.CellValue>>;

/** A downloaded .xlsx read back with exceljs: its first sheet, the cells of it, and the workbook. */
export async function readWorkbook(bytes: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  const rows: SheetRows = [];
  sheet.eachRow({includeEmpty: true}, row => {
    rows.push(Array.from({length: sheet.columnCount}, (_, i) => row.getCell(i + 1).value));
  });
  return {workbook, sheet, rows};
}

/** The signed-in test browser's session cookie, for requests that are not JSON. */
export const cookieOf = (b: Browser) => `kesher_session=${b.jar.get('kesher_session')}`;

/** GET /api/exports/:id/download as this browser: the answer's status and, when 200, the bytes. */
export async function download(api: Api, b: Browser, id: string) {
  const res = await api.app.request(`/api/exports/${id}/download`, {headers: {cookie: cookieOf(b)}});
  const bytes = new Uint8Array(await res.arrayBuffer());
  return {status: res.status, headers: res.headers, bytes};
}

/**
 * Starts an export through the API as this browser, waits for it to finish, and reads its file back:
 * the job's row, the download's answer and the sheet.
 */
export async function exportAndRead(api: Api, sql: Sql, b: Browser, body: Record<string, unknown>) {
  const started = await b.post('/api/exports', {locale: 'he', ...body});
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  await exportsSettled();
  const [job] = await sql<{status: string; row_count: number; size: number}[]>`
    SELECT status, row_count, size::int AS size FROM export_job WHERE id = ${started.body.id as string}`;
  expect(job?.status).toBe('ready');
  const file = await download(api, b, started.body.id as string);
  expect(file.status).toBe(200);
  return {id: started.body.id as string, job: job!, ...(await readWorkbook(file.bytes)), headers: file.headers};
}

/** Every text of a sheet joined: what a test searches for a value that must not be there. */
export const allText = (rows: SheetRows) => rows.flat().map(String).join('\n');
