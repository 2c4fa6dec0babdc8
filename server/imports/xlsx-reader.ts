import type {Readable} from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * exceljs 4.4's streaming reader turns each inflated chunk of a sheet's XML into text on its own, so a
 * Hebrew letter (two bytes in UTF-8) split between two chunks comes out as '��' (exceljs issues #2063,
 * #2084, #2316; the fix, PR #1665, is not released). Found by the 10,000-row test: about one row in
 * 5,000 lost a letter. Here the reader is handed text instead of bytes, decoded with a streaming
 * decoder that carries a split letter over to the next chunk; exceljs passes text through as it is.
 */
type ReaderInternals = {
  _parseWorksheet(chunks: AsyncIterable<unknown>, sheetNo: string): unknown;
  _parseSharedStrings(entry: Readable): unknown;
};

async function* utf8Text(chunks: AsyncIterable<unknown>) {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) yield typeof chunk === 'string' ? chunk : decoder.decode(chunk as Uint8Array, {stream: true});
  const rest = decoder.decode();
  if (rest) yield rest;
}

export function xlsxReader(input: Readable, options: Partial<ExcelJS.stream.xlsx.WorkbookStreamReaderOptions>) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, options);
  const internals = reader as unknown as ReaderInternals;
  const worksheet = internals._parseWorksheet.bind(reader);
  const sharedStrings = internals._parseSharedStrings.bind(reader);
  internals._parseWorksheet = (chunks, sheetNo) => worksheet(utf8Text(chunks), sheetNo);
  // The shared strings are read from the zip entry itself: a text encoding on the stream does the same.
  internals._parseSharedStrings = entry => sharedStrings(entry.setEncoding('utf8'));
  return reader;
}
