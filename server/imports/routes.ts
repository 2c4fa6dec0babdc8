import type {Context, Hono, MiddlewareHandler} from 'hono';
import {bodyLimit} from 'hono/body-limit';
import * as v from 'valibot';
import {
  KEEP_ROWS_DAYS,
  ROW_FILTERS,
  importStartSchema,
  incompleteChoiceSchema,
  previewRequestSchema,
  rowPatchSchema,
  rowsQuerySchema,
  type PreviewRow,
  type RowFilter,
} from '../../app/imports/schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {mayAddTemporary, mayImport, mayImportRows, ownsImportJob} from '../../permissions/imports.ts';
import {isShutOut} from '../../permissions/site.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {clientIP, fail, readBody} from '../http/body.ts';
import {blocks} from './duplicates.ts';
import {forgetOldRows, readJob, rowsForgotten, type ImportJobRow} from './jobs.ts';
import {localeOf} from '../i18n/locale.ts';
import {chooseIncomplete, patchRow, startPreview} from './preview.ts';
import type {SheetRefusal} from './refusal.ts';
import {storeUpload} from './upload.ts';
import {errorReport} from './report.ts';
import {startImport} from './runner.ts';
import {type FormatColumn, MAX_IMPORT_BYTES} from '../../app/tables/imports.ts';

/** The one route whose body is a multipart upload (server/http/same-origin.ts lets it through). */
export const isImportUploadPath = (path: string) => path === '/api/imports';

/** A row fix holds at most every cell of a row. */
const PATCH_MAX_BYTES = 1024 * 1024;

const STATUS_OF_REFUSAL = {
  fileType: 415,
  emptyFile: 400,
  tooManyRows: 413,
  unreadable: 400,
  singleRowOnly: 403,
  unsafeFile: 413,
  csvTooLong: 413,
} as const satisfies Record<SheetRefusal, number>;

