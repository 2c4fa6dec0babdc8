import {mkdir, rm, stat} from 'node:fs/promises';
import type {AuthContext} from '../../permissions/context.ts';
import {logAccess} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {markFailed, markReady, partialFile, reportProgress, type ExportJob, type ExportPlace} from './jobs.ts';
import {SHEETS} from './sheets/index.ts';
import {inLocale} from '../i18n/locale.ts';
import {openSheet, type SheetWriter} from './workbook.ts';

/** Rows read from Postgres at a time: the export holds one such batch, never the whole result. */
const BATCH_ROWS = 200;
/** How often the job's row shows the count so far (the page's "preparing… N rows"). */
const PROGRESS_EVERY_MS = 500;

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Exports under way in this process; tests wait for them (exportsSettled). */
const running = new Set<Promise<void>>();

/**
 * Writes the job's sheet: the rows this user may see, read with a cursor and streamed into the .xlsx
 * (server/exports/workbook.ts) in the exports folder, the count reported as it grows; then the whole file
 * goes into the storage, the export is written to the access log (who, what, the filters and how many
 * rows) and the job is ready. A failure leaves no file and a failed job. Runs after the request that
 * asked for it has been answered.
 */
export function startExport(sql: Sql, place: ExportPlace, job: ExportJob, ctx: AuthContext, ip: string | null) {
  const work = inLocale(job.locale, () => writeExport(sql, place, job, ctx, ip)).catch((error: Error) => {
    console.error(`export ${job.id}: could not record its end: ${error.message}`);
  });
  running.add(work);
  void work.finally(() => running.delete(work));
}

/** Resolves once every export begun so far in this process has ended. */
export async function exportsSettled() {
  while (running.size > 0) await Promise.allSettled([...running]);
}

async function writeExport(sql: Sql, {dir, storage}: ExportPlace, job: ExportJob, ctx: AuthContext, ip: string | null) {
  const sheet = SHEETS[job.kind];
  const partial = partialFile(dir, job.id);
  let writer: SheetWriter | undefined;
  let rows = 0;
  try {
    await mkdir(dir, {recursive: true, mode: 0o700});
    writer = openSheet(partial, {
      name: sheet.title(),
      rightToLeft: job.locale === 'he',
      columns: sheet.columns.map(c => ({header: c.header(), kind: c.kind})),
    });
    // The first batch's count shows at once; then one update every PROGRESS_EVERY_MS.
    let reported = 0;
    for await (const batch of sheet.rows(sql, ctx, job.filters).cursor(BATCH_ROWS)) {
      for (const row of batch) writer.addRow(sheet.columns.map(c => c.value(row, job.locale)));
      rows += batch.length;
      await writer.drained();
      if (Date.now() - reported >= PROGRESS_EVERY_MS) {
        await reportProgress(sql, job.id, rows);
        reported = Date.now();
      }
    }
    await writer.commit();
    const {size} = await stat(partial);
    await storage.putFile(job.id, partial, XLSX);
    // Recorded before it is offered: no file is downloadable that the access log does not know of.
    await logAccess(sql, {
      userID: job.owner_id,
      what: 'export',
      result: 'exported',
      ip,
      detail: {exportID: job.id, export: job.kind, filters: JSON.stringify(job.filters), title: job.title || null, rows},
    });
    await markReady(sql, job.id, rows, size);
  } catch (error) {
    console.error(`export ${job.id} (${job.kind}) failed after ${rows} rows: ${(error as Error).message}`);
    writer?.abort();
    await rm(partial, {force: true});
    await storage.delete(job.id).catch((e: Error) => console.error(`export ${job.id}: could not delete its file: ${e.message}`));
    await markFailed(sql, job.id);
  }
}
