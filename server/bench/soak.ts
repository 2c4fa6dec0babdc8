import {connectionNote, materialize, openClient, untilComplete, type BenchUser, type BenchZero, type View} from './clients.ts';
import {treeBreakdown} from './memory.ts';
import {askProbe} from './probe.ts';
import {isZeroCache} from './report.ts';
import {sleep, withTimeout} from './timing.ts';
import {tabQueries} from './workload.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * `npm run bench -- --soak`: does zero-cache give back what a closed client group held? Rounds of K
 * new client groups (each a Zero client of its own, signed in as a staff user, holding what a real tab
 * holds: a filtered list, a card and the bell), opened together, synced, closed together; then a pause
 * past zero-cache's keepalive (a view-syncer shuts 5 s after its last client) and a sample of every
 * zero-cache process: RSS, its anonymous part (native and JS memory, not the mapped files) and, through
 * server/zero/zero-probe.mjs, V8's heap after a full collection. The slope over the rounds after the
 * warm-up, in MiB per 100 client groups, says whether a process levels off.
 */
export type SoakOptions = {
  /** Run rounds until this much time has passed (a round started is finished). */
  minutes: number;
  /** Client groups per round. */
  round: number;
  /** At most this many rounds (besides the time). */
  maxRounds: number;
  /** Rounds left out of the slope. */
  warmup: number;
  /** Heap snapshots of the sync worker(s) after the warm-up and after the last round. */
  snapshots: boolean;
};

/** A view-syncer shuts a client group down 5 s after its last client (view-syncer.js DEFAULT_KEEPALIVE_MS), then flushes and closes. */
const SETTLE_MS = 8_000;
const OPEN_TIMEOUT_MS = 120_000;
const PROBE_TIMEOUT_MS = 30_000;
const LIST_LIMIT = 100;
const FILTERS: FilterSet[] = [{gender: 'female'}, {gender: 'male'}];

/** One process of zero-cache in one sample. */
export type ProcessSample = {name: string; pid: number; rssKiB: number; anonKiB: number; heapKiB?: number};
export type SoakSample = {round: number; groups: number; atMs: number; openMs: number; stuck: number; processes: ProcessSample[]};

export async function runSoak(opts: {
  options: SoakOptions;
  syncURL: (i: number) => string;
  users: readonly BenchUser[];
  cardIDs: readonly string[];
  tag: string;
  open: Set<BenchZero>;
  zeroNodes: ReadonlyArray<{label: string; pid: number}>;
  probeDir: string;
  say: (line: string) => void;
}): Promise<string[]> {
  const {options, say} = opts;
  const nodes = opts.zeroNodes.filter(p => isZeroCache(p.label));
  const sample = (round: number, groups: number, openMs: number, stuck: number, snapshot = false) =>
    sampleZero(nodes, opts.probeDir, snapshot).then((processes): SoakSample => ({
      round,
      groups,
      atMs: performance.now() - start,
      openMs,
      stuck,
      processes,
    }));
  const start = performance.now();
  const samples: SoakSample[] = [await sample(0, 0, 0, 0)];
  const columns = samples[0]?.processes.map(p => p.name) ?? [];
  const lines = [tableHeader(columns)];
  const print = (s: SoakSample) => {
    const line = tableRow(s, columns);
    lines.push(line);
    console.log(line);
  };
  console.log(lines[0]);
  print(samples[0] as SoakSample);

  let groups = 0;
  for (let round = 1; round <= options.maxRounds && performance.now() - start < options.minutes * 60_000; round++) {
    const opened = performance.now();
    const tabs = openRound(opts, round);
    const stuck = await untilSynced(tabs);
    const openMs = performance.now() - opened;
    await closeRound(tabs, opts.open);
    groups += tabs.length;
    await sleep(SETTLE_MS);
    const snapshot = options.snapshots && round === options.warmup;
    const s = await sample(round, groups, openMs, stuck, snapshot);
    samples.push(s);
    print(s);
  }
  if (options.snapshots) {
    await sampleZero(nodes, opts.probeDir, true);
    say(`heap snapshots of the sync worker(s) in ${opts.probeDir}`);
  }
  return [...lines, '', ...slopeReport(samples, columns, options.warmup)];
}

type Tab = {zero: BenchZero; views: View[]};

function openRound(opts: Parameters<typeof runSoak>[0], round: number): Tab[] {
  const tabs: Tab[] = [];
  for (let i = 0; i < opts.options.round; i++) {
    const user = opts.users[i % opts.users.length] as BenchUser;
    // Every node holds both users' groups (as the fan-out's tabs, fanout.ts).
    const zero = openClient(opts.syncURL(Math.floor(i / opts.users.length)), user, `bench-soak-${opts.tag}-${round}-${i}`);
    opts.open.add(zero);
    const q = tabQueries('kesher', {
      filters: FILTERS[i % FILTERS.length] as FilterSet,
      limit: LIST_LIMIT,
      cardID: opts.cardIDs[i % opts.cardIDs.length] as string,
      userID: user.userID,
    });
    tabs.push({zero, views: [materialize(zero, q.list), materialize(zero, q.card), materialize(zero, q.bell)]});
  }
  return tabs;
}

