import type {FieldIssue} from '../../permissions/errors.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {rowChecker, type RowCheck} from '../../app/imports/cells.ts';
import type {DuplicateHit, PreviewSummary, RowDecision, RowPatch} from '../../app/imports/schema.ts';
import {logAccess} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {blocks, databaseDuplicates, fileDuplicates, keysOf, type RowKeys} from './duplicates.ts';
import {loadLookups} from './lookups.ts';
import type {ImportJobRow} from './jobs.ts';

/**
 * The preview (issue 16): every row of a job checked as the card form would check it, and possible
 * duplicates looked for, each row's verdict and the user's default choice stored; a row fixed in place
 * is checked again. Rows live in Postgres, not in memory: the user may leave and come back, and the import that
 * follows resumes after a restart.
 */

/** A row's verdict: its problems, its possible duplicates, and the choice it starts with. */
type Verdict = {
  row: number;
  status: 'valid' | 'error' | 'duplicate';
  issues: FieldIssue[];
  duplicates: DuplicateHit[];
  keys: RowKeys | undefined;
  decision: RowDecision;
};

/** Valid rows are imported, others skipped, until the user chooses; a taken ID number is never imported. */
const defaultDecision = (status: Verdict['status']): RowDecision => (status === 'valid' ? 'import' : 'skip');

function verdictOf(row: number, check: RowCheck, duplicates: DuplicateHit[]): Verdict {
  const status = check.issues.length > 0 ? 'error' : duplicates.length > 0 ? 'duplicate' : 'valid';
  return {
    row,
    status,
    issues: check.issues,
    duplicates,
    keys: check.card ? keysOf(row, check.card) : undefined,
    decision: defaultDecision(status),
  };
}

/** Writes verdicts, one statement for the lot (the job's counts follow with refreshCounts). */
async function saveVerdicts(pg: Sql, jobID: string, verdicts: readonly Verdict[]) {
  if (verdicts.length > 0) {
    const records = verdicts.map(v => ({
      row_number: v.row,
      status: v.status,
      issues: v.issues,
      duplicates: v.duplicates,
      id_number: v.keys?.idNumber ?? null,
      phones: v.keys?.phones ?? [],
      name_key: v.keys?.nameKey ?? null,
      decision: v.decision,
    }));
    await pg`
      UPDATE import_row r
      SET status = x.status, issues = x.issues, duplicates = x.duplicates, id_number = x.id_number,
          phones = x.phones, name_key = x.name_key, decision = x.decision
      FROM jsonb_to_recordset(${pg.json(records)}) AS x(row_number integer, status text, issues jsonb,
           duplicates jsonb, id_number text, phones text[], name_key text, decision text)
      WHERE r.job_id = ${jobID} AND r.row_number = x.row_number`;
  }
}

/** The job's counts, from its rows. */
export async function refreshCounts(pg: Sql, jobID: string): Promise<PreviewSummary> {
  const [counts] = await pg<[PreviewSummary]>`
    UPDATE import_job j SET
      total_rows = c.total, valid_rows = c.valid, error_rows = c.errors, duplicate_rows = c.duplicates,
      queued_rows = c.queued, updated_at = now()
    FROM (SELECT count(*)::int AS total,
                 count(*) FILTER (WHERE status = 'valid')::int AS valid,
                 count(*) FILTER (WHERE status = 'error')::int AS errors,
                 count(*) FILTER (WHERE status = 'duplicate')::int AS duplicates,
                 count(*) FILTER (WHERE decision = 'import')::int AS queued
          FROM import_row WHERE job_id = ${jobID}) c
    WHERE j.id = ${jobID}
    RETURNING c.total, c.valid, c.errors, c.duplicates, c.queued`;
  return counts;
}

/** The previews this process runs now, so one job's check never runs twice here. */
const checking = new Map<string, Promise<void>>();

/**
 * Checks a job the preview route (or the API's start, for one a stopped API left checking) has set to
 * `checking` with its mapping. It runs after the answer (a file of 100,000 rows takes longer than a
 * proxy waits for one): the screen follows the job's status through Zero, to `previewed`, or back to
 * `mapping` should the check fail. Its lookups of every card go to the access log, as the new-card
 * screen's do (how many rows and matches, never the values).
 */
export function startPreview(sql: Sql, ctx: AuthContext, job: ImportJobRow, ip: string | null): Promise<void> {
  const current = checking.get(job.id);
  if (current) return current;
  const run = (async () => {
    try {
      const done = await runPreview(sql, ctx, job);
      if (!done) return;
      const {summary, matched} = done;
      await logAccess(sql, {
        userID: ctx.userID,
        what: 'duplicates',
        result: matched > 0 ? 'matches' : 'no-matches',
        ip,
        detail: {import: job.id, rows: summary.total, matchedRows: matched},
      });
    } catch (error) {
      console.error(`the preview of import ${job.id} failed`, error);
      await sql`UPDATE import_job SET status = 'mapping', updated_at = now() WHERE id = ${job.id} AND status = 'checking'`;
    }
  })().finally(() => checking.delete(job.id));
  checking.set(job.id, run);
  return run;
}

/** Rows checked (and their verdicts written) at a time: a file of 100,000 rows never sits in memory whole. */
const PREVIEW_CHUNK = 2000;

/**
 * Every row checked with the card form's schema and the database's lists, in chunks, each chunk's
 * verdicts written as it goes and only the rows' duplicate keys kept; then the duplicates among them,
 * in the database and in the file, written on the rows they concern. One transaction: a preview is
 * saved whole or not at all. Nothing is done for a job no longer checking (cancelled meanwhile).
 */