/** A file's name as kept for the job and the cards' history: no path, no control characters, at most 200 characters. */
const fileNameOf = (name: string) =>
  name
    .replace(/^.*[\\/]/, '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 200) || 'import';

const ROW_WHERE: Record<RowFilter, string> = {
  problems: "status IN ('error', 'incomplete', 'duplicate')",
  errors: "status = 'error'",
  incomplete: "status = 'incomplete'",
  duplicates: "status = 'duplicate'",
  valid: "status = 'valid'",
  all: 'true',
};

/**
 * import/excel (issue 16; spec §2, §6 importProfiles, importProfilesFromExcel):
 *   POST  /api/imports                   multipart {file, formatID?} → 201 {id, headers, sample, mapping, rows}
 *   GET   /api/imports/:id/rows          ?filter=problems|errors|incomplete|duplicates|valid|all&offset&limit → {rows, total}
 *   POST  /api/imports/:id/preview       {mapping, formatID?, fills?, dateOrder?} → 202; the job goes checking → previewed
 *   PATCH /api/imports/:id/rows/:row     {cells?: {<column>: text}, decision?: import|skip} → {row}
 *   POST  /api/imports/:id/incomplete    {temporary} → {summary}: the incomplete rows in as temporary cards, or not
 *   POST  /api/imports/:id/start         {database, temporary} → 202 {ok}
 *   POST  /api/imports/:id/cancel        → {ok}
 *   GET   /api/imports/:id/report        ?locale= → the error report (.xlsx)
 * Every route needs editTickets and importProfilesFromExcel or importProfiles (a file of one row with importProfiles
 * alone: 403 singleRowOnly); a preview, and a row fix, is one of the user's duplicate lookups (the
 * new-card screen's limit, server/auth/rate-limit.ts: 429 tooManyRequests once used up); a job's rows, choices and report are its creator's (404 to anyone else);
 * writes are refused in maintenance. The job's counts and progress are read through Zero (imports.job).
 * Incomplete rows (issue 31) lack only required details: they come in as temporary cards, which needs
 * the database's temporary permission. A file's rows are kept KEEP_ROWS_DAYS after the import ends (then the report answers 404
 * reportExpired); an import cancelled before it started forgets them at once.
 */
export function mountImportRoutes(app: Hono<ApiEnv>, sql: Sql, allowLookup: (userID: string) => Promise<boolean>) {
  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!mayImport(session.ctx))
      return fail(c, 403, 'forbidden', 'This needs editTickets and importProfilesFromExcel or importProfiles');
    if (c.req.method !== 'GET') {
      const [site] = await sql<{maintenance: boolean}[]>`SELECT maintenance FROM site_setting WHERE id = 'site'`;
      if (site && isShutOut(site.maintenance, session.ctx)) return fail(c, 503, 'maintenance', 'The site is in maintenance');
    }
    await next();
  };
  app.use('/api/imports', guard);
  app.use('/api/imports/*', guard);
  const ctxOf = (c: Context<ApiEnv>): AuthContext => c.get('session')!.ctx;

  /** The job in the path, when it is the caller's; anyone else's is not found. */
  async function ownJob(c: Context<ApiEnv>): Promise<ImportJobRow | Response> {
    const job = await readJob(sql, c.req.param('id') ?? '');
    return job && ownsImportJob(ctxOf(c), job) ? job : fail(c, 404, 'notFound', 'No such import');
  }
  const small = bodyLimit({
    maxSize: PATCH_MAX_BYTES,
    onError: c => fail(c, 413, 'bodyTooLarge', 'The request body is too large'),
  });

  app.post(
    '/api/imports',
    bodyLimit({
      maxSize: MAX_IMPORT_BYTES + 64 * 1024,
      onError: c => fail(c, 413, 'fileTooLarge', 'The file is larger than 20 MB'),
    }),
    async c => {
      const ctx = ctxOf(c);
      let form: FormData;
      try {
        form = await c.req.formData();
      } catch {
        return fail(c, 400, 'invalidInput', 'Send a multipart form with the file');
      }
      const file = form.get('file');
      if (!(file instanceof File)) return fail(c, 400, 'invalidInput', 'Send a multipart form with the file');
      if (file.size > MAX_IMPORT_BYTES) return fail(c, 413, 'fileTooLarge', 'The file is larger than 20 MB');
      const formatID = form.get('formatID');
      let format: {id: string; columns: FormatColumn[]} | undefined;
      if (typeof formatID === 'string' && formatID !== '') {
        [format] = await sql<
          {id: string; columns: FormatColumn[]}[]
        >`SELECT id, columns FROM excel_format WHERE id = ${formatID}`;
        if (!format) return fail(c, 400, 'invalidInput', 'No such format', [{field: 'formatID', message: 'unknownOption'}]);
      }
      const answer = await storeUpload(sql, ctx, fileNameOf(file.name), new Uint8Array(await file.arrayBuffer()), format);
      if (typeof answer === 'string')
        return fail(c, STATUS_OF_REFUSAL[answer], answer, `The file cannot be imported (${answer})`);
      // Each new import clears what older ones may no longer keep.
      await forgetOldRows(sql);
      return c.json(answer, 201);
    },
  );

  app.get('/api/imports/:id/rows', async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    const query = v.safeParse(rowsQuerySchema, c.req.query());
    if (!query.success)
      return fail(c, 400, 'invalidInput', `filter is one of ${ROW_FILTERS.join(', ')}; offset and limit are numbers`);
    const {filter, offset, limit} = query.output;
    const where = sql.unsafe(ROW_WHERE[filter]);
    const [rows, [{total}]] = await Promise.all([
      sql<Array<Omit<PreviewRow, 'blocked'>>>`
        SELECT row_number AS row, cells, status, issues, warnings, duplicates, decision, outcome, profile_id AS "profileID"
        FROM import_row WHERE job_id = ${job.id} AND ${where}
        ORDER BY row_number LIMIT ${limit} OFFSET ${offset}`,
      sql<[{total: number}]>`SELECT count(*)::int AS total FROM import_row WHERE job_id = ${job.id} AND ${where}`,
    ]);
    return c.json({rows: rows.map(r => ({...r, blocked: blocks(r.duplicates)})), total});
  });

  app.post('/api/imports/:id/preview', small, async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    if (job.status !== 'mapping' && job.status !== 'previewed') return fail(c, 409, 'importStarted', 'This import has started');
    const body = await readBody(c, previewRequestSchema);
    if (body instanceof Response) return body;
    if (body.mapping.length !== job.headers.length) {
      return fail(c, 400, 'invalidInput', 'The mapping names one field (or null) per column', [
        {field: 'mapping', message: 'invalidInput'},
      ]);
    }
    if (!(await allowLookup(ctxOf(c).userID))) return fail(c, 429, 'tooManyRequests', 'Too many lookups; try again later');
    const [checking] = await sql<{id: string}[]>`
      UPDATE import_job SET status = 'checking', mapping = ${sql.json(body.mapping)}, format_id = ${body.formatID ?? null},
             fills = ${sql.json(body.fills)}, date_order = ${body.dateOrder}, updated_at = now()
      WHERE id = ${job.id} AND status IN ('mapping', 'previewed') RETURNING id`;
    if (!checking) return fail(c, 409, 'importStarted', 'This import is being checked or has started');
    void startPreview(sql, ctxOf(c), {...job, mapping: body.mapping, fills: body.fills, dateOrder: body.dateOrder}, clientIP(c));
    return c.json({ok: true}, 202);
  });

  app.patch('/api/imports/:id/rows/:row', small, async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    if (job.status !== 'previewed') return fail(c, 409, 'importStarted', 'Rows change only between the preview and the import');
    const body = await readBody(c, rowPatchSchema);
    if (body instanceof Response) return body;
    const rowNumber = Number(c.req.param('row'));
    if (Object.keys(body.cells ?? {}).some(column => Number(column) >= job.headers.length)) {
      return fail(c, 400, 'invalidInput', 'No such column', [{field: 'cells', message: 'invalidInput'}]);
    }
    // A fixed row is looked up again: one lookup, as on the new-card screen.
    if (body.cells && !(await allowLookup(ctxOf(c).userID)))
      return fail(c, 429, 'tooManyRequests', 'Too many lookups; try again later');
    const result = await patchRow(sql, ctxOf(c), job, rowNumber, body, clientIP(c));
    if (result === 'notFound') return fail(c, 404, 'notFound', 'No such row');
    if (result === 'mayNotImport') {
      return fail(c, 409, 'mayNotImport', 'A row with problems, or whose ID number is taken, cannot be imported', [
        {field: 'decision', message: 'mayNotImport'},
      ]);
    }
    const [row] = await sql<Array<Omit<PreviewRow, 'blocked'>>>`
      SELECT row_number AS row, cells, status, issues, warnings, duplicates, decision, outcome, profile_id AS "profileID"
      FROM import_row WHERE job_id = ${job.id} AND row_number = ${rowNumber}`;
    return c.json({row: {...row!, blocked: blocks(row!.duplicates)}});
  });

  app.post('/api/imports/:id/incomplete', small, async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    if (job.status !== 'previewed') return fail(c, 409, 'importStarted', 'Rows change only between the preview and the import');
    const body = await readBody(c, incompleteChoiceSchema);
    if (body instanceof Response) return body;
    return c.json({summary: await chooseIncomplete(sql, job, body.temporary)});
  });

  app.post('/api/imports/:id/start', small, async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    const body = await readBody(c, importStartSchema);
    if (body instanceof Response) return body;
    const ctx = ctxOf(c);
    if (!mayImportRows(ctx, job.totalRows))
      return fail(c, 403, 'singleRowOnly', 'Importing more than one row needs importProfilesFromExcel');
    if (body.temporary && !mayAddTemporary(ctx, body.database)) {
      return fail(c, 403, 'forbidden', 'Temporary cards in this database need its temporary-database permission');
    }
    if (!mayAddTemporary(ctx, body.database)) {
      const [queued] = await sql<{count: number}[]>`
        SELECT count(*)::int AS count FROM import_row WHERE job_id = ${job.id} AND decision = 'import'
          AND status <> 'error' AND jsonb_array_length(issues) > 0`;
      if (queued!.count > 0) {
        return fail(
          c,
          403,
          'incompleteNeedsTemporary',
          'Incomplete rows come in as temporary cards, which this database needs a permission for',
        );
      }
    }
    const [started] = await sql<{id: string}[]>`
      UPDATE import_job SET status = 'importing', database = ${body.database}, temporary = ${body.temporary},
             started_at = now(), updated_at = now()
      WHERE id = ${job.id} AND status = 'previewed' RETURNING id`;
    if (!started) return fail(c, 409, 'importStarted', 'This import has started already, or has no preview');
    void startImport(sql, job.id);
    return c.json({ok: true}, 202);
  });

  app.post('/api/imports/:id/cancel', async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    // Mid-import, the running batch finishes and the import stops before the next; before it, the
    // job ends and its rows (people not yet in the system) are deleted.
    const [cancelled] = await sql<{status: string}[]>`
      UPDATE import_job SET status = CASE WHEN status = 'importing' THEN 'cancelling' ELSE 'cancelled' END,
             finished_at = CASE WHEN status = 'importing' THEN NULL ELSE now() END, updated_at = now()
      WHERE id = ${job.id} AND status IN ('mapping', 'checking', 'previewed', 'importing') RETURNING status`;
    if (!cancelled) return fail(c, 409, 'importFinished', 'This import has ended');
    if (cancelled.status === 'cancelled') await sql`DELETE FROM import_row WHERE job_id = ${job.id}`;
    return c.json({ok: true});
  });

  app.get('/api/imports/:id/report', async c => {
    const job = await ownJob(c);
    if (job instanceof Response) return job;
    if (!['done', 'cancelled', 'failed'].includes(job.status))
      return fail(c, 409, 'importRunning', 'The report is ready when the import ends');
    if (rowsForgotten(job.finishedAt)) return fail(c, 404, 'reportExpired', `An import's report is kept ${KEEP_ROWS_DAYS} days`);
    const ctx = ctxOf(c);
    await logAccess(sql, {
      userID: ctx.userID,
      what: 'export',
      result: 'exported',
      ip: clientIP(c),
      detail: {export: 'import-report', import: job.id},
    });
    const name = `${job.fileName.replace(/\.[^.]*$/, '')}-errors.xlsx`;
    return new Response(errorReport(sql, job, localeOf(c.req.query('locale'))), {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="import-errors.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        'cache-control': 'no-store',
      },
    });
  });
}
