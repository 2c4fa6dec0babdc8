import type {FieldIssue} from '../../permissions/errors.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {dateOrderShown, rowChecker, type RowCheck} from '../../app/imports/cells.ts';
import {importFieldOf} from '../../app/imports/fields.ts';
import type {DuplicateHit, PreviewSummary, RowDecision, RowPatch, RowStatus} from '../../app/imports/schema.ts';
import type {DateReading} from '../../app/tables/imports.ts';
import {logAccesses, type AccessEntry} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {blocks, databaseDuplicates, fileDuplicates, keysOf, type RowKeys, type RowLookup} from './duplicates.ts';
import {loadLookups} from './lookups.ts';
import {readingOf, type ImportJobRow} from './jobs.ts';

/**
 * The preview (issue 16): every row of a job checked as the card form would check it, and possible
 * duplicates looked for, each row's verdict and the user's default choice stored; a row fixed in place
 * is checked again. Rows live in Postgres, not in memory: the user may leave and come back, and the import that
 * follows resumes after a restart.
 */

/** What a row's check leaves: the keys its duplicates are found by (when it makes a card), its problems and warnings. */
type Checked = {row: number; keys: RowKeys | undefined; issues: FieldIssue[]; warnings: FieldIssue[]};
/** A row's verdict: its check, its possible duplicates, its status and the choice it starts with. */
type Verdict = Checked & {status: RowStatus; duplicates: DuplicateHit[]; decision: RowDecision};

const checkedOf = (row: number, check: RowCheck): Checked => ({
  row,
  keys: check.card ? keysOf(row, check.card) : undefined,
  issues: check.issues,
  warnings: check.warnings,
});

/** A row with no card has errors; one with a card is a possible duplicate, or else incomplete when it lacks required details. */
const statusOf = (hasCard: boolean, issues: readonly FieldIssue[], duplicates: readonly DuplicateHit[]): RowStatus =>
  !hasCard ? 'error' : duplicates.length > 0 ? 'duplicate' : issues.length > 0 ? 'incomplete' : 'valid';

/**
 * Valid rows are imported, and incomplete ones when the import takes them as temporary cards; others
 * are skipped until the user chooses. A taken ID number is never imported.
 */
const defaultDecision = (status: RowStatus, incompleteAsTemporary: boolean): RowDecision =>
  status === 'valid' || (status === 'incomplete' && incompleteAsTemporary) ? 'import' : 'skip';

function verdictOf(checked: Checked, duplicates: DuplicateHit[], incompleteAsTemporary: boolean): Verdict {
  const status = statusOf(checked.keys !== undefined, checked.issues, duplicates);
  return {...checked, status, duplicates, decision: defaultDecision(status, incompleteAsTemporary)};
}

/** Writes verdicts, one statement for the lot (the job's counts follow with refreshCounts). */
async function saveVerdicts(pg: Sql, jobID: string, verdicts: readonly Verdict[]) {
  if (verdicts.length > 0) {
    const records = verdicts.map(v => ({
      row_number: v.row,
      status: v.status,
      issues: v.issues,
      warnings: v.warnings,
      duplicates: v.duplicates,
      id_number: v.keys?.idNumber ?? null,
      phones: v.keys?.phones ?? [],
      name_key: v.keys?.nameKey ?? null,
      decision: v.decision,
    }));
    await pg`
      UPDATE import_row r
      SET status = x.status, issues = x.issues, warnings = x.warnings, duplicates = x.duplicates,
          id_number = x.id_number, phones = x.phones, name_key = x.name_key, decision = x.decision
      FROM jsonb_to_recordset(${pg.json(records)}) AS x(row_number integer, status text, issues jsonb,
           warnings jsonb, duplicates jsonb, id_number text, phones text[], name_key text, decision text)
      WHERE r.job_id = ${jobID} AND r.row_number = x.row_number`;
  }
}

/** The job's counts, from its rows. */
export async function refreshCounts(pg: Sql, jobID: string): Promise<PreviewSummary> {
  const [counts] = await pg<[PreviewSummary]>`
    UPDATE import_job j SET
      total_rows = c.total, valid_rows = c.valid, incomplete_rows = c.incomplete, error_rows = c.errors,
      duplicate_rows = c.duplicates, queued_rows = c.queued, updated_at = now()
    FROM (SELECT count(*)::int AS total,
                 count(*) FILTER (WHERE status = 'valid')::int AS valid,
                 count(*) FILTER (WHERE status = 'incomplete')::int AS incomplete,
                 count(*) FILTER (WHERE status = 'error')::int AS errors,
                 count(*) FILTER (WHERE status = 'duplicate')::int AS duplicates,
                 count(*) FILTER (WHERE decision = 'import')::int AS queued
          FROM import_row WHERE job_id = ${jobID}) c
    WHERE j.id = ${jobID}
    RETURNING c.total, c.valid, c.incomplete, c.errors, c.duplicates, c.queued`;
  return counts;
}

/** The previews this process runs now, so one job's check never runs twice here. */
const checking = new Map<string, Promise<void>>();

