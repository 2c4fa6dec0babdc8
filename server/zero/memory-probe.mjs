// @ts-check
/**
 * Preloaded into zero-cache with listen-privately.mjs (`node --import`; its forked workers inherit it),
 * and idle unless KESHER_ZERO_PROBE_DIR names a directory (the bench's soak sets it).
 *
 * `ps` sees a process's RSS, not what inside it holds the memory. This lets the bench ask each
 * zero-cache process from outside: the process writes `<pid>.ready` when it starts, and on SIGUSR2 it
 * reads `request.json` ({gc?: boolean, snapshot?: boolean}), optionally collects garbage first (so
 * the heap figure is what is retained, not what is merely unswept), and writes `<pid>.json` with
 * process.memoryUsage(), V8's heap statistics and the script it runs; with `snapshot`, also a heap
 * snapshot `<pid>-<n>.heapsnapshot` for Chrome's memory panel (a comparison of two shows what a round
 * of closed client groups left behind). SIGUSR2 is free in zero-cache and in Node (SIGUSR1 would start
 * the inspector); a process without this preload would die of it, hence the `.ready` files.
 */
import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const dir = process.env.KESHER_ZERO_PROBE_DIR;

/** V8's own collector, without --expose-gc on the command line (which the workers would inherit). */
function collector() {
  v8.setFlagsFromString('--expose-gc');
  return /** @type {() => void} */ (vm.runInNewContext('gc'));
}

if (dir) {
  const script =
    (process.argv[1] ?? '?')
      .split('/')
      .pop()
      ?.replace(/\.m?js$/, '') ?? '?';
  let snapshots = 0;
  /** @type {(() => void) | undefined} */
  let gc;
  process.on('SIGUSR2', () => {
    /** @type {{gc?: boolean, snapshot?: boolean}} */
    let request = {};
    try {
      request = JSON.parse(readFileSync(path.join(dir, 'request.json'), 'utf8'));
    } catch {
      // no request file: a plain sample
    }
    if (request.gc) {
      gc ??= collector();
      gc();
    }
    let snapshot;
    if (request.snapshot) snapshot = v8.writeHeapSnapshot(path.join(dir, `${process.pid}-${++snapshots}.heapsnapshot`));
    const sample = {
      pid: process.pid,
      script,
      at: Date.now(),
      memory: process.memoryUsage(),
      heap: v8.getHeapStatistics(),
      snapshot,
    };
    // Written whole, then renamed: the reader never sees half a file.
    const file = path.join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(sample));
    renameSync(`${file}.tmp`, file);
  });
  writeFileSync(path.join(dir, `${process.pid}.ready`), script);
}
