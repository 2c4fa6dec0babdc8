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

export type FilterAnalysis = {
  name: string;
  /** Rows zero-cache read from its SQLite replica to answer the query (all tables). */
  readRows: number;
  /** Rows the answer synced to the client. */
  syncedRows: number;
  elapsedMs: number;
  /** The replica statements' plans with a full scan or a sort outside any index; empty = indexes served it. */
  unindexed: string[];
};

/**
 * A plan line SQLite writes when no index serves the statement: a bare `SCAN table` (no index at all)
 * or a temporary B-tree to sort the rows. `SCAN … USING INDEX` walks an index in order (the list's sort)
 * and is what a Take over an ordered index should do; `SCAN json_each VIRTUAL TABLE` is the value list
 * of an `IN` (zqlite binds it as JSON), not a table.
 */
const unindexedLine = (line: string) => /TEMP B-TREE/.test(line) || (/\bSCAN\b/.test(line) && !/USING|VIRTUAL TABLE/.test(line));

/** Runs Zero's analyser (the inspector's analyzeNamedQuery, on zero-cache itself, with this client's permissions) per example filter set. */
export async function analyseFilters(
  zero: BenchZero,
  adminPassword: string,
  examples: Record<string, FilterSet> = FILTER_EXAMPLES,
): Promise<FilterAnalysis[]> {
  if (!(await withTimeout(zero.inspector.authenticate(adminPassword), 30_000, 'the inspector to authenticate'))) {
    throw new Error("zero-cache's inspector refused the admin password");
  }
  const results: FilterAnalysis[] = [];
  for (const [name, filters] of Object.entries(examples)) {
    const result: AnalyzeQueryResult = await withTimeout(
      zero.inspector.analyzeNamedQuery('candidates.list', [{filters, limit: LIMIT}]),
      120_000,
      `the analysis of ${name}`,
    );
    const plans = Object.values(result.sqlitePlans ?? {}).flat();
    results.push({
      name,
      readRows: result.readRowCount ?? 0,
      syncedRows: result.syncedRowCount,
      elapsedMs: result.elapsed ?? result.end - result.start,
      unindexed: [...new Set(plans.filter(unindexedLine))],
    });
  }
  return results;
}

export function analysisReport(rows: FilterAnalysis[]): string[] {
  const head = `${'filter set'.padEnd(28)}${'read'.padStart(9)}${'synced'.padStart(8)}${'ms'.padStart(9)}  index`;
  return [
    'Zero analyser — candidates.list (limit 100) per example filter set (server/bench/filter-examples.ts)',
    head,
    ...rows.map(
      r =>
        `${r.name.padEnd(28)}${String(r.readRows).padStart(9)}${String(r.syncedRows).padStart(8)}${r.elapsedMs.toFixed(1).padStart(9)}  ${
          r.unindexed.length ? `no: ${r.unindexed.join(' | ')}` : 'yes'
        }`,
    ),
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
