import type {AnalyzeQueryResult} from '@rocicorp/zero';
import type {FilterSet} from '../../app/candidates/search/filters.ts';
import type {BenchZero} from './clients.ts';
import {FILTER_EXAMPLES} from './filter-examples.ts';
import {withTimeout} from './timing.ts';

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
