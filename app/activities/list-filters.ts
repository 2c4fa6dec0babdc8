import {isoDateToMs} from '../lib/dates.ts';
import {ACTIVITY_SORTS, ACTIVITY_STATUSES, ACTIVITY_TYPES, type ActivityListArgs} from './schema.ts';

/**
 * The activities list's filters as the URL keeps them (search params, so a filtered list can be
 * bookmarked or sent), and the query arguments they stand for. Dates use the spec's ranges (§9): since
 * today, the last month, the last year, or from/until a day, on the day the activity was entered.
 */
export const DATE_RANGES = ['today', 'month', 'year', 'custom'] as const;
export type DateRange = (typeof DATE_RANGES)[number];

export type ListFilters = {
  all?: boolean;
  shadchan?: string;
  type?: (typeof ACTIVITY_TYPES)[number];
  status?: (typeof ACTIVITY_STATUSES)[number];
  range?: DateRange;
  /** 'YYYY-MM-DD', with range 'custom'. */
  from?: string;
  until?: string;
  /** Only reminders due by the end of today. */
  due?: boolean;
  /** A name on either side. */
  q?: string;
  sort?: (typeof ACTIVITY_SORTS)[number];
};

const oneOf = <T extends string>(options: readonly T[], value: unknown): T | undefined =>
  options.includes(value as T) ? (value as T) : undefined;
// The router reads a param that looks like JSON as such ("123" arrives as a number).
const textOf = (value: unknown) =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() !== '' ? String(value) : undefined;
const yes = (value: unknown) => value === true || value === 'true' || value === 1 || value === '1';

/** The filters in a URL's search params, whatever was typed there (unknown values are dropped). */
export function filtersOf(search: Record<string, unknown>): ListFilters {
  const found: ListFilters = {
    all: yes(search.all) || undefined,
    shadchan: textOf(search.shadchan),
    type: oneOf(ACTIVITY_TYPES, search.type),
    status: oneOf(ACTIVITY_STATUSES, search.status),
    range: oneOf(DATE_RANGES, search.range),
    from: textOf(search.from),
    until: textOf(search.until),
    due: yes(search.due) || undefined,
    q: textOf(search.q),
    sort: oneOf(ACTIVITY_SORTS, search.sort),
  };
  return Object.fromEntries(Object.entries(found).filter(([, v]) => v !== undefined)) as ListFilters;
}

export const isBare = (filters: ListFilters) => Object.keys(filters).length === 0;

/** Local midnight of a 'YYYY-MM-DD' day, and of the day some months back. */
const localDay = (iso: string | undefined, plusDays = 0) => {
  const ms = iso ? isoDateToMs(iso) : undefined;
  if (ms === undefined) return undefined;
  const d = new Date(ms);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + plusDays).getTime();
};
const monthsBack = (now: Date, months: number) => new Date(now.getFullYear(), now.getMonth() - months, now.getDate()).getTime();

/**
 * The time window [from, until) in ms of a date range on the user's clock now (the users log uses it
 * too): since today's midnight, a month or a year back, or from a day's start to the end of another.
 */
export function rangeBounds(filters: Pick<ListFilters, 'range' | 'from' | 'until'>, now: Date): {from?: number; until?: number} {
  switch (filters.range) {
    case 'today':
      return {from: monthsBack(now, 0)};
    case 'month':
      return {from: monthsBack(now, 1)};
    case 'year':
      return {from: monthsBack(now, 12)};
    case 'custom':
      return {from: localDay(filters.from), until: localDay(filters.until, 1)};
    default:
      return {};
  }
}

/** The list query's arguments for the filters, on the user's clock now. */
export function listArgsOf(filters: ListFilters, now: Date): Omit<ActivityListArgs, 'limit'> {
  const bounds = rangeBounds(filters, now);
  const created = {createdFrom: bounds.from, createdUntil: bounds.until};
  const args: Omit<ActivityListArgs, 'limit'> = {
    ...(filters.all ? {all: true} : {}),
    ...(filters.all && filters.shadchan ? {shadchanID: filters.shadchan} : {}),
    ...(filters.type ? {type: filters.type} : {}),
    ...(filters.status ? {status: filters.status} : {}),
    ...(filters.due ? {reminderBy: new Date(now).setHours(23, 59, 59, 999)} : {}),
    ...(filters.q ? {candidate: filters.q.trim().slice(0, 50)} : {}),
    ...(filters.sort ? {sort: filters.sort} : {}),
  };
  for (const [key, value] of Object.entries(created)) if (value !== undefined) Object.assign(args, {[key]: value});
  return args;
}
