import type {Context, Hono, MiddlewareHandler} from 'hono';
import {nanoid} from 'nanoid';
import {exportRequestSchema, isReportKind} from '../../app/exports/schema.ts';
import {can} from '../../permissions/context.ts';
import {mayExport} from '../../permissions/exports.ts';
import {allowedFilters} from '../../permissions/search.ts';
import type {ApiEnv} from '../http/env.ts';
import {logAccess} from '../audit/access-log.ts';
import type {Sql} from '../db/sql.ts';
import {contentDisposition} from '../files/transfer.ts';
import {limitBody, clientIP, fail, readBody} from '../http/body.ts';
import {insertJob, ownJob, sweepExports, type ExportJob, type ExportPlace} from './jobs.ts';
import {startExport, XLSX} from './run.ts';
import {SHEETS} from './sheets/index.ts';
import {inLocale} from '../i18n/locale.ts';

const SWEEP_EVERY_MS = 10 * 60_000;

/** How a download ended, by the route's answer (as server/audit/download-log.ts for files). */
const RESULTS: Partial<Record<number, string>> = {200: 'downloaded', 403: 'forbidden', 404: 'not-found'};

/**
 * admin/exports (spec §2, §6 exportToExcel; issue 16):
 *   POST /api/exports {kind, filters?, title?, locale} → 202 {id}: the export starts on the server; its
 *        job (export_job, live through Zero) shows the rows as they are written, then that it is ready
 *   GET  /api/exports/:id/download → the .xlsx, to the job's owner alone
 * 401 without a session; 403 forbidden without exportToExcel (checked before anything is read), for the
 * shadchanim without the right to see staff records, and for a free filter without freeFiltering;
 * the shadchanim report without viewShadchanimReports; 400 invalidInput; 409 exportRunning while the user's previous export runs, exportNotReady before its
 * file is there; 404 for a job that is not the user's own (as if it did not exist) or whose file is gone.
 * Every download attempt of a signed-in user is written to the access log, as file downloads are.
 */
export function mountExportRoutes(app: Hono<ApiEnv>, sql: Sql, place: ExportPlace) {
  const tidy = () =>
    sweepExports(sql, place).catch((error: Error) => console.error(`exports: could not tidy up: ${error.message}`));
  void tidy();
  // A file is not kept past its day even when nobody exports or downloads meanwhile.
  setInterval(() => void tidy(), SWEEP_EVERY_MS).unref();

  const guard: MiddlewareHandler<ApiEnv> = async (c, next) => {
    const session = c.get('session');
    if (!session) return fail(c, 401, 'notLoggedIn', 'Sign in first');
    if (!can(session.ctx, 'exportToExcel')) return fail(c, 403, 'forbidden', 'This needs the exportToExcel permission');
    await next();
  };
  const small = limitBody();

  app.post('/api/exports', guard, small, async c => {
    const ctx = c.get('session')!.ctx;
    const body = await readBody(c, exportRequestSchema);
    if (body instanceof Response) return body;
    if (!mayExport(ctx, body.kind)) return fail(c, 403, 'forbidden', 'This export needs the right to see what it holds');
    // A report keeps its own filters (app/reports/schema.ts); a profiles export the candidate search's.
    const filters = isReportKind(body.kind) ? (body.report ?? {}) : allowedFilters(body.filters, ctx);
    if (!filters) return fail(c, 403, 'forbidden', 'Free filtering needs the free filtering permission');

    await sweepExports(sql, place);
    const job: ExportJob = {
      id: nanoid(),
      owner_id: ctx.userID,
      kind: body.kind,
      filters,
      title: body.title,
      locale: body.locale,
      status: 'running',
      row_count: 0,
      size: null,
      finished_at: null,
    };
    if ((await insertJob(sql, job)) === 'running') {
      return fail(c, 409, 'exportRunning', 'Your previous export is still being prepared');
    }
    startExport(sql, place, job, ctx, clientIP(c));
    return c.json({id: job.id}, 202);
  });

  app.get('/api/exports/:id/download', logDownloads(sql), guard, async c => {
    await sweepExports(sql, place);
    const job = await ownJob(sql, c.req.param('id'), c.get('session')!.ctx.userID);
    if (!job || job.status === 'failed' || job.status === 'expired') return notFound(c);
    if (job.status === 'running') return fail(c, 409, 'exportNotReady', 'The export is still being prepared');
    // Streamed from the folder or the bucket, never read whole into memory.
    const stored = await place.storage.open(job.id);
    if (!stored) {
      console.error(`export ${job.id} is ready but its file is missing from ${place.storage.where}`);
      return notFound(c);
    }
    return new Response(stored.body, {
      headers: {
        'content-type': XLSX,
        'content-length': String(stored.size),
        'content-disposition': contentDisposition(downloadName(job)),
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
      },
    });
  });
}

const notFound = (c: Context) => fail(c, 404, 'notFound', 'No such export, or its file is no longer kept');

/** "כרטיסים 2026-05-03.xlsx": the sheet's name in the export's language and the day it was made. */
function downloadName(job: ExportJob): string {
  const day = (job.finished_at ?? new Date()).toLocaleDateString('en-CA', {timeZone: 'Asia/Jerusalem'});
  return `${inLocale(job.locale, SHEETS[job.kind].title)} ${day}.xlsx`;
}

/** Writes each signed-in download attempt to the access log once the route has answered. */
function logDownloads(sql: Sql): MiddlewareHandler<ApiEnv> {
  return async (c, next) => {
    await next();
    const session = c.get('session');
    const result = RESULTS[c.res.status];
    if (!session || !result) return;
    await logAccess(sql, {
      userID: session.ctx.userID,
      what: 'export',
      result,
      ip: clientIP(c),
      detail: {exportID: c.req.param('id') ?? ''},
    });
  };
}
