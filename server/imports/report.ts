import {PassThrough, Readable} from 'node:stream';
import ExcelJS from 'exceljs';
import {reportHeaders, reportSheetName, whyNotImported} from '../../app/imports/reasons.ts';
import type {PreviewRow} from '../../app/imports/schema.ts';
import type {Locale} from '../../zero-schema.ts';
import type {Sql} from '../db/sql.ts';
import {defused} from '../exports/formulas.ts';
import type {ImportJobRow} from './jobs.ts';
import {inLocale} from '../i18n/locale.ts';

/** Rows read from Postgres at a time while the report streams. */
const REPORT_BATCH = 500;

type ReportRow = Pick<PreviewRow, 'cells' | 'status' | 'issues' | 'duplicates' | 'decision' | 'outcome'> & {row_number: number};

/**
 * The error report (issue 16): an .xlsx of the file's rows that are not in the system (rejected,
 * skipped, or not reached when the import was cancelled), as the sheet had them, with the sheet's row
 * number and one more column saying why, in the user's language (right to left for Hebrew). Written
 * with exceljs's streaming writer while the rows are read in batches.
 */
export function errorReport(sql: Sql, job: ImportJobRow, locale: Locale): ReadableStream<Uint8Array> {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({stream: out, useStyles: true, useSharedStrings: false});
  void inLocale(locale, async () => {
    const sheet = workbook.addWorksheet(reportSheetName(), {views: [{rightToLeft: locale === 'he'}]});
    // The file's own headers and cells are text, never formulas (server/exports/formulas.ts).
    const header = sheet.addRow(reportHeaders(job.headers.map(defused)));
    header.font = {bold: true};
    header.commit();
    const cursor = sql<ReportRow[]>`
      SELECT row_number, cells, status, issues, duplicates, decision, outcome FROM import_row
      WHERE job_id = ${job.id} AND outcome IS DISTINCT FROM 'imported'
      ORDER BY row_number`.cursor(REPORT_BATCH);
    for await (const rows of cursor) {
      for (const row of rows) sheet.addRow([row.row_number, ...row.cells.map(defused), whyNotImported(row)]).commit();
    }
    sheet.commit();
    await workbook.commit();
  }).catch(error => out.destroy(error as Error));
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
