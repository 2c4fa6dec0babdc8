/**
 * CSV as Excel and old office programs save it (issue 16): UTF-8 (with or without a byte order mark),
 * or Windows-1255 for old Hebrew files; a comma, semicolon or tab between fields; quoted fields may hold
 * the separator, line breaks and doubled quotes.
 */
import {SheetRefused} from './refusal.ts';

/**
 * A line (a quoted field's line breaks included) of more characters, or more fields, than these is
 * refused (`csvTooLong`, issue 33): the widest row the import keeps is 200 columns of 4,000 characters,
 * and one line of 20 MB, or of millions of commas, would otherwise be built up in memory as one row.
 */
export const MAX_CSV_LINE = 1_000_000;
export const MAX_CSV_COLUMNS = 1000;

/** UTF-8 when the bytes are valid UTF-8 (a BOM says so outright), else Windows-1255 (Hebrew ANSI). */
export function decodeText(bytes: Uint8Array): {text: string; encoding: 'utf-8' | 'windows-1255'} {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8'};
  }
  try {
    return {text: new TextDecoder('utf-8', {fatal: true}).decode(bytes), encoding: 'utf-8'};
  } catch {
    return {text: new TextDecoder('windows-1255').decode(bytes), encoding: 'windows-1255'};
  }
}

/** The separator the first line uses most (outside quotes). */
function separatorOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  const [best, count] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
  return count > 0 ? best : ',';
}

/** Every line's fields (a quoted field's line breaks stay inside it); SheetRefused('csvTooLong') past the caps. */
export function* csvRows(text: string): Generator<string[]> {
  const separator = separatorOf(text);
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    if (i - lineStart > MAX_CSV_LINE || row.length >= MAX_CSV_COLUMNS) throw new SheetRefused('csvTooLong');
    const char = text[i]!;
    if (quoted) {
      if (char !== '"') field += char;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === separator) {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      yield row;
      row = [];
      field = '';
      lineStart = i + 1;
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    yield row;
  }
}
