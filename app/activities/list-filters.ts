import {DATE_RANGES, rangeBounds, type DateRangeParams} from '../lib/date-ranges.ts';
import {definedOnly, flagOf, oneOf, textOf} from '../lib/search-params.ts';
import {ACTIVITY_SORTS, ACTIVITY_STATUSES, ACTIVITY_TYPES, type ActivityListArgs} from './schema.ts';

/**
 * The activities list's filters as the URL keeps them (search params, so a filtered list can be
 * bookmarked or sent), and the query arguments they stand for. Dates use the spec's ranges (§9,
 * lib/date-ranges.ts), on the day the activity was entered.
 */
export type ListFilters = DateRangeParams & {
  all?: boolean;
  shadchan?: string;
  type?: (typeof ACTIVITY_TYPES)[number];
  status?: (typeof ACTIVITY_STATUSES)[number];
  /** Only reminders due by the end of today. */
  due?: boolean;
  /** A name on either side. */
  q?: string;
  sort?: (typeof ACTIVITY_SORTS)[number];
};

/** The filters in a URL's search params, whatever was typed there (unknown values are dropped). */
export function filtersOf(search: Record<string, unknown>): ListFilters {
  return definedOnly<ListFilters>({
    all: flagOf(search.all) || undefined,
    shadchan: textOf(search.shadchan),
    type: oneOf(ACTIVITY_TYPES, search.type),
    status: oneOf(ACTIVITY_STATUSES, search.status),
    range: oneOf(DATE_RANGES, search.range),
    from: textOf(search.from),
    until: textOf(search.until),
    due: flagOf(search.due) || undefined,
    q: textOf(search.q),
    sort: oneOf(ACTIVITY_SORTS, search.sort),
  });
}

export const isBare = (filters: ListFilters) => Object.keys(filters).length === 0;

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
