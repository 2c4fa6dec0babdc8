import {expect} from 'vitest';
import type {PreviewRow, PreviewSummary, UploadAnswer} from '../../app/imports/schema.ts';
import type {Sql} from '../../server/db/sql.ts';
import type {startTestApi} from './api.ts';

/**
 * The Excel import's REST calls (server/imports/routes.ts) as a signed-in browser makes them, through
 * the real API app: the pg tests of import/excel share these.
 */
export function importClient(api: Awaited<ReturnType<typeof startTestApi>>, sql: Sql) {
  const request = (cookie: string, path: string, init: RequestInit = {}) =>
    api.app.request(path, {
      ...init,
      headers: {
        cookie,
        ...(init.body && !(init.body instanceof FormData) ? {'content-type': 'application/json'} : {}),
        ...init.headers,
      },
    });

  async function signIn(userID: string) {
    const res = await api.app.request('/api/dev/sign-in', {
      method: 'POST',
      headers: {'content-type': 'application/json'},
      body: JSON.stringify({userID}),
    });
    expect(res.status).toBe(200);
    return res.headers.get('set-cookie')!.split(';')[0]!;
  }

  /** POST /api/imports with the file (and a format): the raw answer. */
  function upload(cookie: string, bytes: Uint8Array, name: string, formatID?: string) {
    const form = new FormData();
    form.set('file', new File([Buffer.from(bytes)], name));
    if (formatID) form.set('formatID', formatID);
    return request(cookie, '/api/imports', {method: 'POST', body: form});
  }

  /** Uploads and expects a new job. */
  async function uploaded(cookie: string, bytes: Uint8Array, name: string, formatID?: string): Promise<UploadAnswer> {
    const res = await upload(cookie, bytes, name, formatID);
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as UploadAnswer;
  }

  /** Starts the preview and waits, as the screen does, for the job to leave `checking`; its counts. */
  async function preview(
    cookie: string,
    job: Pick<UploadAnswer, 'id' | 'mapping'>,
    mapping = job.mapping,
    reading: {fills?: Record<string, string>; dateOrder?: 'dmy' | 'mdy' | null} = {},
  ): Promise<PreviewSummary> {
    const res = await request(cookie, `/api/imports/${job.id}/preview`, {
      method: 'POST',
      body: JSON.stringify({mapping, ...reading}),
    });
    expect(res.status, await res.clone().text()).toBe(202);
    await expect
      .poll(async () => (await sql<[{status: string}]>`SELECT status FROM import_job WHERE id = ${job.id}`)[0].status, {
        timeout: 60_000,
      })
      .toBe('previewed');
    const [summary] = await sql<[PreviewSummary]>`
      SELECT total_rows AS total, valid_rows AS valid, incomplete_rows AS incomplete, error_rows AS errors,
             duplicate_rows AS duplicates, queued_rows AS queued
      FROM import_job WHERE id = ${job.id}`;
    return summary;
  }

  /** Every row of a list of the preview, by its number in the sheet. */
  async function rows(cookie: string, jobID: string, filter = 'all'): Promise<Map<number, PreviewRow>> {
    const res = await request(cookie, `/api/imports/${jobID}/rows?filter=${filter}&limit=200`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {rows: PreviewRow[]; total: number};
    return new Map(body.rows.map(r => [r.row, r]));
  }

  const patch = (cookie: string, jobID: string, row: number, body: object) =>
    request(cookie, `/api/imports/${jobID}/rows/${row}`, {method: 'PATCH', body: JSON.stringify(body)});

  const start = (cookie: string, jobID: string, target = {database: 'general', temporary: false}) =>
    request(cookie, `/api/imports/${jobID}/start`, {method: 'POST', body: JSON.stringify(target)});

  /** The incomplete rows in as temporary cards (or left out): the raw answer. */
  const incomplete = (cookie: string, jobID: string, temporary = true) =>
    request(cookie, `/api/imports/${jobID}/incomplete`, {method: 'POST', body: JSON.stringify({temporary})});

  const cancel = (cookie: string, jobID: string) => request(cookie, `/api/imports/${jobID}/cancel`, {method: 'POST'});

  return {request, signIn, upload, uploaded, preview, rows, patch, start, incomplete, cancel};
}
