import {describe, expect, it} from 'vitest';
import type {Result} from 'lighthouse';
import {findings, markdownTable, medianRun, rowOf, shortfalls} from '../support/lighthouse-results.ts';

/** The parts of a Lighthouse result the summary reads; scores as Lighthouse writes them (0–1). */
function lhr(scores: {performance?: number | null; accessibility?: number; bp?: number}, audits: Record<string, unknown> = {}) {
  return {
    categories: {
      performance: {score: scores.performance ?? null, auditRefs: []},
      accessibility: {
        score: scores.accessibility ?? 1,
        auditRefs: [
          {id: 'color-contrast', weight: 7},
          {id: 'label-content-name-mismatch', weight: 0},
        ],
      },
      'best-practices': {score: scores.bp ?? 1, auditRefs: [{id: 'errors-in-console', weight: 1}]},
    },
    audits: {
      'color-contrast': {score: 1, title: 'contrast'},
      'label-content-name-mismatch': {score: 1, title: 'label in name'},
      'errors-in-console': {score: 1, title: 'console'},
      ...audits,
    },
  } as unknown as Result;
}

describe('medianRun', () => {
  it('picks the run with the median performance score, whatever the order', () => {
    const runs = [lhr({performance: 0.81}), lhr({performance: 0.62}), lhr({performance: 0.9})];
    expect(medianRun(runs)).toBe(runs[0]);
  });

  it('takes the lower middle run of an even count, and a run Lighthouse could not score only as a last resort', () => {
    const runs = [lhr({performance: 0.7}), lhr({performance: null}), lhr({performance: 0.9}), lhr({performance: 0.8})];
    expect(medianRun(runs)).toBe(runs[0]);
    expect(
      medianRun([lhr({performance: 0.5}), lhr({performance: null}), lhr({performance: null})]).categories.performance!.score,
    ).toBeNull();
  });

  it('refuses no runs at all', () => {
    expect(() => medianRun([])).toThrow();
  });
});

describe('rowOf', () => {
  it('gives scores out of 100, the metrics in the table units, script bytes in kB and the installability', () => {
    const result = lhr(
      {performance: 0.756, accessibility: 1, bp: 0.96},
      {
        'first-contentful-paint': {numericValue: 1890},
        'largest-contentful-paint': {numericValue: 3912},
        'total-blocking-time': {numericValue: 475.4},
        'cumulative-layout-shift': {numericValue: 0.0399},
        'resource-summary': {
          details: {
            items: [
              {resourceType: 'total', transferSize: 9e5},
              {resourceType: 'script', transferSize: 198_340},
            ],
          },
        },
      },
    );
    expect(rowOf('/login', result, {installable: false, errors: ['no-manifest']})).toEqual({
      page: '/login',
      performance: 76,
      accessibility: 100,
      'best practices': 96,
      'FCP s': '1.9',
      'LCP s': '3.9',
      'TBT ms': '475',
      CLS: '0.040',
      'script kB': '198.3',
      installable: 'no-manifest',
    });
    const row = rowOf('/home', lhr({performance: 0.5}), {installable: true, errors: []});
    expect(row).toMatchObject({installable: 'yes', 'LCP s': '–', 'script kB': '–'});
    expect(markdownTable([row]).split('\n')[2]).toMatch(/^\| `\/home` \| 50 \| 100 \| 100 \| – \|/);
  });
});

describe('findings and shortfalls', () => {
  it('lists failed audits, weighted ones first, with the elements or messages they point at', () => {
    const result = lhr(
      {performance: 0.95, accessibility: 0.93},
      {
        'label-content-name-mismatch': {
          score: 0,
          title: 'label in name',
          details: {items: [{node: {selector: 'header > button', snippet: '<button>'}}]},
        },
        'color-contrast': {
          score: 0,
          title: 'contrast',
          details: {items: [{node: {selector: 'p.hint', snippet: '<p class="hint">'}}]},
        },
        'errors-in-console': {
          score: 0,
          title: 'console',
          details: {items: [{description: 'boom', source: {url: 'http://x/a.js'}}]},
        },
      },
    );
    expect(findings(result).map(f => [f.id, f.scored, f.where])).toEqual([
      ['color-contrast', true, ['p.hint <p class="hint">']],
      ['errors-in-console', true, ['boom @ http://x/a.js']],
      ['label-content-name-mismatch', false, ['header > button <button>']],
    ]);
    expect(shortfalls('/x', result)).toEqual(['/x: accessibility 93 (target 100)']);
  });

  it('holds each category to its target', () => {
    expect(shortfalls('/a', lhr({performance: 0.9, accessibility: 1, bp: 0.95}))).toEqual([]);
    expect(shortfalls('/b', lhr({performance: 0.89, accessibility: 0.99, bp: 0.94}))).toEqual([
      '/b: performance 89 (target ≥ 90)',
      '/b: accessibility 99 (target 100)',
      '/b: best-practices 94 (target ≥ 95)',
    ]);
    expect(shortfalls('/c', lhr({performance: null}))).toEqual(['/c: performance not measured (target ≥ 90)']);
  });
});
