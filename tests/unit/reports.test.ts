import {expect, test} from 'vitest';
import {reportFiltersOf, reportHref, reportSearchOf} from '../../app/reports/filters.ts';
import {chartMonth, sheetMonth} from '../../app/reports/labels.ts';

test('the URL’s filters are read safely: unknown views, idle counts and keys are dropped', () => {
  expect(
    reportSearchOf({
      view: 'cards',
      range: 'custom',
      from: '2026-03-01',
      until: '2026-03-31',
      community: ' bnei-brak ',
      idle: 90,
      x: 1,
    }),
  ).toEqual({
    view: 'cards',
    range: 'custom',
    from: '2026-03-01',
    until: '2026-03-31',
    community: 'bnei-brak',
    idle: 90,
  });
  expect(reportSearchOf({view: 'everything', range: 'decade', idle: 7, community: '  '})).toEqual({});
  expect(reportHref('/admin/reports', {view: 'couples', range: 'month'})).toBe('/admin/reports?view=couples&range=month');
  expect(reportHref('/admin/reports', {})).toBe('/admin/reports');
});

test('the server’s filters: the range’s window on the user’s clock, the community and the idle days', () => {
  const now = new Date(2026, 4, 15, 13, 30);
  expect(reportFiltersOf({range: 'custom', from: '2026-03-01', until: '2026-03-31', community: 'c', idle: 30}, now)).toEqual({
    from: new Date(2026, 2, 1).getTime(),
    until: new Date(2026, 3, 1).getTime(),
    community: 'c',
    idleDays: 30,
  });
  expect(reportFiltersOf({range: 'month'}, now)).toEqual({from: new Date(2026, 3, 15).getTime()});
  expect(reportFiltersOf({}, now)).toEqual({});
});

test('months: MM-YYYY in a sheet, the short name and year on a chart, in the reader’s language', () => {
  expect(sheetMonth('2026-03')).toBe('03-2026');
  expect(chartMonth('2026-03', 'en')).toBe('Mar 26');
  expect(chartMonth('2026-12', 'de')).toMatch(/^Dez\.? 26$/);
});
