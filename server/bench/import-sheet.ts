import {Writable} from 'node:stream';
import ExcelJS from 'exceljs';
import {israeliIDCheckDigit} from '../../app/lib/israeli-id.ts';

/**
 * A sheet of N valid candidates as an institution's office keeps them (Hebrew headers, phones as
 * typed, dates DD/MM/YYYY), for the import bench (import-bench.ts) and the tests' large files
 * (tests/fixtures/imports): generated, never committed.
 */
const FORENAMES = ['משה', 'יעקב', 'שרה', 'רבקה', 'דוד', 'חנה', 'אהרן', 'לאה', 'יוסף', 'מרים'];
const SURNAMES = ['כהן', 'לוי', 'פרידמן', 'גולדברג', 'ויס', 'שטרן', 'כץ', 'אזולאי', 'ברגר', 'רוזן'];
const CITIES = ['בני ברק', 'ירושלים', 'אלעד', 'בית שמש', 'מודיעין עילית', 'אשדוד'];
export const MANY_HEADERS = [
  'שם פרטי',
  'שם משפחה',
  'מין',
  'תאריך לידה',
  'עיר',
  'מגזר',
  'ת.ז.',
  'נייד',
  'עיסוק',
  'איש קשר',
  'טלפון להצעות',
  'טלפונים לבירורים',
];

/**
 * N valid, distinct rows (their own ID numbers and mobiles, from `offset` on, so two files of one run
 * differ). Women and men alternate; birth dates spread over ten years.
 */
export function manyRows(count: number, offset = 0): string[][] {
  return Array.from({length: count}, (_, i) => {
    const n = offset + i;
    const body = String(60_000_000 + n).padStart(8, '0');
    const female = n % 2 === 1;
    const day = new Date(Date.UTC(1995, 0, 1) + (n % 3650) * 86_400_000);
    const two = (x: number) => String(x).padStart(2, '0');
    const mobile = `058-${String(n).padStart(7, '0')}`;
    return [
      FORENAMES[(n * 7) % FORENAMES.length]!,
      `${SURNAMES[n % SURNAMES.length]!} ${n}`,
      female ? 'נקבה' : 'זכר',
      `${two(day.getUTCDate())}/${two(day.getUTCMonth() + 1)}/${day.getUTCFullYear()}`,
      CITIES[n % CITIES.length]!,
      n % 3 === 0 ? 'חסידי' : 'ליטאי',
      `${body}${israeliIDCheckDigit(body)}`,
      mobile,
      female ? 'מורה' : 'אברך',
      'אבא',
      mobile,
      '03-6181818',
    ];
  });
}

/** N valid rows as an .xlsx, written with exceljs's streaming writer (a 10,000-row file in a second or two). */
export async function manyRowsXlsx(count: number, offset = 0): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({stream, useSharedStrings: false, useStyles: false});
  const sheet = workbook.addWorksheet('rows');
  sheet.addRow(MANY_HEADERS).commit();
  for (const row of manyRows(count, offset)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return new Uint8Array(Buffer.concat(chunks));
}
