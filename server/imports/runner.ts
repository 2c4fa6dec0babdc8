import {nanoid} from 'nanoid';
import type {CardCreate} from '../../app/candidates/card/mutators.ts';
import {isIncomplete, rowChecker} from '../../app/imports/cells.ts';
import type {AuthContext} from '../../permissions/context.ts';
import type {FieldIssue} from '../../permissions/errors.ts';
import {mayAddTemporary, mayImportRows} from '../../permissions/imports.ts';
import {visibleProfiles} from '../../permissions/profiles.ts';
import {isShutOut} from '../../permissions/site.ts';
import {zql} from '../../zero-schema.ts';
import {logAccess, type AccessEntry} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {idNumberClash} from '../zero/mutators.ts';
import {zqlReader} from '../zero/read.ts';
import {contextOfUser, forgetOldRows, readJob, readingOf, type ImportJobRow} from './jobs.ts';
import {loadLookups} from './lookups.ts';
import {startPreview} from './preview.ts';
import {insertCards} from './write-cards.ts';

/**
 * The import itself (issue 16): on the server, in batches, each batch one transaction that writes its
 * cards, marks its rows imported or rejected and moves the job's counts, so a batch is applied whole or
 * not at all, and a row is never imported twice. The job's row replicates through Zero: every screen
 * showing it sees the progress. Each batch re-reads the job: a cancel stops the import after the batch
 * in hand; the creator's rights are checked again; every row is checked again against the database as
 * it is now (a card with the same ID number may have appeared since the preview). A job the API left
 * mid-import (a crash, a restart) is picked up by resumeImports when the API starts again.
 */

/** Rows per batch (one transaction each): large enough to be quick, small enough for a live progress bar. */
export const BATCH_ROWS = 500;
/** How long a paused import (the site in maintenance) waits before it tries again. */
const PAUSE_MS = 5_000;
/** A batch that fails this many times in a row fails the job (a batch that meets a concurrent ID number is simply retried). */
const MAX_ATTEMPTS = 3;

export type BatchResult = 'more' | 'finished' | 'paused';

/** The imports this process runs now, so one job never has two loops here (the row lock guards across processes). */
const running = new Map<string, Promise<void>>();

/** Starts (or joins) the import loop of a job; resolves when it has stopped. */
export function startImport(sql: Sql, jobID: string): Promise<void> {
  const current = running.get(jobID);
  if (current) return current;
  const loop = runJob(sql, jobID).finally(() => running.delete(jobID));
  running.set(jobID, loop);
  return loop;
}

/**
 * At the API's start: every job a stopped API left importing (or cancelling) goes on, and one it left
 * checking is checked again (unless its creator may no longer import: then it is back at its mapping);
 * old rows are forgotten.
 */
export async function resumeImports(sql: Sql): Promise<string[]> {
  await forgetOldRows(sql);
  const jobs = await sql<{id: string; status: string}[]>`
    SELECT id, status FROM import_job WHERE status IN ('checking', 'importing', 'cancelling')`;
  for (const {id, status} of jobs) {
    if (status !== 'checking') {
      void startImport(sql, id);
      continue;
    }
    const job = (await readJob(sql, id))!;
    const ctx = await contextOfUser(sql, job.createdBy);
    if (ctx && mayImportRows(ctx, job.totalRows)) void startPreview(sql, ctx, job, null);
    else await sql`UPDATE import_job SET status = 'mapping', updated_at = now() WHERE id = ${id} AND status = 'checking'`;
  }
  return jobs.map(j => j.id);
}

async function runJob(sql: Sql, jobID: string) {
  let failures = 0;
  for (;;) {
    let result: BatchResult;
    try {
      result = await runBatch(sql, jobID);
      failures = 0;
    } catch (error) {
      if (++failures < MAX_ATTEMPTS) continue;
      console.error(`import ${jobID} failed`, error);
      await finish(sql, jobID, 'failed', 'internal');
      return;
    }
    if (result === 'finished') return;
    if (result === 'paused') await new Promise(resolve => setTimeout(resolve, PAUSE_MS));
  }
}

async function finish(sql: Sql, jobID: string, status: 'done' | 'cancelled' | 'failed', failure: string | null = null) {
  await sql`UPDATE import_job SET status = ${status}, failure = ${failure}, finished_at = now(), updated_at = now() WHERE id = ${jobID}`;
}

/** Whether the job's creator may still import it where it goes. */
function mayStillImport(ctx: AuthContext | undefined, job: ImportJobRow): ctx is AuthContext {
  if (!ctx || !mayImportRows(ctx, job.totalRows)) return false;
  return !job.temporary || mayAddTemporary(ctx, job.database);
}

