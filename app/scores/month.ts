/**
 * The organisation's months (Asia/Jerusalem), as the database counts them (migrations/0042
 * score_month): whoever looks, from wherever, sees the same month's scores.
 */
export const SCORE_TIME_ZONE = 'Asia/Jerusalem';

/** `YYYY-MM` of a moment. */
export function monthOf(at: number | Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {timeZone: SCORE_TIME_ZONE, year: 'numeric', month: '2-digit'}).formatToParts(
    at,
  );
  const part = (type: string) => parts.find(p => p.type === type)!.value;
  return `${part('year')}-${part('month')}`;
}

/** The month `delta` months from `month`. */
export function shiftMonth(month: string, delta: number): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** A month's name in the UI language ("November 2026"). */
export function monthLabel(month: string, locale: string): string {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, mon - 1, 15)).toLocaleDateString(locale, {month: 'long', year: 'numeric', timeZone: 'UTC'});
}