/**
 * Checks a job the preview route (or the API's start, for one a stopped API left checking) has set to
 * `checking` with its mapping. It runs after the answer (a file of 100,000 rows takes longer than a
 * proxy waits for one): the screen follows the job's status through Zero, to `previewed`, or back to
 * `mapping` should the check fail. Each row it looks up is one lookup in the access log, as each of
 * the new-card screen's is (by what, how many cards matched and which the user was shown; never the values).
 */
export function startPreview(sql: Sql, ctx: AuthContext, job: ImportJobRow, ip: string | null): Promise<void> {
  const current = checking.get(job.id);
  if (current) return current;
  const run = (async () => {
    try {
      const done = await runPreview(sql, ctx, job);
      if (done) await logLookups(sql, ctx, job.id, ip, done.keys, done.inDatabase);
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
    const dates = await readDates(pg, job);
    await pg`UPDATE import_job SET dates = ${pg.json(dates)} WHERE id = ${job.id}`;
    const reading = readingOf({...job, dates});
    // The rows that make a card: their duplicates are looked for once every row is checked.
    const keyed: Checked[] = [];
    for (let after = 0; ;) {
      const rows = await pg<{row_number: number; cells: string[]}[]>`
        SELECT row_number, cells FROM import_row WHERE job_id = ${job.id} AND row_number > ${after}
        ORDER BY row_number LIMIT ${PREVIEW_CHUNK}`;
      if (rows.length === 0) break;
      after = rows.at(-1)!.row_number;
      const verdicts = rows.map(r => verdictOf(checkedOf(r.row_number, check(r.cells, reading)), [], job.incompleteAsTemporary));
      for (const v of verdicts) if (v.keys) keyed.push(v);
      await saveVerdicts(pg, job.id, verdicts);
    }
    const keys = keyed.map(k => k.keys!);
    const inDatabase = await databaseDuplicates(sql, ctx, keys);
    const inFile = fileDuplicates(keys);
    const duplicates = keyed.flatMap(checked => {
      const hits = [...(inDatabase.get(checked.row)?.told ?? []), ...(inFile.get(checked.row) ?? [])];
      return hits.length > 0 ? [verdictOf(checked, hits, job.incompleteAsTemporary)] : [];
    });
    await saveVerdicts(pg, job.id, duplicates);
    await pg`UPDATE import_job SET status = 'previewed' WHERE id = ${job.id}`;
    await refreshCounts(pg, job.id);
    return {keys, inDatabase};
  });
}

/** Access-log rows written per statement. */
const LOG_CHUNK = 5000;

/**
 * One access-log row per row looked up (logDuplicateLookup's fields, with the import and its row), in
 * batched statements: 10,000 rows are a few hundred milliseconds, not 10,000 round trips.
 */
async function logLookups(
  sql: Sql,
  ctx: AuthContext,
  importID: string,
  ip: string | null,
  keys: readonly RowKeys[],
  inDatabase: ReadonlyMap<number, RowLookup>,
) {
  const entries = keys.map((k): AccessEntry => {
    const found = inDatabase.get(k.row);
    const shown = (found?.told ?? []).flatMap(h => ('profileID' in h ? [h.profileID] : []));
    return {
      userID: ctx.userID,
      what: 'duplicates',
      result: found ? 'matches' : 'no-matches',
      ip,
      detail: {
        import: importID,
        row: k.row,
        byIdNumber: k.idNumber !== null,
        phones: k.phones.length,
        matches: found?.matches ?? 0,
        shown: [...new Set(shown)].join(','),
      },
    };
  });
  for (let i = 0; i < entries.length; i += LOG_CHUNK) await logAccesses(sql, entries.slice(i, i + LOG_CHUNK));
}

/**
 * The sheet's date order (issue 31): a date like 1/2/2001 reads either way, so the order is the one its
 * other dates show beyond doubt (a day over 12), day first when they do not tell (as Israel writes
 * them), or the user's choice. Only the date columns' cells are read, in chunks.
 */
async function readDates(pg: Sql, job: ImportJobRow): Promise<DateReading> {
  const columns = job.mapping.flatMap((key, column) => (key !== null && importFieldOf(key)?.kind === 'date' ? [column] : []));
  const found = {dayFirst: 0, monthFirst: 0, ambiguous: 0};
  for (let after = 0; columns.length > 0;) {
    const rows = await pg<{row_number: number; dates: Array<string | null>}[]>`
      SELECT row_number, ARRAY(SELECT cells->>c FROM unnest(${columns}::int[]) AS c) AS dates
      FROM import_row WHERE job_id = ${job.id} AND row_number > ${after}
      ORDER BY row_number LIMIT ${PREVIEW_CHUNK}`;
    if (rows.length === 0) break;
    after = rows.at(-1)!.row_number;
    for (const date of rows.flatMap(r => r.dates)) {
      const shown = date === null ? undefined : dateOrderShown(date);
      if (shown === 'dmy') found.dayFirst++;
      else if (shown === 'mdy') found.monthFirst++;
      else if (shown === 'either') found.ambiguous++;
    }
  }
  const order = job.dateOrder ?? (found.monthFirst > found.dayFirst ? 'mdy' : 'dmy');
  return {order, ...found, chosen: job.dateOrder !== null};
}

/**
 * A row fixed in place or chosen for: checked again, its duplicates in the database looked up again,
 * and the file's in-file duplicates recomputed (a fix may make a later row a duplicate, or free it).
 * "Import anyway" is refused for a row with problems or whose ID number is taken.
 */
export async function patchRow(
  sql: Sql,
  ctx: AuthContext,
  job: ImportJobRow,
  rowNumber: number,
  patch: RowPatch,
  ip: string | null,
) {
  const [stored] = await sql<{cells: string[]; duplicates: DuplicateHit[]; status: RowStatus}[]>`
    SELECT cells, duplicates, status FROM import_row WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
  if (!stored) return 'notFound' as const;
  const cells = stored.cells.map((cell, i) => patch.cells?.[String(i)] ?? cell);
  let verdict: Verdict | undefined;
  if (patch.cells) {
    const checked = checkedOf(rowNumber, rowChecker(await loadLookups(sql))(cells, readingOf(job)));
    const found = checked.keys ? await databaseDuplicates(sql, ctx, [checked.keys]) : new Map<number, RowLookup>();
    if (checked.keys) await logLookups(sql, ctx, job.id, ip, [checked.keys], found);
    verdict = verdictOf(checked, found.get(rowNumber)?.told ?? [], job.incompleteAsTemporary);
  }
  return sql.begin(async pg => {
    await pg`SELECT 1 FROM import_job WHERE id = ${job.id} FOR UPDATE`;
    if (verdict) {
      await pg`UPDATE import_row SET cells = ${pg.json(cells)} WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
      await saveVerdicts(pg as unknown as Sql, job.id, [verdict]);
      await refreshFileDuplicates(pg as unknown as Sql, job);
    }
    if (patch.decision) {
      const [row] = await pg<{status: RowStatus; duplicates: DuplicateHit[]}[]>`
        SELECT status, duplicates FROM import_row WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
      if (patch.decision === 'import' && (row!.status === 'error' || blocks(row!.duplicates))) return 'mayNotImport' as const;
      await pg`UPDATE import_row SET decision = ${patch.decision} WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
    }
    await refreshCounts(pg as unknown as Sql, job.id);
    return 'ok' as const;
  });
}

