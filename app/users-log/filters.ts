import {DATE_RANGES, rangeBounds, type DateRangeParams} from '../lib/date-ranges.ts';
import {definedOnly, oneOf, textOf} from '../lib/search-params.ts';
import {LOG_KINDS, type LogKind} from './schema.ts';

export const USERS_LOG_PATH = '/admin/logs';

/** The users log's filters as the URL keeps them, so a filtered log can be bookmarked or sent. */
export type LogFilters = DateRangeParams & {
  user?: string;
  /** A card's id or part of its name. */
  record?: string;
  kind?: LogKind;
};

/** Text as the log's query takes it (schema.ts): trimmed, 100 characters at most. */
const clippedOf = (value: unknown) => textOf(value)?.trim().slice(0, 100);

/** The filters in a URL's search params, whatever was typed there (unknown values are dropped). */
export function logFiltersOf(search: Record<string, unknown>): LogFilters {
  return definedOnly<LogFilters>({
    user: clippedOf(search.user),
    record: clippedOf(search.record),
    kind: oneOf(LOG_KINDS, search.kind),
    range: oneOf(DATE_RANGES, search.range),
    from: clippedOf(search.from),
    until: clippedOf(search.until),
  });
}

/** The screen's address for some filters. */
export function logHref(filters: LogFilters): string {
  const params = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
  return params.size ? `${USERS_LOG_PATH}?${params}` : USERS_LOG_PATH;
}

/** The REST query string (server/users-log/) for the filters, the dates on the user's clock now. */
export function logQueryString(filters: LogFilters, now: Date, page?: {limit: number; offset: number}): string {
  const {from, until} = rangeBounds(filters, now);
  const params = new URLSearchParams();
  if (filters.user) params.set('user', filters.user);
  if (filters.record) params.set('record', filters.record);
  if (filters.kind) params.set('kind', filters.kind);
  if (from !== undefined) params.set('from', String(from));
  if (until !== undefined) params.set('until', String(until));
  if (page) {
    params.set('limit', String(page.limit));
    params.set('offset', String(page.offset));
  }
  return params.toString();
}
