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