/** The in-file duplicates of every row again, from the stored keys; rows whose verdict changed are saved. */
async function refreshFileDuplicates(pg: Sql, job: ImportJobRow) {
  const rows = await pg<
    Array<{
      row_number: number;
      status: RowStatus;
      issues: FieldIssue[];
      warnings: FieldIssue[];
      duplicates: DuplicateHit[];
      id_number: string | null;
      phones: string[];
      name_key: string | null;
      decision: RowDecision;
    }>
  >`SELECT row_number, status, issues, warnings, duplicates, id_number, phones, name_key, decision
    FROM import_row WHERE job_id = ${job.id}`;
  const keyed = rows.flatMap(r =>
    r.name_key ? [{row: r.row_number, idNumber: r.id_number, phones: r.phones, nameKey: r.name_key}] : [],
  );
  const inFile = fileDuplicates(keyed);
  const changed: Verdict[] = [];
  for (const r of rows) {
    // Rows with errors make no card, so have no keys.
    if (r.status === 'error' || !r.name_key) continue;
    const duplicates = [...r.duplicates.filter(h => !('row' in h)), ...(inFile.get(r.row_number) ?? [])];
    if (JSON.stringify(duplicates) === JSON.stringify(r.duplicates)) continue;
    const keys = {row: r.row_number, idNumber: r.id_number, phones: r.phones, nameKey: r.name_key};
    const verdict = verdictOf(
      {row: r.row_number, keys, issues: r.issues, warnings: r.warnings},
      duplicates,
      job.incompleteAsTemporary,
    );
    // The user's choice stands while the row's status does (and nothing blocks it).
    if (verdict.status === r.status && !blocks(duplicates)) verdict.decision = r.decision;
    changed.push(verdict);
  }
  if (changed.length > 0) await saveVerdicts(pg, job.id, changed);
}

/**
 * The import's choice for its incomplete rows (issue 31): as temporary cards, or not at all. Every
 * incomplete row (with no possible duplicate: those are chosen one by one) takes the choice.
 */
export async function chooseIncomplete(sql: Sql, job: ImportJobRow, temporary: boolean) {
  return sql.begin(async pg => {
    await pg`UPDATE import_job SET incomplete_as_temporary = ${temporary} WHERE id = ${job.id}`;
    await pg`
      UPDATE import_row SET decision = ${temporary ? 'import' : 'skip'}
      WHERE job_id = ${job.id} AND status = 'incomplete'`;
    return refreshCounts(pg as unknown as Sql, job.id);
  });
}
