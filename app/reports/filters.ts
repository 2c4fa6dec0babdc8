import {DATE_RANGES, rangeBounds, type DateRangeParams} from '../lib/date-ranges.ts';
import {definedOnly, oneOf, textOf} from '../lib/search-params.ts';
import type {ReportFilters} from '../tables/exports.ts';

export const REPORTS_PATH = '/admin/reports';
export const SHADCHANIM_REPORTS_PATH = '/admin/shadchanim-reports';

/** The reports page's tabs. */
export const REPORT_VIEWS = ['activities', 'couples', 'cards'] as const;
export type ReportView = (typeof REPORT_VIEWS)[number];

/** The neglect thresholds the shadchanim report offers (days without activity). */
export const IDLE_CHOICES = [30, 60, 90, 180] as const;

/** A report page's filters as its URL keeps them, so a report can be bookmarked or sent. */
export type ReportSearch = DateRangeParams & {view?: ReportView; community?: string; idle?: number};

/** The filters in a URL's search params, whatever was typed there (unknown values are dropped). */
export function reportSearchOf(search: Record<string, unknown>): ReportSearch {
  const idle = Number(textOf(search.idle));
  return definedOnly<ReportSearch>({
    view: oneOf(REPORT_VIEWS, search.view),
    range: oneOf(DATE_RANGES, search.range),
    from: textOf(search.from)?.slice(0, 10),
    until: textOf(search.until)?.slice(0, 10),
    community: textOf(search.community)?.trim().slice(0, 64),
    idle: (IDLE_CHOICES as readonly number[]).includes(idle) ? idle : undefined,
  });
}

/** A page's address for some filters. */
export function reportHref(path: string, search: ReportSearch): string {
  const params = new URLSearchParams(Object.entries(search).map(([key, value]) => [key, String(value)]));
  return params.size ? `${path}?${params}` : path;
}

/** The server's filters (app/reports/schema.ts) for the URL's, the dates on the user's clock now. */
export function reportFiltersOf(search: ReportSearch, now = new Date()): ReportFilters {
  const {from, until} = rangeBounds(search, now);
  return definedOnly<ReportFilters>({from, until, community: search.community, idleDays: search.idle});
}

/** The REST query string of the filters. */
export const queryString = (filters: ReportFilters) =>
  new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)])).toString();
