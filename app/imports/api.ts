import {ERROR_TEXT} from '../lib/dictionary.ts';
import {errorCodeOf} from '../../permissions/errors.ts';
import * as m from '../paraglide/messages.js';
import type {DateOrder} from '../tables/imports.ts';
import type {Fills, ImportStart, Mapping, PreviewRow, PreviewSummary, RowFilter, RowPatch, UploadAnswer} from './schema.ts';

/**
 * The import screen's REST calls (server/imports/routes.ts). The job's progress comes through Zero
 * (imports.job); the rows, which never replicate, come from here. Each call answers its data or the
 * translated reason it failed.
 */
export type Answer<T> = {ok: true; data: T} | {ok: false; message: string};

/** A refusal's code in the user's language. */
function reasonOf(code: string | undefined, status: number): string {
  switch (code) {
    case 'fileTooLarge':
      return m.import_error_too_large();
    case 'fileType':
    case 'unreadable':
      return m.import_error_file_type();
    case 'emptyFile':
      return m.import_error_empty();
    case 'unsafeFile':
      return m.import_error_unsafe_file();
    case 'csvTooLong':
      return m.import_error_csv_too_long();
    case 'tooManyRows':
      return m.import_error_too_many_rows();
    case 'singleRowOnly':
      return m.import_error_single_row();
    case 'mayNotImport':
      return m.import_error_may_not_import();
    case 'incompleteNeedsTemporary':
      return m.import_error_incomplete_needs_temporary();
    case 'importStarted':
    case 'importFinished':
    case 'importRunning':
      return m.import_error_state();
  }
  const known = errorCodeOf({code});
  return known ? ERROR_TEXT[known]() : status === 0 ? m.error_network() : m.error_server();
}

async function send<T>(path: string, init: RequestInit = {}): Promise<Answer<T>> {
  let response: Response;
  try {
    response = await fetch(path, {credentials: 'same-origin', ...init});
  } catch {
    return {ok: false, message: reasonOf(undefined, 0)};
  }
  const body = (await response.json().catch(() => ({}))) as {error?: string};
  return response.ok ? {ok: true, data: body as T} : {ok: false, message: reasonOf(body.error, response.status)};
}

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: {'content-type': 'application/json'},
  body: JSON.stringify(body ?? {}),
});

const jobPath = (id: string) => `/api/imports/${encodeURIComponent(id)}`;

export const importApi = {
  upload(file: File, formatID: string | undefined) {
    const form = new FormData();
    form.set('file', file);
    if (formatID) form.set('formatID', formatID);
    return send<UploadAnswer>('/api/imports', {method: 'POST', body: form});
  },
  rows: (id: string, filter: RowFilter, offset: number, limit: number) =>
    send<{rows: PreviewRow[]; total: number}>(`${jobPath(id)}/rows?filter=${filter}&offset=${offset}&limit=${limit}`),
  /** Starts the check of every row; the job's status (through Zero) says when it is done. */
  preview: (id: string, reading: {mapping: Mapping; formatID: string | null; fills: Fills; dateOrder: DateOrder | null}) =>
    send<{ok: true}>(`${jobPath(id)}/preview`, json('POST', reading)),
  patch: (id: string, row: number, patch: RowPatch) =>
    send<{row: PreviewRow}>(`${jobPath(id)}/rows/${row}`, json('PATCH', patch)),
  /** The incomplete rows in as temporary cards, or left out. */
  incomplete: (id: string, temporary: boolean) =>
    send<{summary: PreviewSummary}>(`${jobPath(id)}/incomplete`, json('POST', {temporary})),
  start: (id: string, target: ImportStart) => send<{ok: true}>(`${jobPath(id)}/start`, json('POST', target)),
  cancel: (id: string) => send<{ok: true}>(`${jobPath(id)}/cancel`, json('POST')),
  reportHref: (id: string, locale: string) => `${jobPath(id)}/report?locale=${locale}`,
};
