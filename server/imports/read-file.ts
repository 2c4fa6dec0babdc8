import {Readable} from 'node:stream';
import {MAX_CELL_LENGTH, MAX_COLUMNS, MAX_HEADER_LENGTH} from '../../app/imports/schema.ts';
import {csvRows, decodeText} from './csv.ts';
import {xlsxReader} from './xlsx-reader.ts';

/**
 * A spreadsheet's first sheet as text, row by row (issue 16): every non-empty row under its number in
 * the sheet (an empty row in the middle is passed over), the first of them being the headers. `.xlsx` is
 * read with exceljs's streaming reader (the workbook is never built in memory; a formula cell gives its
 * cached result, a date cell its 'YYYY-MM-DD'); anything else is read as CSV. The rows are consumed as
 * they are read (server/imports/upload.ts stores them in batches), so a large file never sits in memory
 * as rows.
 */
export type SheetKind = 'xlsx' | 'csv';
export type SheetRefusal = 'fileType' | 'emptyFile' | 'tooManyRows' | 'unreadable' | 'singleRowOnly';

/** Why a file is refused, thrown from the reading so that the upload's transaction ends unwritten. */
export class SheetRefused extends Error {
  constructor(readonly reason: SheetRefusal) {
    super(reason);
  }
}

/** A zip archive (xlsx) starts "PK\x03\x04"; the old binary .xls (OLE2) "D0 CF 11 E0". */
const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;
const isOle2 = (b: Uint8Array) => b[0] === 0xd0 && b[1] === 0xcf && b[2] === 0x11 && b[3] === 0xe0;
/** Text files hold no NUL bytes (images, PDFs and other binaries do, early on). */
const looksBinary = (b: Uint8Array) => b.subarray(0, 4096).includes(0);

/** What the bytes are, by their signature (never the file's name). */
export function sheetKind(bytes: Uint8Array): SheetKind | SheetRefusal {
  if (bytes.length === 0) return 'emptyFile';
  if (isOle2(bytes) || (!isZip(bytes) && looksBinary(bytes))) return 'fileType';
  return isZip(bytes) ? 'xlsx' : 'csv';
}

/** Every non-empty row of the first sheet, as text; a file that cannot be read throws SheetRefused('unreadable'). */
export async function* sheetRows(bytes: Uint8Array, kind: SheetKind): AsyncGenerator<{row: number; values: string[]}> {
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
          if (values.some(v => v !== '')) yield {row: row.number, values};
        }
        break; // the first sheet only
      }
    } else {
      let number = 0;
      for (const fields of csvRows(decodeText(bytes).text)) {
        const values = fields.map(v => v.trim());
        number++;
        if (values.some(v => v !== '')) yield {row: number, values};
      }
    }
  } catch (error) {
    throw error instanceof SheetRefused ? error : new SheetRefused('unreadable');
  }
}

/** The headers of a header row: at most MAX_COLUMNS, cut to length; trailing empty ones name nothing. */
export function headersOf(values: readonly string[]) {
  const headers = values.slice(0, MAX_COLUMNS).map(h => h.slice(0, MAX_HEADER_LENGTH));
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

/** A data row's cells under the headers, each cut to length. */
export const cellsOf = (headers: readonly string[], values: readonly string[]) =>
  headers.map((_, i) => (values[i] ?? '').slice(0, MAX_CELL_LENGTH));

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
