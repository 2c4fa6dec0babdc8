import gematriya from 'gematriya';
import {isoDateToMs, msToIsoDate} from './dates.ts';

/**
 * The Hebrew calendar of the browser's own Intl (ICU), read at noon UTC of the civil day: a birth date
 * on file is a civil date with no time of day, so there is no sunset adjustment, and reading it in UTC
 * keeps the answer independent of the browser's or the server's time zone.
 */
const HEBREW_CALENDAR = new Intl.DateTimeFormat('he-u-ca-hebrew', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  numberingSystem: 'latn',
});
const NOON_MS = 12 * 60 * 60 * 1000;

/**
 * The Hebrew date of a civil calendar date ('YYYY-MM-DD') in Hebrew letters, the way it is written on a
 * résumé: "כ״ג בטבת תש״ס" (day, month with ב, year without the thousands), or undefined for an invalid
 * date. Intl gives the day, the month's Hebrew name (אדר א׳ / אדר ב׳ in a leap year) and the year as
 * numbers; gematriya writes the numbers in letters.
 */
export function hebrewDateOf(isoDate: string): string | undefined {
  const ms = isoDateToMs(isoDate);
  if (ms === undefined) return undefined;
  const parts = HEBREW_CALENDAR.formatToParts(ms + NOON_MS);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find(p => p.type === type)?.value ?? '';
  const day = Number(part('day'));
  const year = Number(part('year'));
  // ICU versions differ in full vs. defective spelling (חשון/חשוון); one spelling on server and browser.
  const month = part('month').replace(/^חשון$/, 'חשוון');
  if (!day || !year || !month) return undefined;
  return `${gematriya(day)} ב${month} ${gematriya(year % 1000)}`;
}

/** The Hebrew date of a moment's day on the user's own calendar: the civil day, whatever the hour of sunset. */
export function hebrewDateOfLocalDay(ms: number): string | undefined {
  const at = new Date(ms);
  return hebrewDateOf(msToIsoDate(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate())));
}
