import {Readable} from 'node:stream';
import {MAX_CELL_LENGTH, MAX_COLUMNS, MAX_HEADER_LENGTH, MAX_IMPORT_ROWS} from '../../app/imports/schema.ts';
import {csvRows, decodeText} from './csv.ts';
import {xlsxReader} from './xlsx-reader.ts';

/**
 * A spreadsheet's first sheet as text (issue 16): the first non-empty row is the headers, every later
 * non-empty row a data row under its number in the sheet (an empty row in the middle is passed over).
 * `.xlsx` is read with exceljs's streaming reader (the workbook is never built in memory; a formula
 * cell gives its cached result, a date cell its 'YYYY-MM-DD'); anything else is read as CSV.
 */
export type Sheet = {kind: 'xlsx' | 'csv'; headers: string[]; rows: Array<{row: number; cells: string[]}>};
export type SheetRefusal = 'fileType' | 'emptyFile' | 'tooManyRows' | 'unreadable';

/** A zip archive (xlsx) starts "PK\x03\x04"; the old binary .xls (OLE2) "D0 CF 11 E0". */
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle2 = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;
/** Text files hold no NUL bytes (images, PDFs and other binaries do, early on). */
const looksBinary = (b: Uint8Array) => b.subarray(0, 4096).includes(0);

export async function readSheet(bytes: Uint8Array): Promise<Sheet | SheetRefusal> {
  if (bytes.length === 0) return 'emptyFile';
  if (isOle2(bytes) || (!isZip(bytes) && looksBinary(bytes))) return 'fileType';
  const kind = isZip(bytes) ? 'xlsx' : 'csv';
  const sheet: Sheet = {kind, headers: [], rows: []};
  let headed = false;
  const add = (row: number, values: string[]) => {
    if (values.every(v => v === '')) return 'next';
    if (!headed) {
      headed = true;
      sheet.headers = trimEnd(values.slice(0, MAX_COLUMNS).map(h => h.slice(0, MAX_HEADER_LENGTH)));
      return 'next';
    }
    if (sheet.rows.length >= MAX_IMPORT_ROWS) return 'full';
    sheet.rows.push({row, cells: sheet.headers.map((_, i) => (values[i] ?? '').slice(0, MAX_CELL_LENGTH))});
    return 'next';
  };
  try {
    if (kind === 'xlsx') {
      const reader = xlsxReader(Readable.from(Buffer.from(bytes)), {
        sharedStrings: 'cache',
        // Styles tell a date cell from a number.
        styles: 'cache',
        hyperlinks: 'ignore',
        worksheets: 'emit',
        entries: 'ignore',
      });
      for await (const worksheet of reader) {
        for await (const row of worksheet) {
          const values = (row.values as unknown[]).slice(1).map(cellText);
          if (add(row.number, values) === 'full') return 'tooManyRows';
        }
        break; // the first sheet only
      }
    } else {
      let number = 0;
      for (const values of csvRows(decodeText(bytes).text)) {
        if (
          add(
            ++number,
            values.map(v => v.trim()),
          ) === 'full'
        )
          return 'tooManyRows';
      }
    }
  } catch {
    return 'unreadable';
  }
  return headed ? sheet : 'emptyFile';
}

/** Trailing columns without a header hold nothing the mapping could name. */
function trimEnd(headers: string[]) {
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

/** A cell as text: a formula's cached result, a date's 'YYYY-MM-DD', rich text's letters, a link's text. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const cell = value as {result?: unknown; richText?: Array<{text: string}>; text?: unknown; error?: unknown};
    if ('result' in cell || 'formula' in cell || 'sharedFormula' in cell) return cellText(cell.result);
    if (Array.isArray(cell.richText))
      return cell.richText
        .map(part => part.text)
        .join('')
        .trim();
    if ('text' in cell) return cellText(cell.text);
  }
  return '';
}