/** One batch in one transaction; exported for the tests, which play a crash by stopping between batches. */
export async function runBatch(sql: Sql, jobID: string): Promise<BatchResult> {
  const refusals: AccessEntry[] = [];
  const result = await sql.begin(async tx => {
    const pg = tx as unknown as Sql;
    // The job's lock: batches of one job never run side by side, and a cancel waits for the batch in hand.
    const [locked] = await pg<{status: string}[]>`SELECT status FROM import_job WHERE id = ${jobID} FOR UPDATE`;
    if (!locked) return 'finished';
    if (locked.status === 'cancelling') {
      await finish(pg, jobID, 'cancelled');
      return 'finished';
    }
    if (locked.status !== 'importing') return 'finished';
    const job = (await readJob(pg, jobID))!;
    const ctx = await contextOfUser(pg, job.createdBy);
    if (!mayStillImport(ctx, job)) {
      await finish(pg, jobID, 'failed', 'forbidden');
      return 'finished';
    }
    const [site] = await pg<{maintenance: boolean}[]>`SELECT maintenance FROM site_setting WHERE id = 'site'`;
    if (site && isShutOut(site.maintenance, ctx)) return 'paused';

    const rows = await pg<{row_number: number; cells: string[]}[]>`
      SELECT row_number, cells FROM import_row
      WHERE job_id = ${jobID} AND decision = 'import' AND outcome IS NULL
      ORDER BY row_number LIMIT ${BATCH_ROWS}`;
    if (rows.length === 0) {
      await finish(pg, jobID, 'done');
      return 'finished';
    }

    const check = rowChecker(await loadLookups(pg));
    const reading = readingOf(job);
    const checked = rows.map(r => ({row: r.row_number, ...check(r.cells, reading)}));
    const temporaryAllowed = mayAddTemporary(ctx, job.database);
    const taken = await takenIDNumbers(
      pg,
      checked.flatMap(c => (c.card?.idNumber ? [c.card.idNumber] : [])),
    );
    const visible = await visibleOf(
      sql,
      ctx,
      [...taken.values()].map(t => t.id),
    );
    const cards: CardCreate[] = [];
    const outcomes: Array<{
      row_number: number;
      outcome: 'imported' | 'rejected';
      profile_id: string | null;
      issues: FieldIssue[];
    }> = [];
    const inBatch = new Set<string>();
    for (const {row, card, issues} of checked) {
      // An incomplete row makes only a temporary card, which needs its permission.
      const incomplete = isIncomplete({card, issues});
      if (!card || (incomplete && !temporaryAllowed)) {
        outcomes.push({row_number: row, outcome: 'rejected', profile_id: null, issues});
        continue;
      }
      // Never over an existing ID number (nor one an earlier row of this batch takes).
      const other = card.idNumber ? taken.get(card.idNumber) : undefined;
      if (other || (card.idNumber && inBatch.has(card.idNumber))) {
        const code = other ? (visible.has(other.id) ? idNumberClash(other, card) : 'idNumberUnavailable') : 'idExists';
        if (other && code === 'idNumberUnavailable') {
          const reason = idNumberClash(other, card);
          refusals.push({
            userID: ctx.userID,
            profileID: other.id,
            what: 'id-number',
            result: 'refused',
            detail: {reason, import: jobID, row},
          });
        }
        outcomes.push({row_number: row, outcome: 'rejected', profile_id: null, issues: [{field: 'idNumber', message: code}]});
        continue;
      }
      if (card.idNumber) inBatch.add(card.idNumber);
      const id = nanoid();
      cards.push({...card, id, database: job.database ?? 'general', temporary: job.temporary || incomplete});
      outcomes.push({row_number: row, outcome: 'imported', profile_id: id, issues: []});
    }

    await insertCards(pg, cards, job.createdBy, job.fileName, new Date());
    await pg`
      UPDATE import_row r SET outcome = x.outcome, profile_id = x.profile_id,
             issues = CASE WHEN x.outcome = 'rejected' THEN x.issues ELSE r.issues END
      FROM jsonb_to_recordset(${pg.json(outcomes)}) AS x(row_number integer, outcome text, profile_id text, issues jsonb)
      WHERE r.job_id = ${jobID} AND r.row_number = x.row_number`;
    const imported = cards.length;
    await pg`
      UPDATE import_job SET imported_rows = imported_rows + ${imported}, rejected_rows = rejected_rows + ${outcomes.length - imported},
             updated_at = now()
      WHERE id = ${jobID}`;
    return 'more';
  });
  // Refusals of ID numbers the user may not see go to the access log, as cards.create's do.
  for (const refusal of refusals) await logAccess(sql, refusal);
  return result;
}

/** The cards that hold any of these ID numbers, with what decides which refusal a row meets. */
async function takenIDNumbers(pg: Sql, ids: string[]) {
  const rows =
    ids.length === 0
      ? []
      : await pg<{id: string; id_number: string; birth_date: Date; gender: string}[]>`
          SELECT p.id, d.id_number, p.birth_date, p.gender
          FROM profile_detail d JOIN profile p ON p.id = d.profile_id
          WHERE d.id_number = ANY(${ids}::text[])`;
  return new Map(rows.map(r => [r.id_number, {id: r.id, birthDate: r.birth_date.getTime(), gender: r.gender}]));
}

/** Which of these cards the user may open (the card's own read rule). */
async function visibleOf(sql: Sql, ctx: AuthContext, ids: string[]) {
  if (ids.length === 0) return new Set<string>();
  return new Set((await zqlReader(sql)(visibleProfiles(zql.profile, ctx).where('id', 'IN', ids))).map(p => p.id));
}
