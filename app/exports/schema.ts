import * as v from 'valibot';
import {LOCALES} from '../tables/shared.ts';
import {filterSetSchema, type FilterSet} from '../candidates/search/filters.ts';
import {TITLE_MAX} from '../saved-searches/schema.ts';
import {REPORT_EXPORT_KINDS, reportFiltersSchema, type ReportExportKind, type ReportFilters} from '../reports/schema.ts';

/** The lists that can be exported to Excel (spec §1, §6 "general Excel export"), as the exports page offers them. */
export const DATA_EXPORT_KINDS = ['profiles', 'activities', 'shadchanim', 'couples'] as const;
/** Every kind of export: the lists, and the reports (issue 17), which their own page exports with its filters. */
export const EXPORT_KINDS = [...DATA_EXPORT_KINDS, ...REPORT_EXPORT_KINDS] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

export const isReportKind = (kind: ExportKind): kind is ReportExportKind =>
  (REPORT_EXPORT_KINDS as readonly string[]).includes(kind);

/** A job's life: running until its file is ready (or it failed); a day later its file is gone (expired). */
export type ExportStatus = 'running' | 'ready' | 'failed' | 'expired';

/**
 * POST /api/exports: what to export, in which language. A profiles export takes the candidate search's
 * filter set (the /home URL's, or a saved search's, whose title it keeps); `{}` is every card the user
 * may see. A report takes its own filters as `report` (app/reports/schema.ts); other kinds take none.
 */
export const exportRequestSchema = v.pipe(
  v.object({
    kind: v.picklist(EXPORT_KINDS, 'invalidInput'),
    filters: v.optional(filterSetSchema, {}),
    title: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(TITLE_MAX, 'tooLong')), ''),
    locale: v.picklist(LOCALES, 'invalidInput'),
    report: v.optional(reportFiltersSchema),
  }),
  v.forward(
    v.check(({kind, filters}) => kind === 'profiles' || Object.keys(filters).length === 0, 'invalidInput'),
    ['filters'],
  ),
  v.forward(
    v.check(({kind, report}) => report === undefined || isReportKind(kind), 'invalidInput'),
    ['report'],
  ),
);
export type ExportRequest = v.InferOutput<typeof exportRequestSchema>;

/** A job's filters: a profiles export's filter set, a report's filters, or `{}`. */
export type ExportFilters = FilterSet | ReportFilters;
