/** Calendar dates travel as 'YYYY-MM-DD' strings in forms and as UTC-midnight ms in the database. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** ms at UTC midnight for a valid 'YYYY-MM-DD', else undefined (rejects 2024-02-30 and the like). */
export function isoDateToMs(iso: string): number | undefined {
  const match = ISO_DATE.exec(iso);
  if (!match) return undefined;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? ms : undefined;
}

export function msToIsoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A candidate's age (spec §3): the card's birth date and the search's age filter both hold to it. */
export const MIN_AGE = 16;
export const MAX_AGE = 99;

/** Whole years between a birth date (UTC-midnight ms) and today, the way people count birthdays. */
export function ageOn(birthMs: number, today: Date = new Date()): number {
  const birth = new Date(birthMs);
  let age = today.getFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getMonth() < birth.getUTCMonth() || (today.getMonth() === birth.getUTCMonth() && today.getDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/** DD-MM-YYYY, the product's date display (spec §9), of a calendar date (UTC-midnight ms). */
export function formatDate(ms: number): string {
  const [y, m, d] = msToIsoDate(ms).split('-');
  return `${d}-${m}-${y}`;
}

/** DD-MM-YYYY of a moment in time (a reminder, a forum post) as the user's own calendar has it. */
export function formatLocalDate(ms: number): string {
  const at = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getDate())}-${two(at.getMonth() + 1)}-${at.getFullYear()}`;
}

/** HH:MM (24 h) of a moment in time on the user's own clock. */
export function formatLocalTime(ms: number): string {
  const at = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** DD-MM-YYYY HH:MM (24 h) of a moment in time (a note, a change in the history) on the user's own clock. */
export function formatLocalDateTime(ms: number): string {
  return `${formatLocalDate(ms)} ${formatLocalTime(ms)}`;
}

/** DD-MM-YYYY of a form's 'YYYY-MM-DD' value, or undefined when it is not a valid date. */
export function isoDateToTyped(iso: string): string | undefined {
  const ms = isoDateToMs(iso);
  return ms === undefined ? undefined : formatDate(ms);
}

/**
 * The 'YYYY-MM-DD' of a date as a person types it: day, month, four-digit year, separated by '-', '.'
 * or '/' (one or two digits for day and month) or not at all (DDMMYYYY). A pasted 'YYYY-MM-DD' is
 * accepted too: its four-digit year first cannot be mistaken for a day. Undefined when it is not a
 * whole, valid date.
 */
export function typedDateToIso(typed: string): string | undefined {
  const text = typed.trim();
  if (ISO_DATE.test(text)) return isoDateToMs(text) === undefined ? undefined : text;
  const dmy = /^(\d{1,2})[-./](\d{1,2})[-./](\d{4})$/.exec(text) ?? /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (!dmy) return undefined;
  const iso = `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}`;
  return isoDateToMs(iso) === undefined ? undefined : iso;
}

/**
 * What a date field hands its form: '' when empty, the 'YYYY-MM-DD' of a whole date, and otherwise the
 * text as typed. An unfinished or impossible date must reach the schema, which rejects it as
 * 'invalidDate', rather than pass for an empty field.
 */
export function typedDateValue(typed: string): string {
  if (typed.trim() === '') return '';
  return typedDateToIso(typed) ?? typed;
}

/**
 * While digits are typed forward, puts in the dashes of DD-MM-YYYY ("050" → "05-0"). Text laid out
 * some other way ("5.3.2001", "5-3-2001") is the typist's own and is left as it is.
 */
export function separateDateDigits(typed: string): string {
  if (!/^[\d-]*$/.test(typed)) return typed;
  const [day = '', month, year] = typed.split('-');
  const ours = day.length === 2 || (month === undefined && day.length > 2);
  if (!ours || (year !== undefined && month!.length !== 2)) return typed;
  const digits = typed.replace(/-/g, '').slice(0, 8);
  // A dash typed (or left after a backspace) right where one belongs stays.
  const dash = typed.endsWith('-') && (digits.length === 2 || digits.length === 4) ? '-' : '';
  const groups = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(g => g !== '');
  return groups.join('-') + dash;
}
