/**
 * `npm run bench:import -- [--rows N] [--profiles N]`: the Excel import (issue 16) on its own stack
 * (own data dir and ports, like `npm run bench`): seeds N demo candidates (default 10,000) for the
 * duplicate checks to meet, then, as an administrator over HTTP, uploads a generated sheet of --rows
 * valid rows (default 10,000; import-sheet.ts), previews it and imports it into the general database,
 * and prints the time to a complete preview (upload and read, then every row checked), the import's
 * time, both in rows per second, and the API's peak RSS (VmHWM). Targets: 10,000 rows previewed in
 * ≤ 10 s and imported in ≤ 30 s. Never part of `npm test`.
 */
import {readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import type {PreviewSummary, UploadAnswer} from '../../app/imports/schema.ts';
import {ROOT} from '../config.ts';
import {connect} from '../db/sql.ts';
import {assertPortsFree} from '../stack/ports.ts';
import {startStack, type Stack} from '../stack/stack.ts';
import {signIn} from './clients.ts';
import {benchPorts} from './environment.ts';
import {manyRowsXlsx} from './import-sheet.ts';
import {positiveOption, runStandalone} from './standalone.ts';
import {sleep} from './timing.ts';

const USAGE = `usage: npm run bench:import -- [--rows N] [--profiles N]
  --rows N      rows in the imported sheet (default 10000)
  --profiles N  demo candidates already in the database (default 10000)
Ports default to the dev ports + 100 (PG_PORT, API_PORT, WEB_PORT, ZERO_PORT, PHONE_PROXY_PORT override them).`;

const say = (line: string) => console.log(`[bench:import] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const perSecond = (rows: number, ms: number) => `${Math.round((rows * 1000) / ms).toLocaleString('en-US')} rows/s`;
/** The whole run must end by itself. */
const WATCHDOG_MS = 15 * 60_000;

/** Peak and current resident memory of one process, from /proc (MiB). */
function rssOf(pid: number) {
  let status = '';
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    // The process is gone: no numbers.
  }
  const field = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN) / 1024;
  return {peak: field('VmHWM'), now: field('VmRSS')};
}

async function main(rows: number, profiles: number, stackOf: (s: Promise<Stack>) => void) {
  const ports = benchPorts();
  await assertPortsFree(ports, ['web', 'phoneProxy']);
  const dataDir = path.join(ROOT, '.data', 'bench-import');
  say(
    `${rows.toLocaleString('en-US')} rows into a database of ${profiles.toLocaleString('en-US')} candidates; ports: pg ${ports.postgres} · api ${ports.api} · zero ${ports.zero}`,
  );
  const starting = startStack({
    ports,
    dataDir,
    fresh: true,
    production: false,
    vite: false,
    seedProfiles: profiles,
    seedActivities: profiles,
    zeroLogLevel: 'warn',
    apiEnv: {PHONE_PROXY_ENABLED: 'false'},
  });
  stackOf(starting);
  const stack = await starting;
  const api = stack.processes.find(p => p.label === 'api')!;
  const sql = connect(stack.databaseURL, {max: 2});
  try {
    const admin = await signIn(sql, 'demo-admin');
    const base = `http://127.0.0.1:${ports.api}`;
    const call = async <T>(route: string, init: RequestInit = {}) => {
      const response = await fetch(`${base}${route}`, {
        ...init,
        headers: {authorization: `Bearer ${admin.token}`, ...init.headers},
      });
      if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const json = (body: unknown): RequestInit => ({
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify(body),
    });

    let t = performance.now();
    const sheet = await manyRowsXlsx(rows);
    say(
      `generated a ${(sheet.length / 1024 / 1024).toFixed(1)} MB .xlsx of ${rows.toLocaleString('en-US')} rows in ${seconds(performance.now() - t)}`,
    );
    const before = rssOf(api.pid);

    // Upload (the server reads the sheet and stores its rows), then the preview (every row checked).
    t = performance.now();
    const form = new FormData();
    form.set('file', new File([Buffer.from(sheet)], `bench-${rows}.xlsx`));
    const job = await call<UploadAnswer>('/api/imports', {method: 'POST', body: form});
    const uploadMs = performance.now() - t;
    const afterUpload = rssOf(api.pid);
    await call(`/api/imports/${job.id}/preview`, json({mapping: job.mapping}));
    // The check runs after the answer; the screen (and this) follows the job's row until it is previewed.
    let summary: PreviewSummary & {status: string};
    do {
      await sleep(50);
      [summary] = await sql<[typeof summary]>`
        SELECT status, total_rows AS total, valid_rows AS valid, error_rows AS errors, duplicate_rows AS duplicates,
               queued_rows AS queued
        FROM import_job WHERE id = ${job.id}`;
    } while (summary.status === 'checking');
    if (summary.status !== 'previewed') throw new Error(`the preview ended ${summary.status}`);
    const previewMs = performance.now() - t;
    const afterPreview = rssOf(api.pid);
    say(`preview: ${summary.valid} valid, ${summary.errors} with errors, ${summary.duplicates} possible duplicates`);

    // The import, followed on the job's row as the screen follows it.
    t = performance.now();
    await call(`/api/imports/${job.id}/start`, json({database: 'general', temporary: false}));
    let state = {status: 'importing', imported_rows: 0, rejected_rows: 0};
    while (!['done', 'cancelled', 'failed'].includes(state.status)) {
      await sleep(100);
      [state] = await sql<[typeof state]>`SELECT status, imported_rows, rejected_rows FROM import_job WHERE id = ${job.id}`;
    }
    const importMs = performance.now() - t;
    const after = rssOf(api.pid);

    console.log(
      [
        '',
        `Excel import, ${rows.toLocaleString('en-US')} rows (${profiles.toLocaleString('en-US')} candidates in the database)`,
        `  upload and read:        ${seconds(uploadMs)}`,
        `  complete preview:       ${seconds(previewMs)}  (${perSecond(rows, previewMs)}; target ≤ 10 s for 10,000)`,
        `  import (${state.status}):       ${seconds(importMs)}  (${perSecond(state.imported_rows, importMs)}; ${state.imported_rows.toLocaleString('en-US')} imported, ${state.rejected_rows} refused; target ≤ 30 s for 10,000)`,
        `  API RSS:                ${before.now.toFixed(0)} MiB before the upload, then ${afterUpload.now.toFixed(0)} · ${afterPreview.now.toFixed(0)} · ${after.now.toFixed(0)} MiB after the upload · preview · import; peak ${after.peak.toFixed(0)} MiB`,
        '',
      ].join('\n'),
    );
  } finally {
    await sql.end({timeout: 2});
  }
}

const {values} = parseArgs({options: {rows: {type: 'string'}, profiles: {type: 'string'}, help: {type: 'boolean', short: 'h'}}});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const rows = positiveOption('rows', values.rows, 10_000, USAGE);
const profiles = positiveOption('profiles', values.profiles, 10_000, USAGE);
await runStandalone(
  'import',
  WATCHDOG_MS,
  stackOf => main(rows, profiles, stackOf),
  () => rmSync(path.join(ROOT, '.data', 'bench-import'), {recursive: true, force: true}),
);
