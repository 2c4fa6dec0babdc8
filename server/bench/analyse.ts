import type {AnalyzeQueryResult} from '@rocicorp/zero';
import type {AuthContext} from '../../permissions/context.ts';
import {countQuery} from '../candidates/count.ts';
import type {Sql} from '../db/sql.ts';
import type {BenchZero} from './clients.ts';
import {FILTER_EXAMPLES} from './filter-examples.ts';
import {withTimeout} from './timing.ts';
import type {FilterSet} from '../../app/tables/saved-searches.ts';

/** The list page's first window. */
const LIMIT = 100;

/** Each query is analysed this many times, Kesher's and raw's in turn: the median's time is reported. */
const ROUNDS = 5;

/** One query's analysis: the rows zero-cache read from its SQLite replica (all tables), synced, and the median time. */
export type Analysis = {readRows: number; syncedRows: number; elapsedMs: number};

export type FilterAnalysis = {
  name: string;
  kesher: Analysis;
  /** bench.rawList on the same filter set: the engine's floor (server/zero/raw-queries.ts). */
  raw: Analysis;
  /** Kesher's replica statements' plans with a full scan or a sort outside any index; empty = indexes served it. */
  unindexed: string[];
};

/**
 * A plan line SQLite writes when no index serves the statement: a bare `SCAN table` (no index at all)
 * or a temporary B-tree to sort the rows. `SCAN … USING INDEX` walks an index in order (the list's sort)
 * and is what a Take over an ordered index should do; `SCAN json_each VIRTUAL TABLE` is the value list
 * of an `IN` (zqlite binds it as JSON), not a table.
 */
const unindexedLine = (line: string) => /TEMP B-TREE/.test(line) || (/\bSCAN\b/.test(line) && !/USING|VIRTUAL TABLE/.test(line));

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? NaN;

/**
 * Runs Zero's analyser (the inspector's analyzeNamedQuery, on zero-cache itself, with this client's
 * permissions) per example filter set, on candidates.list and on raw's list: a hydration's cost with no
 * network and no client in it, which the latency rows cannot separate from the machine's noise.
 */
export async function analyseFilters(
  zero: BenchZero,
  adminPassword: string,
  examples: Record<string, FilterSet> = FILTER_EXAMPLES,
): Promise<FilterAnalysis[]> {
  if (!(await withTimeout(zero.inspector.authenticate(adminPassword), 30_000, 'the inspector to authenticate'))) {
    throw new Error("zero-cache's inspector refused the admin password");
  }
  const analyse = (query: string, name: string, filters: FilterSet): Promise<AnalyzeQueryResult> =>
    withTimeout(zero.inspector.analyzeNamedQuery(query, [{filters, limit: LIMIT}]), 120_000, `the analysis of ${name}`);
  const results: FilterAnalysis[] = [];
  for (const [name, filters] of Object.entries(examples)) {
    const runs: {kesher: AnalyzeQueryResult[]; raw: AnalyzeQueryResult[]} = {kesher: [], raw: []};
    for (let round = 0; round < ROUNDS; round++) {
      runs.kesher.push(await analyse('candidates.list', name, filters));
      runs.raw.push(await analyse('bench.rawList', name, filters));
    }
    const summary = (rs: AnalyzeQueryResult[]): Analysis => ({
      readRows: rs[0]?.readRowCount ?? 0,
      syncedRows: rs[0]?.syncedRowCount ?? 0,
      elapsedMs: median(rs.map(r => r.elapsed ?? r.end - r.start)),
    });
    const plans = Object.values(runs.kesher[0]?.sqlitePlans ?? {}).flat();
    results.push({
      name,
      kesher: summary(runs.kesher),
      raw: summary(runs.raw),
      unindexed: [...new Set(plans.filter(unindexedLine))],
    });
  }
  return results;
}

export function analysisReport(rows: FilterAnalysis[]): string[] {
  const num = (n: number, width: number) => String(n).padStart(width);
  const head = `${'filter set'.padEnd(28)}${'read'.padStart(9)}${'raw'.padStart(8)}${'synced'.padStart(8)}${'raw'.padStart(6)}${'ms'.padStart(9)}${'raw'.padStart(8)}${'÷'.padStart(7)}  index`;
  const ratios = rows.map(r => r.kesher.elapsedMs / r.raw.elapsedMs);
  return [
    `Zero analyser — candidates.list and raw's list (limit 100) per filter set, median of ${ROUNDS} (server/bench/filter-examples.ts; bench*: the latency rows' searches)`,
    head,
    ...rows.map(
      (r, i) =>
        `${r.name.padEnd(28)}${num(r.kesher.readRows, 9)}${num(r.raw.readRows, 8)}${num(r.kesher.syncedRows, 8)}${num(r.raw.syncedRows, 6)}${r.kesher.elapsedMs
          .toFixed(1)
          .padStart(9)}${r.raw.elapsedMs.toFixed(1).padStart(8)}${`${(ratios[i] ?? NaN).toFixed(2)}×`.padStart(7)}  ${
          r.unindexed.length ? `no: ${r.unindexed.join(' | ')}` : 'yes'
        }`,
    ),
    `median ÷ over the filter sets: ${median(ratios).toFixed(2)}×`,
  ];
}

export type CountPlan = {name: string; count: number; ms: number; indexes: string[]; seqScans: string[]};

/**
 * The Postgres side of the same filter sets: EXPLAIN ANALYZE of the REST count (server/candidates/count.ts)
 * each runs for this user, with the indexes it used and any table it read whole. An unselective filter
 * (a gender, a half of all cards) is rightly answered by a sequential scan; a selective one never.
 */
export async function explainCounts(
  sql: Sql,
  ctx: AuthContext,
  examples: Record<string, FilterSet> = FILTER_EXAMPLES,
): Promise<CountPlan[]> {
  const plans: CountPlan[] = [];
  for (const [name, filters] of Object.entries(examples)) {
    const count = (await countQuery(sql, ctx, filters))[0]?.count ?? NaN;
    const lines = (await sql`EXPLAIN ANALYZE ${countQuery(sql, ctx, filters)}`).map(r => r['QUERY PLAN'] as string);
    const all = (re: RegExp) => [
      ...new Set(lines.flatMap(l => [...l.matchAll(re)].map(m => m.slice(1).find(Boolean) as string))),
    ];
    plans.push({
      name,
      count,
      ms: Number(lines.join('\n').match(/Execution Time: ([\d.]+) ms/)?.[1] ?? NaN),
      indexes: all(/Index (?:Only )?Scan (?:Backward )?using (\w+)|Bitmap Index Scan on (\w+)/g),
      seqScans: all(/Seq Scan on (\w+)/g),
    });
  }
  return plans;
}

export function countPlanReport(rows: CountPlan[]): string[] {
  return [
    'Postgres — EXPLAIN ANALYZE of POST /api/candidates/count per example filter set',
    `${'filter set'.padEnd(28)}${'count'.padStart(8)}${'ms'.padStart(9)}  plan`,
    ...rows.map(
      r =>
        `${r.name.padEnd(28)}${String(r.count).padStart(8)}${r.ms.toFixed(1).padStart(9)}  ${[
          ...(r.indexes.length ? [`indexes ${r.indexes.join(', ')}`] : []),
          ...(r.seqScans.length ? [`seq scan ${r.seqScans.join(', ')}`] : []),
        ].join(' · ')}`,
    ),
  ];
}
