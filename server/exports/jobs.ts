import {rm} from 'node:fs/promises';
import path from 'node:path';
import type {Locale} from '../../zero-schema.ts';
import {dataDir} from '../config.ts';
import type {Sql} from '../db/sql.ts';
import {checkedKey, type FileStorage} from '../files/storage.ts';
import type {ExportFilters, ExportKind, ExportStatus} from '../../app/tables/exports.ts';

/**
 * An export job's row (migrations/0039) and its file. The sheet is written into the exports folder (the
 * server's own temporary area), then stored under the job's id in the export storage (the same folder as
 * <id>.xlsx, or the bucket: server/files/storage-env.ts). Files hold what the user may see: written with
 * mode 0600, offered to their owner alone and deleted a day after they were made (the row says "expired").
 */
export type ExportJob = {
  id: string;
  owner_id: string;
  kind: ExportKind;
  filters: ExportFilters;
  title: string;
  locale: Locale;
  status: ExportStatus;
  row_count: number;
  size: number | null;
  finished_at: Date | null;
};

/** How long a finished file stays for download. */
export const KEEP_FILES_HOURS = 24;
/** A running job that has not moved for this long died with its process (a running one moves every second). */
const STALE_MINUTES = 2;

/**
 * Where the sheet is written until it is complete, then moved into the storage whole (a rename, or an
 * upload): a download never sees half a file. Job ids are nanoids: a file name never escapes the folder.
 */
export const partialFile = (dir: string, id: string) => path.join(dir, `${checkedKey(id)}.xlsx.part`);

/** Where exports are written, and where the finished ones are kept. */
export type ExportPlace = {dir: string; storage: FileStorage};

/** The folder the API server uses: EXPORTS_DIR, else exports/ in the data folder (.data/exports/). */
export function exportsDirFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.EXPORTS_DIR ? path.resolve(env.EXPORTS_DIR) : path.join(dataDir(env), 'exports');
}

export async function insertJob(
  sql: Sql,
  job: Pick<ExportJob, 'id' | 'owner_id' | 'kind' | 'filters' | 'title' | 'locale'>,
): Promise<'inserted' | 'running'> {
  try {
    await sql`INSERT INTO export_job (id, owner_id, kind, filters, title, locale)
              VALUES (${job.id}, ${job.owner_id}, ${job.kind}, ${sql.json(job.filters as never)}, ${job.title}, ${job.locale})`;
    return 'inserted';
  } catch (error) {
    // export_job_one_running: this user already has an export under way.
    if ((error as {code?: string}).code === '23505') return 'running';
    throw error;
  }
}

/** The rows written so far; also the heartbeat that tells a live job from a dead one. */
export async function reportProgress(sql: Sql, id: string, rows: number) {
  await sql`UPDATE export_job SET row_count = ${rows}, updated_at = now() WHERE id = ${id} AND status = 'running'`;
}

export async function markReady(sql: Sql, id: string, rows: number, size: number) {
  await sql`UPDATE export_job SET status = 'ready', row_count = ${rows}, size = ${size}, finished_at = now(), updated_at = now()
            WHERE id = ${id}`;
}

export async function markFailed(sql: Sql, id: string) {
  await sql`UPDATE export_job SET status = 'failed', finished_at = now(), updated_at = now() WHERE id = ${id} AND status = 'running'`;
}

/** A user's own job, or nothing: another user's job is as absent as one that never was. */
export async function ownJob(sql: Sql, id: string, ownerID: string): Promise<ExportJob | undefined> {
  const [job] = await sql<ExportJob[]>`
    SELECT id, owner_id, kind, filters, title, locale, status, row_count, size, finished_at
      FROM export_job WHERE id = ${id} AND owner_id = ${ownerID}`;
  return job;
}

/**
 * Tidies the exports: a running job whose process died is failed (and its partial file removed, when it
 * was this machine's), and a file older than KEEP_FILES_HOURS is deleted from the storage, its job
 * expired. Run when the API starts, every few minutes and before each new export and download.
 */
export async function sweepExports(sql: Sql, {dir, storage}: ExportPlace) {
  const dead = await sql<{id: string}[]>`
    UPDATE export_job SET status = 'failed', finished_at = now(), updated_at = now()
     WHERE status = 'running' AND updated_at < now() - make_interval(mins => ${STALE_MINUTES}) RETURNING id`;
  const old = await sql<{id: string}[]>`
    UPDATE export_job SET status = 'expired', updated_at = now()
     WHERE status = 'ready' AND finished_at < now() - make_interval(hours => ${KEEP_FILES_HOURS}) RETURNING id`;
  for (const {id} of dead) await rm(partialFile(dir, id), {force: true});
  for (const {id} of old) await storage.delete(id);
}
