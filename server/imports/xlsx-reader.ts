import path from 'node:path';
import type {Readable} from 'node:stream';
import ExcelJS from 'exceljs';
import {SheetRefused} from './refusal.ts';
import {xlsxParts} from './xlsx-zip.ts';

/**
 * The first sheet of an .xlsx, row by row, read with exceljs's streaming reader (the workbook is never
 * built in memory; a formula cell gives its cached result, a date cell a Date).
 *
 * exceljs's own `parse()` walks every entry of the zip, in the zip's order, and writes each sheet that
 * comes before the shared strings (as Excel saves them) to a temporary file: a zip bomb's other sheets
 * filled the disk (issue 33). Here the zip is opened by xlsx-zip.ts under its caps, and exceljs's
 * part readers are handed only the parts the first sheet needs, in the order it needs them: the
 * workbook's relations and sheet list, the shared strings, the styles (which tell a date from a
 * number), then the sheet the workbook lists first. No other part is inflated, nothing is written.
 *
 * exceljs 4.4's readers turn each inflated chunk into text on its own, so a Hebrew letter (two bytes in
 * UTF-8) split between two chunks came out as '��' (exceljs issues #2063, #2084, #2316; the fix, PR
 * #1665, is not released; found by the 10,000-row test). The sheet is handed over as text, decoded by
 * a streaming decoder that carries a split letter over to the next chunk; the shared strings likewise.
 */
type WorkbookInternals = {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseWorksheet(chunks: AsyncIterable<string>, sheetNo: string): Iterable<{value: AsyncIterable<ExcelJS.Row>}>;
  workbookRels?: Array<{Id: string; Target: string}>;
  model?: {sheets?: Array<{rId: string}>};
};

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const STYLES = 'xl/styles.xml';

async function* utf8Text(chunks: AsyncIterable<unknown>) {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) yield decoder.decode(chunk as Uint8Array, {stream: true});
  const rest = decoder.decode();
  if (rest) yield rest;
}

/** The zip path of the sheet the workbook lists first (its target is relative to xl/, or absolute). */
function firstSheetPath(reader: WorkbookInternals) {
  const rId = reader.model?.sheets?.[0]?.rId;
  const target = reader.workbookRels?.find(rel => rel.Id === rId)?.Target;
  if (!target) throw new SheetRefused('unreadable');
  return target.startsWith('/') ? target.slice(1) : path.posix.join('xl', target);
}

export async function* xlsxRows(bytes: Uint8Array): AsyncGenerator<ExcelJS.Row> {
  const parts = await xlsxParts(bytes);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(undefined as unknown as Readable, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as WorkbookInternals;
    await reader._parseRels(await parts.open(RELS));
    await reader._parseWorkbook(await parts.open(WORKBOOK));
    // A sheet of numbers alone may have no shared strings; the reader then needs an empty list.
    if (parts.has(SHARED_STRINGS)) {
      for await (const _ of reader._parseSharedStrings((await parts.open(SHARED_STRINGS)).setEncoding('utf8')));
    } else (reader as unknown as {sharedStrings: unknown[]}).sharedStrings = [];
    if (parts.has(STYLES)) await reader._parseStyles(await parts.open(STYLES));
    const sheet = firstSheetPath(reader);
    for (const {value: worksheet} of reader._parseWorksheet(utf8Text(await parts.open(sheet)), sheet)) yield* worksheet;
  } finally {
    parts.close();
  }
}
