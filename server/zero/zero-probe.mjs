// @ts-check
/**
 * Preloaded into zero-cache with listen-privately.mjs (`node --import`; its forked workers inherit it),
 * and idle unless KESHER_ZERO_PROBE_DIR names a directory (the bench sets it for the soak and for
 * `--cpu-profile`).
 *
 * `ps` sees a process's RSS and CPU time, not what inside it holds the memory or spends the time. This
 * lets the bench ask each zero-cache process from outside: the process writes `<pid>.ready` when it
 * starts, and on SIGUSR2 it reads `request.json` and writes `<pid>.json` with process.memoryUsage(),
 * V8's heap statistics and the script it runs. The request may ask for more:
 * - `gc`: collect garbage first, so the heap figure is what is retained, not what is merely unswept;
 * - `snapshot`: a heap snapshot `<pid>-<n>.heapsnapshot` for Chrome's memory panel (a comparison of two
 *   shows what a round of closed client groups left behind);
 * - `profile: 'start'` starts V8's CPU profiler; `profile: 'stop'` stops it and writes
 *   `<pid>-<n>.cpuprofile` (Chrome's performance panel reads it; the bench sums it by source file).
 * SIGUSR2 is free in zero-cache and in Node (SIGUSR1 would start the inspector); a process without
 * this preload would die of it, hence the `.ready` files.
 */
import {Session} from 'node:inspector/promises';
import {readFileSync, renameSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';

const dir = process.env.KESHER_ZERO_PROBE_DIR;
/** Microseconds between the profiler's samples: fine enough for a fan-out of a few hundred ms per edit. */
const SAMPLING_INTERVAL_US = 250;

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
  let profiles = 0;
  /** @type {Session | undefined} */
  let profiler;
  /** @type {(() => void) | undefined} */
  let gc;

  /** @param {{gc?: boolean, snapshot?: boolean, profile?: 'start' | 'stop'}} request */
  const answer = async request => {
    if (request.gc) {
      gc ??= collector();
      gc();
    }
    let snapshot;
    if (request.snapshot) snapshot = v8.writeHeapSnapshot(path.join(dir, `${process.pid}-${++snapshots}.heapsnapshot`));
    let cpuProfile;
    if (request.profile === 'start' && !profiler) {
      profiler = new Session();
      profiler.connect();
      await profiler.post('Profiler.enable');
      await profiler.post('Profiler.setSamplingInterval', {interval: SAMPLING_INTERVAL_US});
      await profiler.post('Profiler.start');
    } else if (request.profile === 'stop' && profiler) {
      const {profile} = await profiler.post('Profiler.stop');
      profiler.disconnect();
      profiler = undefined;
      cpuProfile = path.join(dir, `${process.pid}-${++profiles}.cpuprofile`);
      writeFileSync(cpuProfile, JSON.stringify(profile));
    }
    const sample = {
      pid: process.pid,
      script,
      at: Date.now(),
      memory: process.memoryUsage(),
      heap: v8.getHeapStatistics(),
      snapshot,
      cpuProfile,
    };
    // Written whole, then renamed: the reader never sees half a file.
    const file = path.join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(sample));
    renameSync(`${file}.tmp`, file);
  };

  process.on('SIGUSR2', () => {
    let request = {};
    try {
      request = JSON.parse(readFileSync(path.join(dir, 'request.json'), 'utf8'));
    } catch {
      // no request file: a plain sample
    }
    void answer(request);
  });
  writeFileSync(path.join(dir, `${process.pid}.ready`), script);
}
