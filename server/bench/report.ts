import {mib, type TreeMemory} from './memory.ts';
import {ms, summarize, type Summary} from './timing.ts';
import type {FanoutResult} from './fanout.ts';
import type {Pair} from './workload.ts';

/** The issue's targets (issue 14 §6; the A→B and cold-list p95 ones from issue 12). */
export const TARGETS = {
  aToBP95Ms: 100,
  fanoutP95Ratio: 1.2,
  filteredFirstPageP50Ms: 300,
  refineP50Ms: 50,
  coldListP50Ms: 150,
  zeroRSSMiB: 1.2 * 1024,
};

export type BenchReport = {
  profiles: number;
  activities: number;
  samples: number;
  cores: number;
  /** B was a chosen viewer of a card (--chosen-viewer). */
  chosenViewer: boolean;
  startup: {seedMs?: number; syncMs?: number};
  aToB: Pair;
  roundTrip: number[];
  pgCommit: number[];
  pgToB: Pair;
  coldList: Pair;
  fanout: Array<{kesher: FanoutResult; raw: FanoutResult}>;
  firstPage: Pair;
  refine: Pair;
  /** Search samples whose page never completed (20 s). */
  searchTimedOut: number;
  savedCount: Pair;
  memory: Array<{label: string; memory: TreeMemory}>;
  /** Every zero-cache node before the fan-out rows (a handful of clients open). */
  zeroBeforeFanout: Array<{label: string; memory: TreeMemory}>;
  /** RSS of each process of every zero-cache node, largest first. */
  zeroProcesses: Array<{label: string; processes: Array<{script: string; rssKiB: number}>}>;
};

/** The stack's labels of zero-cache nodes: one 'zero', or a 'replication manager' and 'view-syncer N's. */
export const isZeroCache = (label: string) =>
  label === 'zero' || label === 'replication manager' || label.startsWith('view-syncer');

