import {expect, test} from 'vitest';
import {csvRows, decodeText} from '../../server/imports/csv.ts';

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
