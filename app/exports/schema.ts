import * as v from 'valibot';
import {LOCALES} from '../tables/shared.ts';
import {filterSetSchema} from '../candidates/search/filters.ts';
import {TITLE_MAX} from '../saved-searches/schema.ts';
import {reportFiltersSchema} from '../reports/schema.ts';
import {EXPORT_KINDS, REPORT_EXPORT_KINDS, type ExportKind, type ReportExportKind} from '../tables/exports.ts';

export const isReportKind = (kind: ExportKind): kind is ReportExportKind =>
  (REPORT_EXPORT_KINDS as readonly string[]).includes(kind);

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