async function runPreview(sql: Sql, ctx: AuthContext, job: ImportJobRow) {
  const check = rowChecker(await loadLookups(sql));
  return sql.begin(async tx => {
    const pg = tx as unknown as Sql;
    const [locked] = await pg<{status: string}[]>`SELECT status FROM import_job WHERE id = ${job.id} FOR UPDATE`;
    if (locked?.status !== 'checking') return undefined;
    const keys: RowKeys[] = [];
    for (let after = 0; ;) {
      const rows = await pg<{row_number: number; cells: string[]}[]>`
        SELECT row_number, cells FROM import_row WHERE job_id = ${job.id} AND row_number > ${after}
        ORDER BY row_number LIMIT ${PREVIEW_CHUNK}`;
      if (rows.length === 0) break;
      after = rows.at(-1)!.row_number;
      const verdicts = rows.map(r => verdictOf(r.row_number, check(r.cells, job.mapping), []));
      for (const v of verdicts) if (v.keys) keys.push(v.keys);
      await saveVerdicts(pg, job.id, verdicts);
    }
    const inDatabase = await databaseDuplicates(sql, ctx, keys);
    const inFile = fileDuplicates(keys);
    const duplicates = keys.flatMap(k => {
      const hits = [...(inDatabase.get(k.row) ?? []), ...(inFile.get(k.row) ?? [])];
      return hits.length > 0 ? [{...verdictOf(k.row, {card: undefined, issues: []}, hits), keys: k}] : [];
    });
    await saveVerdicts(pg, job.id, duplicates);
    await pg`UPDATE import_job SET status = 'previewed' WHERE id = ${job.id}`;
    return {summary: await refreshCounts(pg, job.id), matched: inDatabase.size};
  });
}

/**
 * A row fixed in place or chosen for: checked again, its duplicates in the database looked up again,
 * and the file's in-file duplicates recomputed (a fix may make a later row a duplicate, or free it).
 * "Import anyway" is refused for a row with problems or whose ID number is taken.
 */
export async function patchRow(sql: Sql, ctx: AuthContext, job: ImportJobRow, rowNumber: number, patch: RowPatch) {
  const [stored] = await sql<{cells: string[]; duplicates: DuplicateHit[]; status: Verdict['status']}[]>`
    SELECT cells, duplicates, status FROM import_row WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
  if (!stored) return 'notFound' as const;
  const cells = stored.cells.map((cell, i) => patch.cells?.[String(i)] ?? cell);
  let verdict: Verdict | undefined;
  if (patch.cells) {
    const check = rowChecker(await loadLookups(sql))(cells, job.mapping);
    const keys = check.card ? keysOf(rowNumber, check.card) : undefined;
    const inDatabase = keys ? ((await databaseDuplicates(sql, ctx, [keys])).get(rowNumber) ?? []) : [];
    verdict = verdictOf(rowNumber, check, inDatabase);
  }
  return sql.begin(async pg => {
    await pg`SELECT 1 FROM import_job WHERE id = ${job.id} FOR UPDATE`;
    if (verdict) {
      await pg`UPDATE import_row SET cells = ${pg.json(cells)} WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
      await saveVerdicts(pg as unknown as Sql, job.id, [verdict]);
      await refreshFileDuplicates(pg as unknown as Sql, job.id);
    }
    if (patch.decision) {
      const [row] = await pg<{status: Verdict['status']; duplicates: DuplicateHit[]}[]>`
        SELECT status, duplicates FROM import_row WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
      if (patch.decision === 'import' && (row!.status === 'error' || blocks(row!.duplicates))) return 'mayNotImport' as const;
      await pg`UPDATE import_row SET decision = ${patch.decision} WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
    }
    await refreshCounts(pg as unknown as Sql, job.id);
    return 'ok' as const;
  });
}

/** The in-file duplicates of every row again, from the stored keys; rows whose verdict changed are saved. */
async function refreshFileDuplicates(pg: Sql, jobID: string) {
  const rows = await pg<
    {
      row_number: number;
      status: Verdict['status'];
      duplicates: DuplicateHit[];
      id_number: string | null;
      phones: string[];
      name_key: string | null;
      decision: RowDecision;
    }[]
  >`SELECT row_number, status, duplicates, id_number, phones, name_key, decision FROM import_row WHERE job_id = ${jobID}`;
  const keyed = rows.flatMap(r =>
    r.name_key ? [{row: r.row_number, idNumber: r.id_number, phones: r.phones, nameKey: r.name_key}] : [],
  );
  const inFile = fileDuplicates(keyed);
  const changed: Verdict[] = [];
  for (const r of rows) {
    // Rows with problems have no keys; the others have no issues.
    if (r.status === 'error' || !r.name_key) continue;
    const duplicates = [...r.duplicates.filter(h => !('row' in h)), ...(inFile.get(r.row_number) ?? [])];
    if (JSON.stringify(duplicates) === JSON.stringify(r.duplicates)) continue;
    const status = duplicates.length > 0 ? 'duplicate' : 'valid';
    const decision = status !== r.status || blocks(duplicates) ? defaultDecision(status) : r.decision;
    changed.push({
      row: r.row_number,
      status,
      issues: [],
      duplicates,
      keys: {row: r.row_number, idNumber: r.id_number, phones: r.phones, nameKey: r.name_key},
      decision,
    });
  }
  if (changed.length > 0) await saveVerdicts(pg, jobID, changed);
}
