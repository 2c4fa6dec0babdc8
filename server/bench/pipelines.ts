import {selfTimeBySource} from './cpu-profile.ts';
import {measureFanout, type FanoutResult} from './fanout.ts';
import {ms, summarize} from './timing.ts';
import {REAL_TAB, type Flavour, type TabPart} from './workload.ts';
import type {ZeroMeter} from './zero-cpu.ts';

/**
 * `npm run bench -- --pipelines`: what each of a tab's queries costs zero-cache in a fan-out. K tabs
 * hold the list alone, then the list with one more part, then a real tab; each edit's sync-worker CPU
 * (from /proc) and its latency to the last tab, Kesher and raw. A part's cost is its row less the
 * list's. With `--cpu-profile`, the sync worker's CPU profile over the real tabs' edits, by source file.
 */
export const COMPOSITIONS: ReadonlyArray<readonly TabPart[]> = [
  ['list'],
  ['list', 'card'],
  ['list', 'bell'],
  ['list', 'pulse'],
  REAL_TAB,
];

type Run = (flavour: Flavour, parts: readonly TabPart[], meter: ZeroMeter) => ReturnType<typeof measureFanout>;
export type PipelineRow = {k: number; parts: readonly TabPart[]; kesher: FanoutResult; raw: FanoutResult};

export async function measurePipelines(opts: {
  ks: readonly number[];
  run: (k: number) => Run;
  meter: () => ZeroMeter;
  say: (line: string) => void;
}): Promise<PipelineRow[]> {
  const rows: PipelineRow[] = [];
  for (const k of opts.ks) {
    for (const parts of COMPOSITIONS) {
      const run = opts.run(k);
      const kesher = await run('kesher', parts, opts.meter());
      const raw = await run('raw', parts, opts.meter());
      rows.push({k, parts, kesher, raw});
      opts.say(`(p) ${k} tabs with ${parts.join(' + ')}: ${cpu(kesher)} / ${cpu(raw)} ms of sync worker per edit`);
    }
  }
  return rows;
}

const cpu = (r: FanoutResult) => (r.zeroCPUPerEditMs ?? NaN).toFixed(1);
const p = (r: FanoutResult, q: 'p50' | 'p95') => (r.lastTab.length ? summarize(r.lastTab)[q] : NaN);
const x = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

/** The table: per K and composition, latency and sync-worker CPU per edit, Kesher, raw and the ratio; the profile by source. */
export function pipelineReport(rows: readonly PipelineRow[], top = 25): string[] {
  const lines = [
    `${'tabs holding'.padEnd(26)}${'K'.padStart(4)}${'Kesher p50'.padStart(12)}${'p95'.padStart(10)}${'raw p95'.padStart(10)}${'÷ p95'.padStart(7)}${'CPU/edit Kesher'.padStart(17)}${'raw'.padStart(9)}${'÷'.padStart(7)}${'Δ vs list K/raw'.padStart(18)}`,
  ];
  for (const row of rows) {
    const list = rows.find(r => r.k === row.k && r.parts.length === 1);
    const [kc, rc] = [row.kesher.zeroCPUPerEditMs ?? NaN, row.raw.zeroCPUPerEditMs ?? NaN];
    const delta =
      list && list !== row
        ? `${(kc - (list.kesher.zeroCPUPerEditMs ?? NaN)).toFixed(1)} / ${(rc - (list.raw.zeroCPUPerEditMs ?? NaN)).toFixed(1)}`
        : '';
    const failed = row.kesher.failed ?? row.raw.failed;
    lines.push(
      `${row.parts.join(' + ').padEnd(26)}${String(row.k).padStart(4)}${ms(p(row.kesher, 'p50')).padStart(12)}${ms(p(row.kesher, 'p95')).padStart(10)}${ms(p(row.raw, 'p95')).padStart(10)}${x(p(row.kesher, 'p95'), p(row.raw, 'p95')).padStart(7)}${`${kc.toFixed(1)} ms`.padStart(17)}${`${rc.toFixed(1)} ms`.padStart(9)}${x(kc, rc).padStart(7)}${delta.padStart(18)}${failed ? `  ${failed}` : ''}`,
    );
  }
  for (const row of rows.filter(r => r.kesher.profiles?.length && r.raw.profiles?.length)) {
    const samples = row.kesher.lastTab.length || 1;
    const [kesher, raw] = [selfTimeBySource(row.kesher.profiles ?? []), selfTimeBySource(row.raw.profiles ?? [])];
    const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0) / samples;
    lines.push(
      '',
      `sync worker's CPU profile, ${row.k} tabs holding ${row.parts.join(' + ')}: self time per edit by source (${sum(kesher).toFixed(1)} ms Kesher, ${sum(raw).toFixed(1)} ms raw)`,
      `${'source'.padEnd(52)}${'Kesher'.padStart(10)}${'raw'.padStart(10)}`,
    );
    const sources = [...kesher.entries()].sort((a, b) => b[1] - a[1]).slice(0, top);
    for (const [source, k] of sources) {
      lines.push(
        `${source.slice(0, 51).padEnd(52)}${ms(k / samples).padStart(10)}${ms((raw.get(source) ?? 0) / samples).padStart(10)}`,
      );
    }
  }
  return lines;
}
