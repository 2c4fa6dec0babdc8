/**
 * admin/exports (issue 16, migrations/0039): a user's Excel export jobs, read only through
 * app/exports/queries.ts (permissions/exports.ts: one's own). The server writes them; browsers only read.
 */
import {enumeration, json, number, string, table} from '@rocicorp/zero';
import type {ExportFilters, ExportKind, ExportStatus} from '../exports/schema.ts';

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
