/**
 * Excel import (issue 16, migrations/0040): the saved column formats and the import jobs' progress.
 * Read only through app/imports/queries.ts, which applies permissions/imports.ts. The file's rows
 * themselves (import_row) are server-only and reach the screen over REST (server/imports/).
 */
import {boolean, enumeration, json, number, relationships, string, table} from '@rocicorp/zero';
import type {ProfileDatabase} from './shared.ts';
import {user} from './staff.ts';

/** The files an import job reads: up to 20 MB and 100,000 rows (spec issue 16). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 100_000;

/** An import's life, from the uploaded file's column mapping to its end. */
export type ImportStatus = 'mapping' | 'checking' | 'previewed' | 'importing' | 'cancelling' | 'done' | 'cancelled' | 'failed';

/** How a sheet writes d/m/yyyy dates: day first (as in Israel) or month first. */
export type DateOrder = 'dmy' | 'mdy';

/**
 * What the preview found of the sheet's dates (issue 31): the order it reads them in, how many dates
 * showed each order beyond doubt (a day over 12), how many could be read either way, and whether the
 * order was the user's choice rather than the sheet's.
 */
export type DateReading = {order: DateOrder; dayFirst: number; monthFirst: number; ambiguous: number; chosen: boolean};

/** A format's column: a header as the sheet wrote it, and the field it goes to (null: left out). */
export type FormatColumn = {header: string; field: string | null};

export const excelFormat = table('excelFormat')
  .from('excel_format')
  .columns({
    id: string(),
    name: string(),
    columns: json<FormatColumn[]>(),
    createdBy: string().from('created_by'),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
  })
  .primaryKey('id');

export const importJob = table('importJob')
  .from('import_job')
  .columns({
    id: string(),
    fileName: string().from('file_name'),
    createdBy: string().from('created_by'),
    status: enumeration<ImportStatus>(),
    headers: json<string[]>(),
    /** The card field of each column, in the sheet's order (null: the column is not imported). */
    mapping: json<Array<string | null>>(),
    formatID: string().from('format_id').optional(),
    database: enumeration<ProfileDatabase>().optional(),
    temporary: boolean(),
    /** A card field → the value every row without its own takes, as typed in a cell (issue 31). */
    fills: json<Record<string, string>>(),
    dateOrder: enumeration<DateOrder>().from('date_order').optional(),
    dates: json<DateReading>().optional(),
    incompleteAsTemporary: boolean().from('incomplete_as_temporary'),
    totalRows: number().from('total_rows'),
    validRows: number().from('valid_rows'),
    errorRows: number().from('error_rows'),
    duplicateRows: number().from('duplicate_rows'),
    incompleteRows: number().from('incomplete_rows'),
    queuedRows: number().from('queued_rows'),
    importedRows: number().from('imported_rows'),
    rejectedRows: number().from('rejected_rows'),
    failure: string().optional(),
    createdAt: number().from('created_at'),
    updatedAt: number().from('updated_at'),
    startedAt: number().from('started_at').optional(),
    finishedAt: number().from('finished_at').optional(),
  })
  .primaryKey('id');

export const excelFormatRelationships = relationships(excelFormat, ({one}) => ({
  creator: one({sourceField: ['createdBy'], destField: ['id'], destSchema: user}),
}));

export const importJobRelationships = relationships(importJob, ({one}) => ({
  creator: one({sourceField: ['createdBy'], destField: ['id'], destSchema: user}),
  format: one({sourceField: ['formatID'], destField: ['id'], destSchema: excelFormat}),
}));
