import {csvRows, decodeText} from './csv.ts';
import {SheetRefused, type SheetRefusal} from './refusal.ts';

/**
 * A spreadsheet's first sheet as text, row by row (issue 16): every non-empty row under its number in
 * the sheet (an empty row in the middle is passed over), the first of them being the headers. `.xlsx` is
 * read with exceljs's streaming reader under the zip's caps (xlsx-reader.ts, xlsx-zip.ts); anything
 * else is read as CSV under its line caps (csv.ts). The API reads files in a worker thread
 * (sheet-worker.ts), never on its own heap.
 */
export type SheetKind = 'xlsx' | 'csv';

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
      // exceljs takes a second to load: a CSV's reading does without it.
      const {xlsxRows} = await import('./xlsx-reader.ts');
      for await (const row of xlsxRows(bytes)) {
        const values = (row.values as unknown[]).slice(1).map(cellText);
        if (values.some(v => v !== '')) yield {row: row.number, values};
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
