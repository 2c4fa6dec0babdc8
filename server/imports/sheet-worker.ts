import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import {MAX_CELL_LENGTH, MAX_COLUMNS, MAX_HEADER_LENGTH} from '../../app/imports/schema.ts';
import type {SheetKind} from './read-file.ts';
import type {SheetRefusal} from './refusal.ts';

/**
 * An uploaded file is read in a worker thread (sheet-thread.ts, issue 33), before and outside any
 * transaction: the worker's heap is capped, so a file that slips past the zip's caps and still fills
 * memory ends the worker (the upload is refused, `unsafeFile`) and never the API; a reading that runs
 * on past READ_TIMEOUT_MS is ended the same way. Two files are read at a time (the server has two
 * cores); more wait their turn. A worker is kept for the next file a while (starting one and loading
 * exceljs in it took 1-4 s); one that failed or was ended is never reused. Each file has its own
 * temporary folder, removed when its reading ends, however it ends, so nothing a parser writes there
 * outlives the upload.
 */
export type SheetMessage =
  {headers: string[]} | {rows: Array<{row: number; cells: string[]}>} | {done: true} | {refused: SheetRefusal};

/** What the worker is given: the file, the rows the user may import, and the cuts of headers and cells. */
export type SheetTask = {
  bytes: Uint8Array;
  kind: SheetKind;
  maxRows: number;
  limits: {columns: number; header: number; cell: number};
  /** The task's own temporary folder. */
  tmp: string;
};

export type Sheet = {headers: string[]; rows: Array<{row: number; cells: string[]}>};

/** The worker's heap: a 100 MB shared-strings part and a sheet of 100,000 rows fit well inside. */
const WORKER_LIMITS = {maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 32, stackSizeMb: 4};
/** 100,000 rows read in some 15 s on this server; four times that is no real file. */
const READ_TIMEOUT_MS = 60_000;
/** An idle worker is ended after this. */
const IDLE_MS = 60_000;
const AT_ONCE = 2;

let running = 0;
const waiting: Array<() => void> = [];
const idle: Array<{worker: Worker; timer: NodeJS.Timeout}> = [];

async function turn() {
  if (running >= AT_ONCE) await new Promise<void>(resolve => waiting.push(resolve));
  running++;
}
function done() {
  running--;
  waiting.shift()?.();
}

function idleWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.ref();
    return kept.worker;
  }
  // The API runs under tsx, as does this TypeScript worker.
  return new Worker(new URL('./sheet-thread.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    resourceLimits: WORKER_LIMITS,
  });
}

function keep(worker: Worker) {
  // An idle worker keeps neither the process nor a test alive.
  worker.unref();
  const entry = {worker, timer: setTimeout(() => (idle.splice(idle.indexOf(entry), 1), void worker.terminate()), IDLE_MS)};
  entry.timer.unref();
  idle.push(entry);
}

/** The file's headers and rows (at most maxRows), or why it is refused. */
export async function readSheet(bytes: Uint8Array, kind: SheetKind, maxRows: number): Promise<Sheet | SheetRefusal> {
  await turn();
  const tmp = await mkdtemp(path.join(tmpdir(), 'kesher-import-'));
  const worker = idleWorker();
  let reusable = false;
  try {
    const task: SheetTask = {
      bytes,
      kind,
      maxRows,
      limits: {columns: MAX_COLUMNS, header: MAX_HEADER_LENGTH, cell: MAX_CELL_LENGTH},
      tmp,
    };
    const {answer, ended} = await inWorker(worker, task);
    reusable = !ended;
    return answer;
  } finally {
    // A worker ended here is gone before its folder is.
    if (reusable) keep(worker);
    else await worker.terminate();
    await rm(tmp, {recursive: true, force: true});
    done();
  }
}

/** The task's answer, and whether the worker ended (or was ended) on the way. */
function inWorker(worker: Worker, task: SheetTask) {
  return new Promise<{answer: Sheet | SheetRefusal; ended: boolean}>((resolve, reject) => {
    let headers: string[] | undefined;
    const rows: Sheet['rows'] = [];
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      outcome();
    };
    const timer = setTimeout(() => finish(() => resolve({answer: 'unsafeFile', ended: true})), READ_TIMEOUT_MS);
    const onMessage = (message: SheetMessage) => {
      if ('headers' in message) headers = message.headers;
      else if ('rows' in message) for (const row of message.rows) rows.push(row);
      else if ('refused' in message) finish(() => resolve({answer: message.refused, ended: false}));
      else finish(() => resolve({answer: headers && rows.length > 0 ? {headers, rows} : 'emptyFile', ended: false}));
    };
    const onError = (error: Error) =>
      finish(() =>
        // Out of memory is the file's doing; anything else is a fault of ours, for the logs.
        (error as {code?: string}).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? resolve({answer: 'unsafeFile', ended: true})
          : reject(error),
      );
    const onExit = () => finish(() => reject(new Error('The import worker ended without an answer')));
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    worker.postMessage(task);
  });
}
