import {createWriteStream} from 'node:fs';
import ExcelJS from 'exceljs';
import {defused} from './formulas.ts';

/**
 * How a column's cells are written: dates as real date cells shown DD-MM-YYYY (spec §9), moments with
 * the time of day in Israel, phones and ID numbers as text (so Excel keeps their leading 0 and does not
 * turn them into numbers), long texts wrapped.
 */
export type CellKind = 'text' | 'long' | 'number' | 'date' | 'moment' | 'digits';
/** A cell's value: a date is 'YYYY-MM-DD', a moment a Date; empty is null or undefined. */
export type CellValue = string | number | Date | null | undefined;
export type SheetColumn = {header: string; kind: CellKind};

const STYLES: Record<CellKind, Partial<ExcelJS.Style>> = {
  text: {},
  long: {alignment: {wrapText: true, vertical: 'top'}},
  number: {},
  date: {numFmt: 'dd-mm-yyyy'},
  moment: {numFmt: 'dd-mm-yyyy hh:mm'},
  digits: {numFmt: '@'},
};
const WIDTHS: Record<CellKind, number> = {text: 18, long: 40, number: 10, date: 12, moment: 17, digits: 16};

/** Excel's own limit of characters in a cell. */
const CELL_MAX = 32_767;
/** Characters XML 1.0 cannot hold: Excel calls a file with them corrupt. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
/**
 * How many bytes of the sheet may wait for the zip's compression before the writer pauses: exceljs
 * hands rows on without backpressure, and deflate is slower than Postgres, so without this pause a
 * large export would pile up in memory after all.
 */
const MAX_BACKLOG_BYTES = 4 * 1024 * 1024;

const israel = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** Excel has no time zones: a moment is written as the wall-clock time in Israel (spec §9). */
function israelWallClock(moment: Date): Date {
  const part = Object.fromEntries(israel.formatToParts(moment).map(p => [p.type, Number(p.value)]));
  return new Date(Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!));
}

function cell(kind: CellKind, value: CellValue): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  switch (kind) {
    case 'date': {
      const [year, month, day] = String(value).split('-').map(Number);
      return new Date(Date.UTC(year!, month! - 1, day!));
    }
    case 'moment':
      return israelWallClock(value instanceof Date ? value : new Date(value));
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    default:
      // Text is never a formula (formulas.ts).
      return defused(String(value).replace(NOT_XML, '')).slice(0, CELL_MAX);
  }
}

/** Sheet names: at most 31 characters, none of []:*?/\ (Excel refuses the file otherwise). */
const sheetName = (name: string) => name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';

/**
 * One worksheet streamed to a file with exceljs's streaming WorkbookWriter: each row is written and
 * released as it is added (never the whole sheet in memory), the header row frozen and bold, the sheet
 * right-to-left when the user reads Hebrew.
 */
export function openSheet(file: string, options: {name: string; rightToLeft: boolean; columns: readonly SheetColumn[]}) {
  // Only the server's own user reads the file: it holds what this user may see.
  const output = createWriteStream(file, {mode: 0o600});
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({stream: output, useStyles: true, useSharedStrings: false});
  workbook.creator = 'Kesher';
  const sheet = workbook.addWorksheet(sheetName(options.name), {
    views: [{rightToLeft: options.rightToLeft, state: 'frozen', ySplit: 1}],
  });
  sheet.columns = options.columns.map((c, i) => ({
    header: c.header,
    key: String(i),
    width: WIDTHS[c.kind],
    style: STYLES[c.kind],
  }));
  const header = sheet.getRow(1);
  header.font = {bold: true};
  header.commit();

  /** The sheet's bytes handed to the zip and not yet compressed (exceljs's own streams, read as Node's). */
  const backlog = () =>
    (
      sheet as unknown as {stream: {pipes: Array<{_writableState?: {length: number}; _readableState?: {length: number}}>}}
    ).stream.pipes.reduce((bytes, pipe) => bytes + (pipe._writableState?.length ?? 0) + (pipe._readableState?.length ?? 0), 0);

  return {
    workbook,
    addRow(values: readonly CellValue[]) {
      sheet.addRow(values.map((value, i) => cell(options.columns[i]!.kind, value))).commit();
    },
    /** Resolves once the zip has caught up enough to take more rows. */
    async drained() {
      while (backlog() > MAX_BACKLOG_BYTES) await new Promise(resolve => setTimeout(resolve, 10));
    },
    /** Finishes the sheet and the file. */
    async commit() {
      sheet.commit();
      await workbook.commit();
    },
    /** Gives up: the file is closed where it stands (the caller deletes it). */
    abort() {
      output.destroy();
    },
  };
}
export type SheetWriter = ReturnType<typeof openSheet>;
