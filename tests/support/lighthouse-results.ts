/**
 * What `npm run lighthouse` (tests/support/lighthouse.ts) reads out of Lighthouse's results: the median run,
 * one table row per page, the audits that cost accessibility or best-practices points, and whether issue 35's
 * targets are met. Pure, so it is tested alone (tests/unit/lighthouse-results.test.ts).
 */
import type {Result} from 'lighthouse';

/** Issue 35's targets, as Lighthouse scores (0–100). */
export const TARGETS = {performance: 90, accessibility: 100, 'best-practices': 95} as const;
export type Category = keyof typeof TARGETS;
export const CATEGORIES = Object.keys(TARGETS) as Category[];

/** A category's score as Lighthouse shows it (0–100), or null when it could not be computed. */
export const scoreOf = (lhr: Result, category: Category): number | null => {
  const score = lhr.categories[category]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
};

/**
 * The run whose performance score is the median of the runs (the lower middle one for an even count), the
 * report a page is judged by: a single run on a shared 2-core machine swings by several points. A run without a
 * performance score (Lighthouse failed to measure) sorts first, so it is picked only when most runs failed.
 */
export function medianRun<T extends Result>(runs: T[]): T {
  if (runs.length === 0) throw new Error('medianRun: no runs');
  const sorted = [...runs].sort((a, b) => (scoreOf(a, 'performance') ?? -1) - (scoreOf(b, 'performance') ?? -1));
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

export type Installability = {installable: boolean; errors: string[]};

export type Row = {
  page: string;
  performance: number | null;
  accessibility: number | null;
  'best practices': number | null;
  'FCP s': string;
  'LCP s': string;
  'TBT ms': string;
  CLS: string;
  'script kB': string;
  installable: string;
};

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue;
const fixed = (value: number | undefined, scale: number, digits: number) =>
  value === undefined ? '–' : (value / scale).toFixed(digits);

/** Bytes of script the page transferred (compressed, as sent), from Lighthouse's resource summary. */
export function scriptTransferred(lhr: Result): number | undefined {
  const details = lhr.audits['resource-summary']?.details as {items?: Array<{resourceType: string; transferSize: number}>};
  return details?.items?.find(item => item.resourceType === 'script')?.transferSize;
}

/** One page's line of the table, from its median run. */
export function rowOf(page: string, lhr: Result, installability: Installability | undefined): Row {
  return {
    page,
    performance: scoreOf(lhr, 'performance'),
    accessibility: scoreOf(lhr, 'accessibility'),
    'best practices': scoreOf(lhr, 'best-practices'),
    'FCP s': fixed(numeric(lhr, 'first-contentful-paint'), 1000, 1),
    'LCP s': fixed(numeric(lhr, 'largest-contentful-paint'), 1000, 1),
    'TBT ms': fixed(numeric(lhr, 'total-blocking-time'), 1, 0),
    CLS: fixed(numeric(lhr, 'cumulative-layout-shift'), 1, 3),
    'script kB': fixed(scriptTransferred(lhr), 1000, 1),
    installable: !installability ? '–' : installability.installable ? 'yes' : installability.errors.join(', '),
  };
}

/** The rows as a Markdown table (for docs/lighthouse.md). */
export function markdownTable(rows: Row[]): string {
  const columns = Object.keys(rows[0] ?? {}) as Array<keyof Row>;
  const cell = (value: unknown) => String(value ?? '–').replaceAll('|', '\\|');
  return [
    `| ${columns.join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    ...rows.map(row => `| ${columns.map(column => cell(column === 'page' ? `\`${row.page}\`` : row[column])).join(' | ')} |`),
  ].join('\n');
}

/** `scored` false: an audit the category shows but does not weigh (experimental ones), listed so it can be fixed. */
export type Finding = {category: Category; id: string; title: string; score: number; scored: boolean; where: string[]};

type Item = {node?: {selector?: string; snippet?: string}; source?: {url?: string}; url?: string; description?: string};

/**
 * The accessibility and best-practices audits that failed (scored below 1), weighted ones first, with where
 * each points: the element (selector and HTML) for accessibility, the message or URL for best practices.
 */
export function findings(lhr: Result): Finding[] {
  const found: Finding[] = [];
  for (const category of ['accessibility', 'best-practices'] as const) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      const items = ((audit.details as {items?: Item[]} | undefined)?.items ?? []).slice(0, 10);
      const where = items.map(item =>
        item.node
          ? `${item.node.selector ?? ''} ${item.node.snippet ?? ''}`.trim()
          : [item.description, item.source?.url ?? item.url].filter(Boolean).join(' @ '),
      );
      found.push({category, id: ref.id, title: audit.title, score: audit.score, scored: ref.weight > 0, where});
    }
  }
  return found.sort((a, b) => Number(b.scored) - Number(a.scored));
}

/** What falls short of TARGETS on this page, in words; empty when the page meets them all. */
export function shortfalls(page: string, lhr: Result): string[] {
  return CATEGORIES.flatMap(category => {
    const score = scoreOf(lhr, category);
    return score !== null && score >= TARGETS[category]
      ? []
      : [
          `${page}: ${category} ${score ?? 'not measured'} (target ${category === 'accessibility' ? '' : '≥ '}${TARGETS[category]})`,
        ];
  });
}
