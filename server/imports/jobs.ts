import {KEEP_ROWS_DAYS, reportForgotten, type Fills, type Mapping, type RowReading} from '../../app/imports/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {effectivePermissions, isRole} from '../../permissions/roles.ts';
import type {Sql} from '../db/sql.ts';
import type {DateOrder, DateReading, ImportStatus} from '../../app/tables/imports.ts';

/** An import job as the server reads it (migrations/0040). */
export type ImportJobRow = {
  id: string;
  fileName: string;
  createdBy: string;
  status: ImportStatus;
  headers: string[];
  mapping: Mapping;
  fills: Fills;
  /** The user's choice of the dates' order (null: the sheet's). */
  dateOrder: DateOrder | null;
  /** What the preview found of the dates (null before it). */
  dates: DateReading | null;
  incompleteAsTemporary: boolean;
  database: 'general' | 'personal' | null;
  temporary: boolean;
  totalRows: number;
  queuedRows: number;
  finishedAt: Date | null;
};

export async function readJob(sql: Sql, id: string): Promise<ImportJobRow | undefined> {
  const [job] = await sql<ImportJobRow[]>`
    SELECT id, file_name AS "fileName", created_by AS "createdBy", status, headers, mapping, fills,
           date_order AS "dateOrder", dates, incomplete_as_temporary AS "incompleteAsTemporary", database, temporary,
           total_rows AS "totalRows", queued_rows AS "queuedRows", finished_at AS "finishedAt"
    FROM import_job WHERE id = ${id}`;
  return job;
}

/** How the job's rows are read: its mapping, its values for whole columns, its dates' order (day first until the preview tells). */
export const readingOf = (job: Pick<ImportJobRow, 'mapping' | 'fills' | 'dateOrder' | 'dates'>): RowReading => ({
  mapping: job.mapping,
  fills: job.fills,
  dateOrder: job.dates?.order ?? job.dateOrder ?? 'dmy',
});

/**
 * The job's creator as their session would make them, read afresh (the import runs on after the
 * request, and rights may change meanwhile): undefined once they are blocked or gone.
 */
export async function contextOfUser(sql: Sql, userID: string): Promise<AuthContext | undefined> {
  const [row] = await sql<{id: string; role: string; permissions: unknown; withheld_permissions: unknown}[]>`
    SELECT id, role, permissions, withheld_permissions FROM app_user WHERE id = ${userID} AND approved_at IS NOT NULL`;
  if (!row || !isRole(row.role) || row.role === 'blocked') return undefined;
  return {userID: row.id, role: row.role, permissions: effectivePermissions(row.role, row.permissions, row.withheld_permissions)};
}

/** Forgets the rows of imports past KEEP_ROWS_DAYS; one left unstarted that long is cancelled. */
export async function forgetOldRows(sql: Sql) {
  await sql`
    UPDATE import_job SET status = 'cancelled', finished_at = now(), updated_at = now()
    WHERE status IN ('mapping', 'previewed') AND updated_at < now() - make_interval(days => ${KEEP_ROWS_DAYS})`;
  await sql`
    DELETE FROM import_row r USING import_job j
    WHERE r.job_id = j.id AND (
      (j.status = 'cancelled' AND j.started_at IS NULL) OR j.finished_at < now() - make_interval(days => ${KEEP_ROWS_DAYS}))`;
}

/** Whether an ended import's rows (its error report) are gone. */
export const rowsForgotten = (finishedAt: Date | null) => reportForgotten(finishedAt?.getTime() ?? null);