const NAME = 40;
/** A summary that survives a row with no samples (every one timed out): it prints NaN, not a crash. */
const summary = (xs: readonly number[]): Summary => (xs.length ? summarize(xs) : {n: 0, p50: NaN, p95: NaN, max: NaN});
const header = () =>
  `${'metric'.padEnd(NAME)}${'Kesher p50'.padStart(11)}${'p95'.padStart(10)}${'raw p50'.padStart(10)}${'p95'.padStart(10)}${'÷ p50'.padStart(7)}${'÷ p95'.padStart(7)}${'n'.padStart(4)}`;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`.padStart(7);

/** One row: Kesher, and where a raw floor exists, raw and Kesher ÷ raw. */
function line(name: string, kesher: Summary, raw?: Summary, note = '') {
  const rawCells = raw
    ? `${ms(raw.p50).padStart(10)}${ms(raw.p95).padStart(10)}${ratio(kesher.p50, raw.p50)}${ratio(kesher.p95, raw.p95)}`
    : `${'—'.padStart(10)}${'—'.padStart(10)}${''.padStart(14)}`;
  return `${name.padEnd(NAME)}${ms(kesher.p50).padStart(11)}${ms(kesher.p95).padStart(10)}${rawCells}${String(kesher.n).padStart(4)}${note ? `  ${note}` : ''}`;
}
/** A row with no raw counterpart (the phone sidecar's). */
export const row = (name: string, s: Summary, note = '') => line(name, s, undefined, note);
const pairLine = (name: string, p: Pair, note = '') => line(name, summary(p.kesher), summary(p.raw), note);

const check = (ok: boolean) => (ok ? '✓' : '✗');
const seconds = (v?: number) => (v === undefined ? 'n/a (kept data)' : `${(v / 1000).toFixed(1)} s`);

/** The result table, as lines. */
export function formatReport(r: BenchReport): string[] {
  const s = (p: Pair) => ({kesher: summary(p.kesher), raw: summary(p.raw)});
  const aToB = s(r.aToB);
  const cold = s(r.coldList);
  const first = s(r.firstPage);
  const refine = s(r.refine);
  // Multi-node: every zero-cache node (the replication manager, each view-syncer) against the target.
  const zeroNodes = r.memory.filter(m => isZeroCache(m.label));
  const zeroMiB = zeroNodes.length ? Math.max(...zeroNodes.map(m => m.memory.rssKiB / 1024)) : NaN;
  const fanoutOK = r.fanout.every(f => summary(f.kesher.lastTab).p95 <= TARGETS.fanoutP95Ratio * summary(f.raw.lastTab).p95);
  const pss = r.memory.every(m => m.memory.pssKiB !== undefined)
    ? `PSS: ${r.memory.map(m => `${m.label} ${mib(m.memory.pssKiB ?? 0)}`).join(' · ')}`
    : undefined;
  return [
    `Kesher bench — ${r.profiles.toLocaleString('en-US')} profiles, ${r.activities.toLocaleString('en-US')} activities, ${r.samples} samples, ${r.cores} cores${r.chosenViewer ? ', B a chosen viewer' : ''}`,
    `seed ${seconds(r.startup.seedMs)} · zero-cache start incl. the replica's initial sync ${seconds(r.startup.syncMs)}`,
    header(),
    pairLine('(a) edit → other user’s list', r.aToB),
    line('(b) mutator round trip', summarize(r.roundTrip)),
    line('(c) Postgres commit (floor)', summarize(r.pgCommit)),
    pairLine('    Postgres UPDATE → other’s list', r.pgToB, 'replication alone'),
    pairLine('(d) list first complete (cold)', r.coldList),
    ...r.fanout.map(f =>
      line(
        `(f) fan-out: edit → last of ${f.kesher.k} tabs`,
        summary(f.kesher.lastTab),
        summary(f.raw.lastTab),
        [f.kesher, f.raw].find(x => x.failed)?.failed ??
          `bench CPU ${Math.round(f.kesher.benchCPU * 100)} % / ${Math.round(f.raw.benchCPU * 100)} % of a core`,
      ),
    ),
    pairLine(
      '(s1) filtered first page (cold)',
      r.firstPage,
      r.searchTimedOut ? `${r.searchTimedOut} samples timed out (20 s)` : '',
    ),
    pairLine('(s2) refine: one more chip', r.refine),
    pairLine('(s3) saved search count after edit', r.savedCount, 'raw: the pulse alone'),
    `RSS: ${r.memory.map(m => `${m.label} ${mib(m.memory.rssKiB)}`).join(' · ')}`,
    ...(pss ? [`${pss}  (RSS sums count shared pages once per process)`] : []),
    `  before the fan-out (a handful of clients): ${r.zeroBeforeFanout.map(m => `${m.label} RSS ${mib(m.memory.rssKiB)}, PSS ${mib(m.memory.pssKiB ?? 0)}`).join(' · ')}`,
    ...r.zeroProcesses.map(
      z => `  ${z.label} after the fan-out: ${z.processes.map(p => `${p.script} ${mib(p.rssKiB)}`).join(' · ')}`,
    ),
    `targets: A→B p95 ≤ ${TARGETS.aToBP95Ms} ms ${check(aToB.kesher.p95 <= TARGETS.aToBP95Ms)}` +
      ` · fan-out p95 ≤ ${TARGETS.fanoutP95Ratio}× raw ${check(fanoutOK)}` +
      ` · filtered first page p50 ≤ ${TARGETS.filteredFirstPageP50Ms} ms ${check(first.kesher.p50 <= TARGETS.filteredFirstPageP50Ms)}` +
      ` · refine p50 ≤ ${TARGETS.refineP50Ms} ms ${check(refine.kesher.p50 <= TARGETS.refineP50Ms)}` +
      ` · cold list p50 ≤ ${TARGETS.coldListP50Ms} ms ${check(cold.kesher.p50 <= TARGETS.coldListP50Ms)}` +
      ` · zero-cache RSS ≤ 1.2 GB${zeroNodes.length > 1 ? ' (each node)' : ''} ${check(zeroMiB <= TARGETS.zeroRSSMiB)}`,
  ];
}
