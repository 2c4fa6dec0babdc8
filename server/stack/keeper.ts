import type {ChildProcess} from 'node:child_process';
import {killTagged} from './process-tag.ts';
import {STATUS_EVENTS_KEPT, writeStackStatus, type StackEvent, type StackProcess} from './status-file.ts';
import {logLine, signalGroup, type Label} from './supervisor.ts';

/**
 * Keeps the stack's children running: a child that exits on its own is restarted after a growing pause
 * while the others go on, and the stack gives up (loudly) only when one child keeps crashing. Its
 * clients reconnect by themselves: browsers to zero-cache, zero-cache and the API to Postgres.
 */

/**
 * A running child as the keeper sees it: its process (group leader), the tag its descendants carry
 * (process-tag.ts; Postgres's backends end by themselves when the postmaster dies) and how to stop it.
 */
export type Kept = {child: ChildProcess; tag?: string; stop(): Promise<void>};

export type CrashPolicy = {
  /** Crashes are counted over this window… */
  windowMs: number;
  /** …and this many of one child within it ends the stack. */
  maxCrashes: number;
  /** The pause before the first restart, doubled for each further crash in the window. */
  firstDelayMs: number;
  maxDelayMs: number;
};

/**
 * A crash is restarted within a second (the chaos test wants every part serving again within 15 s),
 * and a Postgres outage of a minute or more (during which zero-cache cannot start) still leaves room
 * before the stack gives up; under systemd the whole stack is then started again.
 */
export const CRASH_POLICY: CrashPolicy = {windowMs: 5 * 60_000, maxCrashes: 10, firstDelayMs: 500, maxDelayMs: 15_000};

/** The pause before restarting after the latest of `crashes` (times), or 'give-up'. */
export function restartDelay(crashes: number[], now: number, policy: CrashPolicy = CRASH_POLICY): number | 'give-up' {
  const recent = crashes.filter(at => now - at < policy.windowMs).length;
  if (recent >= policy.maxCrashes) return 'give-up';
  return Math.min(policy.firstDelayMs * 2 ** Math.max(0, recent - 1), policy.maxDelayMs);
}

type Entry = {
  name: string;
  label: Label;
  start: () => Promise<Kept>;
  current?: Kept;
  startedAt: number;
  crashes: number[];
  restarts: number;
};

export type Keeper = ReturnType<typeof createKeeper>;

export function createKeeper(opts: {
  /** Where the status file goes (the stack's data folder). */
  dataDir: string;
  /** A child crashed too often: the stack must stop. */
  onGiveUp(why: string): void;
  policy?: CrashPolicy;
}) {
  const entries: Entry[] = [];
  const events: StackEvent[] = [];
  const startedAt = Date.now();
  let stopping = false;
  let wake = () => {};

  const publish = () => {
    const processes: StackProcess[] = entries.flatMap(e =>
      e.current?.child.pid ? [{label: e.name, pid: e.current.child.pid, startedAt: e.startedAt, restarts: e.restarts}] : [],
    );
    try {
      writeStackStatus(opts.dataDir, {updatedAt: Date.now(), startedAt, processes, events});
    } catch (error) {
      logLine('start', `cannot write the status file: ${(error as Error).message}`, process.stderr);
    }
  };
  const record = (entry: Entry, event: StackEvent['event'], detail: string) => {
    events.push({at: Date.now(), label: entry.name, event, detail});
    events.splice(0, Math.max(0, events.length - STATUS_EVENTS_KEPT));
    publish();
  };

  const pause = (ms: number) =>
    new Promise<void>(resolve => {
      const timer = setTimeout(resolve, ms);
      const previous = wake;
      wake = () => {
        clearTimeout(timer);
        previous();
        resolve();
      };
    });

  const watchExit = (entry: Entry, kept: Kept) => {
    kept.child.once('exit', (code, signal) => {
      if (stopping || entry.current !== kept) return;
      void recover(entry, signal ? `signal ${signal}` : `exit code ${code}`);
    });
  };

  /** Restarts a child that exited on its own, until it serves again, the stack stops, or it gives up. */
  async function recover(entry: Entry, why: string) {
    // Whatever it left behind (zero-cache's workers, Vite's esbuild) goes with it.
    if (entry.current) {
      signalGroup(entry.current.child, 'SIGKILL');
      if (entry.current.tag) killTagged(entry.current.tag);
    }
    entry.current = undefined;
    const crashedAt = Date.now();
    for (let reason = why; !stopping;) {
      entry.crashes.push(Date.now());
      const delay = restartDelay(entry.crashes, Date.now(), opts.policy);
      if (delay === 'give-up') {
        const policy = opts.policy ?? CRASH_POLICY;
        const detail = `${entry.name} crashed ${policy.maxCrashes} times within ${policy.windowMs / 60_000} min (last: ${reason}); giving up`;
        logLine(entry.label, detail, process.stderr);
        record(entry, 'gave-up', reason);
        opts.onGiveUp(detail);
        return;
      }
      logLine(
        entry.label,
        `${entry.name} stopped unexpectedly (${reason}); restarting in ${(delay / 1000).toFixed(1)} s`,
        process.stderr,
      );
      record(entry, 'crashed', reason);
      await pause(delay);
      if (stopping) return;
      try {
        const kept = await entry.start();
        entry.current = kept;
        entry.startedAt = Date.now();
        entry.restarts += 1;
        if (stopping) return void (await kept.stop());
        watchExit(entry, kept);
        const after = ((Date.now() - crashedAt) / 1000).toFixed(1);
        logLine(entry.label, `${entry.name} is running again (pid ${kept.child.pid}), ${after} s after it stopped`);
        record(entry, 'restarted', `pid ${kept.child.pid}`);
        return;
      } catch (error) {
        reason = (error as Error).message;
      }
    }
  }

  return {
    /** Starts a child (resolving once it serves) and keeps it running from then on. */
    async keep(name: string, label: Label, start: () => Promise<Kept>) {
      const entry: Entry = {name, label, start, startedAt: Date.now(), crashes: [], restarts: 0};
      entries.push(entry);
      try {
        entry.current = await start();
      } catch (error) {
        entries.splice(entries.indexOf(entry), 1);
        throw error;
      }
      entry.startedAt = Date.now();
      watchExit(entry, entry.current);
      publish();
    },
    /** Stops a child and starts it again on purpose (development: its code changed); a failed start is a crash. */
    async restart(name: string, why: string) {
      const entry = entries.find(e => e.name === name);
      if (!entry?.current || stopping) return;
      const old = entry.current;
      entry.current = undefined; // its exit is not a crash
      logLine(entry.label, `${why}: restarting ${name}`);
      await old.stop();
      if (stopping) return;
      try {
        entry.current = await entry.start();
        entry.startedAt = Date.now();
        watchExit(entry, entry.current);
        publish();
      } catch (error) {
        void recover(entry, (error as Error).message);
      }
    },
    /** The top-level process of each part now (a restart gives a new pid). */
    processes: () => entries.flatMap(e => (e.current?.child.pid ? [{label: e.name, pid: e.current.child.pid}] : [])),
    /** Stops every child in reverse start order (Postgres last) and restarts nothing from then on. */
    async stopAll() {
      if (stopping) return;
      stopping = true;
      wake();
      for (const entry of [...entries].reverse()) {
        if (!entry.current) continue;
        logLine('start', `stopping ${entry.name}…`);
        await entry.current.stop();
        // A worker that outlived its stopped parent (they have process groups of their own) goes too.
        if (entry.current.tag) killTagged(entry.current.tag);
      }
    },
  };
}