/** Waits until every tab's queries are complete; returns how many tabs never were (they are closed all the same). */
async function untilSynced(tabs: readonly Tab[]): Promise<number> {
  const results = await Promise.allSettled(
    tabs.map(t => Promise.all(t.views.map(v => untilComplete(v, OPEN_TIMEOUT_MS, 'a soak tab’s queries')))),
  );
  const stuck = tabs.filter((_, i) => results[i]?.status === 'rejected');
  for (const t of stuck.slice(0, 3)) console.log(`[bench] soak: stuck ${await connectionNote(t.zero)}`);
  return stuck.length;
}

async function closeRound(tabs: readonly Tab[], open: Set<BenchZero>) {
  for (const t of tabs) for (const v of t.views) v.destroy();
  await Promise.all(tabs.map(t => withTimeout(t.zero.close(), 10_000, 'a soak tab to close').catch(() => {})));
  for (const t of tabs) open.delete(t.zero);
}

/**
 * Every zero-cache process's memory: RSS and RssAnon from /proc, and the V8 heap after a full
 * collection from those that run the probe (zero-probe.mjs). Names are the script a process runs,
 * prefixed by its node's label when the stack runs several zero-caches.
 */
async function sampleZero(
  nodes: ReadonlyArray<{label: string; pid: number}>,
  probeDir: string,
  snapshot: boolean,
): Promise<ProcessSample[]> {
  const processes = nodes.flatMap(node =>
    treeBreakdown(node.pid).map(p => ({...p, name: nodes.length > 1 ? `${node.label}:${p.script}` : p.script})),
  );
  const answers = await askProbe(
    probeDir,
    processes.map(p => p.pid),
    {gc: true, snapshot},
    snapshot ? 5 * PROBE_TIMEOUT_MS : PROBE_TIMEOUT_MS,
  );
  return processes
    .map(p => {
      const heap = answers.get(p.pid)?.memory.heapUsed;
      return {
        name: p.name,
        pid: p.pid,
        rssKiB: p.rssKiB,
        anonKiB: p.anonKiB,
        heapKiB: heap === undefined ? undefined : heap / 1024,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

const MiB = (kib: number | undefined) => (kib === undefined ? '—' : String(Math.round(kib / 1024)));

function tableHeader(columns: readonly string[]): string {
  return [
    'round'.padStart(5),
    'groups'.padStart(7),
    'min'.padStart(5),
    'open s'.padStart(7),
    'stuck'.padStart(5),
    ...columns.map(c => `${c} RSS/anon/heap MiB`.padStart(Math.max(24, c.length + 18))),
  ].join(' ');
}

function tableRow(s: SoakSample, columns: readonly string[]): string {
  return [
    String(s.round).padStart(5),
    String(s.groups).padStart(7),
    (s.atMs / 60_000).toFixed(1).padStart(5),
    (s.openMs / 1000).toFixed(1).padStart(7),
    String(s.stuck).padStart(5),
    ...columns.map(c => {
      const p = s.processes.find(x => x.name === c);
      const cell = p ? `${MiB(p.rssKiB)}/${MiB(p.anonKiB)}/${MiB(p.heapKiB)}` : '—';
      return cell.padStart(Math.max(24, c.length + 18));
    }),
  ].join(' ');
}

/** Least-squares slope of y over x. */
export function slope(points: ReadonlyArray<readonly [number, number]>): number {
  const n = points.length;
  if (n < 2) return NaN;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const sxx = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  const sxy = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  return sxx === 0 ? NaN : sxy / sxx;
}

/** The target: the sync worker levels off, under 5 MiB per 100 client groups after the warm-up. */
export const SOAK_SLOPE_TARGET = 5;

function slopeReport(samples: readonly SoakSample[], columns: readonly string[], warmup: number): string[] {
  const after = samples.filter(s => s.round >= warmup);
  const groups = samples.at(-1)?.groups ?? 0;
  const minutes = ((samples.at(-1)?.atMs ?? 0) / 60_000).toFixed(1);
  const lines = [
    `${groups.toLocaleString('en-US')} client groups in ${samples.length - 1} rounds, ${minutes} min; slope over rounds ${warmup}–${samples.length - 1} (after the warm-up), MiB per 100 client groups:`,
  ];
  if (after.length < 2) return [...lines, '  (too few rounds after the warm-up for a slope)'];
  for (const c of columns) {
    const per100 = (pick: (p: ProcessSample) => number | undefined) => {
      const pts = after.flatMap(s => {
        const v = s.processes.find(p => p.name === c);
        const y = v && pick(v);
        return y === undefined ? [] : [[s.groups, y / 1024] as const];
      });
      const k = slope(pts) * 100;
      return Number.isNaN(k) ? '—' : `${k >= 0 ? '+' : ''}${k.toFixed(2)}`;
    };
    const rss = per100(p => p.rssKiB);
    const target = c.endsWith('syncer')
      ? `  (target < ${SOAK_SLOPE_TARGET}: ${Number(rss) < SOAK_SLOPE_TARGET ? '✓' : '✗'})`
      : '';
    lines.push(
      `  ${c.padEnd(28)} RSS ${rss.padStart(7)} · anon ${per100(p => p.anonKiB).padStart(7)} · heap ${per100(p => p.heapKiB).padStart(7)}${target}`,
    );
  }
  return lines;
}
