import {parentPort, workerData} from 'node:worker_threads';
import {sheetRows} from './read-file.ts';
import {SheetRefused} from './refusal.ts';
import type {SheetMessage, SheetTask} from './sheet-worker.ts';

/**
 * The worker thread that reads an uploaded file (started by sheet-worker.ts): the headers, then the
 * data rows cut to the headers, posted in batches; a refusal as its reason. Its heap is capped by the
 * worker's resource limits, so a file built to fill memory ends this thread, not the API. It imports
 * only the readers (the app's schema, with the messages of four languages, took seconds to load): the
 * limits come with the task.
 */
const {bytes, kind, maxRows, limits} = workerData as SheetTask;
const BATCH = 1000;
/**
 * The text of all the cells kept, in characters. A cell may name one long shared string again and
 * again, so a small sheet can stand for gigabytes of rows; 100,000 real rows are some 15 million.
 */
const MAX_TEXT = 64 * 1024 * 1024;

const post = (message: SheetMessage) => parentPort!.postMessage(message);

/** The headers of a header row: at most `columns`, cut to length; trailing empty ones name nothing. */
function headersOf(values: readonly string[]) {
  const headers = values.slice(0, limits.columns).map(h => h.slice(0, limits.header));
  let end = headers.length;
  while (end > 0 && headers[end - 1] === '') end--;
  return headers.slice(0, end);
}

/** A data row's cells under the headers, each cut to length. */
const cellsOf = (headers: readonly string[], values: readonly string[]) =>
  headers.map((_, i) => (values[i] ?? '').slice(0, limits.cell));

try {
  let headers: string[] | undefined;
  let rows = 0;
  let text = 0;
  let batch: Array<{row: number; cells: string[]}> = [];
  for await (const {row, values} of sheetRows(bytes, kind)) {
    if (!headers) {
      headers = headersOf(values);
      post({headers});
      continue;
    }
    if (++rows > maxRows) throw new SheetRefused(maxRows === 1 ? 'singleRowOnly' : 'tooManyRows');
    const cells = cellsOf(headers, values);
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
