import {mib, type TreeMemory} from './memory.ts';
import {ms, type Summary} from './timing.ts';

/** The issue's targets. */
export const TARGETS = {aToBP95Ms: 100, coldListP95Ms: 1500};

export type BenchReport = {
  profiles: number;
  activities: number;
  samples: number;
  cores: number;
  aToB: Summary;
  roundTrip: Summary;
  pgCommit: Summary;
  pgToB: Summary;
  coldList: Summary;
  memory: Array<{label: string; memory: TreeMemory}>;
};

export const row = (name: string, s: Summary, note = '') =>
  `${name.padEnd(34)}${ms(s.p50).padStart(10)}${ms(s.p95).padStart(10)}${ms(s.max).padStart(10)}${String(s.n).padStart(5)}${note ? `  ${note}` : ''}`;

const check = (ok: boolean) => (ok ? '✓' : '✗');

/** The result table, as lines. */
export function formatReport(r: BenchReport): string[] {
  const aToBOK = r.aToB.p95 <= TARGETS.aToBP95Ms;
  const coldOK = r.coldList.p95 <= TARGETS.coldListP95Ms;
  const pss = r.memory.every(m => m.memory.pssKiB !== undefined)
    ? `PSS: ${r.memory.map(m => `${m.label} ${mib(m.memory.pssKiB ?? 0)}`).join(' · ')}`
    : undefined;
  return [
    `Kesher bench — ${r.profiles.toLocaleString('en-US')} profiles, ${r.activities.toLocaleString('en-US')} activities, ${r.samples} samples, ${r.cores} cores`,
    `${'metric'.padEnd(34)}${'p50'.padStart(10)}${'p95'.padStart(10)}${'max'.padStart(10)}${'n'.padStart(5)}`,
    row('(a) A→B visible', r.aToB),
    row('(b) mutator round trip', r.roundTrip),
    row('(c) Postgres commit (floor)', r.pgCommit),
    row('    Postgres UPDATE → B visible', r.pgToB, 'replication alone'),
    row('(d) list first complete (cold)', r.coldList),
    `RSS: ${r.memory.map(m => `${m.label} ${mib(m.memory.rssKiB)}`).join(' · ')}`,
    ...(pss ? [`${pss}  (RSS sums count shared pages once per process)`] : []),
    `targets: A→B p95 ≤ ${TARGETS.aToBP95Ms} ms ${check(aToBOK)} · list first complete p95 ≤ ${TARGETS.coldListP95Ms} ms ${check(coldOK)}`,
  ];
}
