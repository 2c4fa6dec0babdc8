import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {MAX_CELL_LENGTH, MAX_COLUMNS, MAX_HEADER_LENGTH} from '../../app/imports/schema.ts';
import type {SheetKind} from './read-file.ts';
import type {SheetRefusal} from './refusal.ts';

/**
 * An uploaded file is read in a worker thread (sheet-thread.ts) of its own (issue 33), before and
 * outside any transaction: its heap is capped, so a file that slips past the zip's caps and still
 * fills memory ends the worker (the upload is refused, `unsafeFile`) and never the API; a reading that
 * runs on past READ_TIMEOUT_MS is ended the same way. Two files are read at a time (the server has two
 * cores); more wait their turn. The worker's temporary folder is its own, removed when it ends, however
 * it ends, so nothing a parser writes there outlives the upload.
 */
export type SheetMessage =
  {headers: string[]} | {rows: Array<{row: number; cells: string[]}>} | {done: true} | {refused: SheetRefusal};

/** What the worker is given: the file, the rows the user may import, and the cuts of headers and cells. */
export type SheetTask = {
  bytes: Uint8Array;
  kind: SheetKind;
  maxRows: number;
  limits: {columns: number; header: number; cell: number};
};

export type Sheet = {headers: string[]; rows: Array<{row: number; cells: string[]}>};

/** The worker's heap: a 100 MB shared-strings part and a sheet of 100,000 rows fit well inside. */
const WORKER_LIMITS = {maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32, stackSizeMb: 4};
/** 100,000 rows read in some 15 s on this server; four times that is no real file. */
const READ_TIMEOUT_MS = 60_000;
const AT_ONCE = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function turn() {
  if (running >= AT_ONCE) await new Promise<void>(resolve => waiting.push(resolve));
  running++;
}
function done() {
  running--;
  waiting.shift()?.();
}

/** The file's headers and rows (at most maxRows), or why it is refused. */
export async function readSheet(bytes: Uint8Array, kind: SheetKind, maxRows: number): Promise<Sheet | SheetRefusal> {
  await turn();
  const tmp = await mkdtemp(path.join(tmpdir(), 'kesher-import-'));
  try {
    return await inWorker(bytes, kind, maxRows, tmp);
  } finally {
    await rm(tmp, {recursive: true, force: true});
    done();
  }
}

function inWorker(bytes: Uint8Array, kind: SheetKind, maxRows: number, tmp: string) {
  return new Promise<Sheet | SheetRefusal>((resolve, reject) => {
    // The API runs under tsx, as does this TypeScript worker.
    const worker = new Worker(new URL('./sheet-thread.ts', import.meta.url), {
      workerData: {
        bytes,
        kind,
        maxRows,
        limits: {columns: MAX_COLUMNS, header: MAX_HEADER_LENGTH, cell: MAX_CELL_LENGTH},
      } satisfies SheetTask,
      execArgv: ['--import', 'tsx'],
      env: {...process.env, TMPDIR: tmp, TMP: tmp, TEMP: tmp},
      resourceLimits: WORKER_LIMITS,
    });
    let headers: string[] | undefined;
    const rows: Sheet['rows'] = [];
    let answer: Sheet | SheetRefusal | undefined;
    const timer = setTimeout(() => ((answer ??= 'unsafeFile'), void worker.terminate()), READ_TIMEOUT_MS);
    worker.on('message', (message: SheetMessage) => {
      if ('headers' in message) headers = message.headers;
      else if ('rows' in message) for (const row of message.rows) rows.push(row);
      else if ('refused' in message) answer = message.refused;
      else answer = headers && rows.length > 0 ? {headers, rows} : 'emptyFile';
    });
    let failure: Error | undefined;
    worker.on('error', error => {
      // Out of memory is the file's doing; anything else is a fault of ours, for the logs.
      if ((error as {code?: string}).code === 'ERR_WORKER_OUT_OF_MEMORY') answer ??= 'unsafeFile';
      else failure = error;
    });
    worker.on('exit', () => {
      clearTimeout(timer);
      if (answer) resolve(answer);
      else reject(failure ?? new Error('The import worker ended without an answer'));
    });
  });
}
