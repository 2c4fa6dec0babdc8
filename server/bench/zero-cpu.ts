import {readFileSync} from 'node:fs';
import {treeBreakdown} from './memory.ts';
import {askProbe} from './probe.ts';

/** /proc reports CPU time in USER_HZ ticks, which Linux fixes at 100 a second for user space. */
const MS_PER_TICK = 10;
const PROBE_TIMEOUT_MS = 30_000;

type Node = {pid: number};

/** The sync workers (zero-cache's `syncer` processes, which run every client's queries) of zero-cache nodes. */
const syncers = (nodes: readonly Node[]) => nodes.flatMap(n => treeBreakdown(n.pid).filter(p => p.script === 'syncer'));

/** A process's CPU time so far (user + system), in ms; 0 once it is gone. */
function cpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * MS_PER_TICK;
  } catch {
    return 0;
  }
}

/** What the sync workers spent between start and stop: CPU time, and with a probe directory, V8 CPU profiles. */
export type ZeroMeter = {start(): Promise<void>; stop(): Promise<{cpuMs: number; profiles: string[]}>};

/**
 * Meters the sync workers of zero-cache's nodes over a stretch of the bench: their CPU time from /proc, and when
 * `probeDir` is given (`--cpu-profile`), a CPU profile of each from zero-probe.mjs.
 */
export function zeroMeter(nodes: readonly Node[], probeDir: string | undefined): ZeroMeter {
  let pids: number[] = [];
  let before = 0;
  const total = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  return {
    async start() {
      pids = syncers(nodes).map(p => p.pid);
      if (probeDir) await askProbe(probeDir, pids, {profile: 'start'}, PROBE_TIMEOUT_MS);
      before = total();
    },
    async stop() {
      const cpu = total() - before;
      const answers = probeDir ? await askProbe(probeDir, pids, {profile: 'stop'}, PROBE_TIMEOUT_MS) : new Map();
      const profiles = [...answers.values()].flatMap(a => (a.cpuProfile ? [a.cpuProfile] : []));
      return {cpuMs: cpu, profiles};
    },
  };
}

const QUIET_WINDOW_MS = 500;

/**
 * Waits until zero-cache's processes together use under `share` of a core over half a second, or `maxMs`
 * has passed; returns how long it waited. A fan-out side starts on a settled zero-cache: client groups the
 * rows before it closed keep their view-syncers catching up on the change log for seconds after (its
 * "Slow SQLite query" lines), and the first side to run after them paid for it.
 */
export async function untilQuiet(nodes: readonly Node[], {share = 0.15, maxMs = 30_000} = {}): Promise<number> {
  const started = performance.now();
  for (;;) {
    const pids = nodes.flatMap(n => treeBreakdown(n.pid).map(p => p.pid));
    const total = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
    const before = total();
    await new Promise(resolve => setTimeout(resolve, QUIET_WINDOW_MS));
    const waited = performance.now() - started;
    if ((total() - before) / QUIET_WINDOW_MS < share || waited >= maxMs) return waited;
  }
}
