import {expect, test} from 'vitest';
import {MAX_CSV_COLUMNS, MAX_CSV_LINE, csvRows, decodeText} from '../../server/imports/csv.ts';
import {SheetRefused} from '../../server/imports/refusal.ts';

/** CSV as office programs save it (issue 16, server/imports/csv.ts). */
test('quoted fields keep separators, line breaks and doubled quotes; the separator is the first line’s', () => {
  expect([...csvRows('a,b\r\n"x, y","he said ""hi"""\n"two\nlines",\n')]).toEqual([
    ['a', 'b'],
    ['x, y', 'he said "hi"'],
    ['two\nlines', ''],
  ]);
  expect([...csvRows('שם;עיר\nמשה;"בני ברק; רמת אלחנן"')]).toEqual([
    ['שם', 'עיר'],
    ['משה', 'בני ברק; רמת אלחנן'],
  ]);
  expect([...csvRows('a\tb\n1\t2')]).toEqual([
    ['a', 'b'],
    ['1', '2'],
  ]);
});

test('UTF-8 (with or without its byte order mark), else Windows-1255', () => {
  const hebrew = 'שלום';
  expect(decodeText(new TextEncoder().encode(hebrew))).toEqual({text: hebrew, encoding: 'utf-8'});
  expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(hebrew)]))).toEqual({
    text: hebrew,
    encoding: 'utf-8',
  });
  // ש ל ו ם in Windows-1255
  expect(decodeText(Uint8Array.from([0xf9, 0xec, 0xe5, 0xed]))).toEqual({text: hebrew, encoding: 'windows-1255'});
});

test('a line of more than MAX_CSV_COLUMNS fields or MAX_CSV_LINE characters is refused (csvTooLong), up to them it reads', () => {
  const refusal = (text: string) => {
    try {
      [...csvRows(text)];
    } catch (error) {
      return error instanceof SheetRefused ? error.reason : error;
    }
  };
  expect([...csvRows(`${'a,'.repeat(MAX_CSV_COLUMNS - 1)}a\n1`)][0]).toHaveLength(MAX_CSV_COLUMNS);
  expect(refusal(`${'a,'.repeat(MAX_CSV_COLUMNS)}a\n1`)).toBe('csvTooLong');
  expect([...csvRows(`a\n${'x'.repeat(MAX_CSV_LINE)}\nb`)][1]![0]).toHaveLength(MAX_CSV_LINE);
  expect(refusal(`a\n${'x'.repeat(MAX_CSV_LINE + 1)}\nb`)).toBe('csvTooLong');
  // A quoted field's line breaks keep it one line.
  expect(refusal(`a\n"${'x\n'.repeat(MAX_CSV_LINE / 2)}"`)).toBe('csvTooLong');
});
