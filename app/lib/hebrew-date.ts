import {HDate, Locale, gematriya} from '@hebcal/hdate';
import {isoDateToMs} from './dates.ts';

const MS_PER_DAY = 86_400_000;
/** Rata Die (R.D.) day number of 1970-01-01, the day UTC-midnight ms count from. */
const RD_OF_UNIX_EPOCH = 719_163;

/**
 * The Hebrew date of a civil calendar date ('YYYY-MM-DD') in Hebrew letters, the way it is written on a
 * résumé: "כ״ג בטבת תש״ס" (day, month with ב, year without the thousands), or undefined for an invalid
 * date. A birth date on file is a civil date with no time of day, so there is no sunset adjustment: the
 * Hebrew date is the one that covers the daytime of that civil day. The conversion goes through the R.D.
 * day number rather than a JavaScript Date, because HDate reads a Date in local time and the answer
 * must not depend on the browser's or the server's time zone.
 */
export function hebrewDateOf(isoDate: string): string | undefined {
  const ms = isoDateToMs(isoDate);
  if (ms === undefined) return undefined;
  const date = new HDate(ms / MS_PER_DAY + RD_OF_UNIX_EPOCH);
  const month = Locale.gettext(date.getMonthName(), 'he-x-NoNikud');
  return `${gematriya(date.getDate())} ב${month} ${gematriya(date.getFullYear())}`;
}
