import {parentPort} from 'node:worker_threads';
import {sheetRows} from './read-file.ts';
import {SheetRefused} from './refusal.ts';
import type {SheetMessage, SheetTask} from './sheet-worker.ts';

/**
 * The worker thread that reads uploaded files, one at a time (started by sheet-worker.ts): for each
 * task, the headers, then the data rows cut to the headers, posted in batches, then done; or a refusal
 * as its reason. Its heap is capped by the worker's resource limits, so a file built to fill memory
 * ends this thread, not the API. It imports only the readers (the app's schema, with the messages of
 * four languages, took seconds to load): the limits come with the task.
 */
const BATCH = 1000;
/**
 * The text of all the cells kept, in characters. A cell may name one long shared string again and
 * again, so a small sheet can stand for gigabytes of rows; 100,000 real rows are some 15 million.
 */
const MAX_TEXT = 64 * 1024 * 1024;

const post = (message: SheetMessage) => parentPort!.postMessage(message);

/** The headers of a header row: at most `columns`, cut to length; trailing empty ones name nothing. */
function headersOf(values: readonly string[], limits: SheetTask['limits']) {
  const headers = values.slice(0, limits.columns).map(h => h.slice(0, limits.header));
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

/** A data row's cells under the headers, each cut to length. */
const cellsOf = (headers: readonly string[], values: readonly string[], limits: SheetTask['limits']) =>
  headers.map((_, i) => (values[i] ?? '').slice(0, limits.cell));

async function read({bytes, kind, maxRows, limits, tmp}: SheetTask) {
  // This task's own temporary folder (removed by sheet-worker.ts when it ends): os.tmpdir() reads it.
  process.env.TMPDIR = tmp;
  try {
    let headers: string[] | undefined;
    let rows = 0;
    let text = 0;
    let batch: Array<{row: number; cells: string[]}> = [];
    for await (const {row, values} of sheetRows(bytes, kind)) {
      if (!headers) {
        headers = headersOf(values, limits);
        post({headers});
        continue;
      }
      if (++rows > maxRows) throw new SheetRefused(maxRows === 1 ? 'singleRowOnly' : 'tooManyRows');
      const cells = cellsOf(headers, values, limits);
      for (const cell of cells) text += cell.length;
      if (text > MAX_TEXT) throw new SheetRefused('unsafeFile');
      batch.push({row, cells});
      if (batch.length >= BATCH) {
        post({rows: batch});
        batch = [];
      }
    }
    if (batch.length > 0) post({rows: batch});
    post({done: true});
  } catch (error) {
    if (!(error instanceof SheetRefused)) throw error;
    post({refused: error.reason});
  }
}

parentPort!.on('message', (task: SheetTask) => void read(task));
