import {defused} from '../exports/formulas.ts';

/**
 * One CSV line (RFC 4180, CRLF): every value quoted, quotes doubled, and none a spreadsheet would run
 * as a formula (server/exports/formulas.ts).
 */
export function csvLine(values: ReadonlyArray<string | null | undefined>): string {
  return values.map(value => `"${defused(value ?? '').replaceAll('"', '""')}"`).join(',') + '\r\n';
}

const israelTime = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Jerusalem',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** DD-MM-YYYY HH:MM:SS in Israel's time of an ISO moment (the product's date order, spec §9). */
export function csvTime(iso: string): string {
  const part = Object.fromEntries(israelTime.formatToParts(new Date(iso)).map(p => [p.type, p.value]));
  return `${part.day}-${part.month}-${part.year} ${part.hour}:${part.minute}:${part.second}`;
}
