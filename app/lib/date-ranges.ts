import {isoDateToMs} from './dates.ts';

/**
 * The spec's date ranges for a list's filters (§9): since today, the last month, the last year, or
 * from/until a day. A list keeps them in its URL as `range`, with `from`/`until` ('YYYY-MM-DD') for
 * 'custom'.
 */
export const DATE_RANGES = ['today', 'month', 'year', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export type DateRangeParams = {
  range?: DateRange;
  /** 'YYYY-MM-DD', with range 'custom'. */
  from?: string;
  until?: string;
};

/** Local midnight of a 'YYYY-MM-DD' day (some days on). */
const localDay = (iso: string | undefined, plusDays = 0) => {
  const ms = iso ? isoDateToMs(iso) : undefined;
  if (ms === undefined) return undefined;
  const d = new Date(ms);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + plusDays).getTime();
};
/**
 * Local midnight of today's date some months back; a day the month lacks is its last day (a month
 * before 31 March is 28 or 29 February, where Date alone would roll on to 3 March).
 */
export const monthsBack = (now: Date, months: number) => {
  const lastDay = new Date(now.getFullYear(), now.getMonth() - months + 1, 0).getDate();
  return new Date(now.getFullYear(), now.getMonth() - months, Math.min(now.getDate(), lastDay)).getTime();
};

/**
 * The time window [from, until) in ms of a date range on the user's clock now: since today's midnight,
 * a month or a year back, or from a day's start to the end of another (a day that is not a date is no
 * bound).
 */
export function rangeBounds(params: DateRangeParams, now: Date): {from?: number; until?: number} {
  switch (params.range) {
    case 'today':
      return {from: monthsBack(now, 0)};
    case 'month':
      return {from: monthsBack(now, 1)};
    case 'year':
      return {from: monthsBack(now, 12)};
    case 'custom':
      return {from: localDay(params.from), until: localDay(params.until, 1)};
    default:
      return {};
  }
}
