/**
 * admin/exports (issue 16, migrations/0039): a user's Excel export jobs, read only through
 * app/exports/queries.ts (permissions/exports.ts: one's own). The server writes them; browsers only read.
 */
import {enumeration, json, number, string, table} from '@rocicorp/zero';
import type {FilterSet} from './saved-searches.ts';

/** The reports an export can hold, one sheet each. */
export const REPORT_EXPORT_KINDS = ['report-activities', 'report-couples', 'report-cards', 'report-shadchanim'] as const;
export type ReportExportKind = (typeof REPORT_EXPORT_KINDS)[number];

/** The lists that can be exported to Excel (spec §1, §6 "general Excel export"), as the exports page offers them. */
export const DATA_EXPORT_KINDS = ['profiles', 'activities', 'shadchanim', 'couples'] as const;
/** Every kind of export: the lists, and the reports (issue 17), which their own page exports with its filters. */
export const EXPORT_KINDS = [...DATA_EXPORT_KINDS, ...REPORT_EXPORT_KINDS] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** A job's life: running until its file is ready (or it failed); a day later its file is gone (expired). */
export type ExportStatus = 'running' | 'ready' | 'failed' | 'expired';

/**
 * A report's filters as an export stores them (app/reports/schema.ts's reportFiltersSchema yields exactly
 * this): a time window in ms [from, until), a community, and the shadchanim report's idle days.
 */
export type ReportFilters = {from?: number; until?: number; community?: string; idleDays?: number};

/** A job's filters: a profiles export's filter set, a report's filters, or `{}`. */
export type ExportFilters = FilterSet | ReportFilters;

export const exportJob = table('exportJob')
  .from('export_job')
  .columns({
    id: string(),
    ownerID: string().from('owner_id'),
    kind: enumeration<ExportKind>(),
    filters: json<ExportFilters>(),
    title: string(),
    status: enumeration<ExportStatus>(),
    rowCount: number().from('row_count'),
    size: number().optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    finishedAt: number().from('finished_at').optional(),
  })
  .primaryKey('id');
