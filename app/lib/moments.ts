import {isoDateToMs, msToIsoDate} from './dates.ts';

/** A moment as a date field and a time field hold it: DateInput's 'YYYY-MM-DD' (or the text typed) and HH:MM. */
export type MomentParts = {date: string; time: string};

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const two = (n: number) => String(n).padStart(2, '0');

/** While digits are typed, puts in the colon of HH:MM ("093" → "09:3"). */
export const separateTimeDigits = (typed: string) => (/^\d{3,4}$/.test(typed) ? `${typed.slice(0, 2)}:${typed.slice(2)}` : typed);

/**
 * The moment (ms) a day and a time name on the user's own clock; null when both are empty; the text typed
 * when it names no moment, so the schema calls it an invalid date by field. A day without a time is at
 * `timeIfNone`.
 */
export function momentOf({date, time}: MomentParts, timeIfNone: string): number | null | string {
  if (date.trim() === '' && time.trim() === '') return null;
  const day = isoDateToMs(date);
  const clock = TIME.exec(time.trim() || timeIfNone);
  if (day === undefined || !clock) return `${date} ${time}`;
  const at = new Date(day);
  return new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), Number(clock[1]), Number(clock[2])).getTime();
}

/** A moment (ms), or none, as its day and time on the user's own clock. */
export function momentParts(ms: number | null | undefined): MomentParts {
  if (ms == null) return {date: '', time: ''};
  const at = new Date(ms);
  return {
    // The local calendar day, as DateInput's 'YYYY-MM-DD'.
    date: msToIsoDate(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate())),
    time: `${two(at.getHours())}:${two(at.getMinutes())}`,
  };
}
