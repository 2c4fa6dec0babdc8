import {describe, expect, test} from 'vitest';
import {filtersOf, listArgsOf} from '../../app/activities/list-filters.ts';
import {newActivitySearchOf} from '../../app/activities/paths.ts';
import {rangeBounds} from '../../app/lib/date-ranges.ts';
import {definedOnly, flagOf, oneOf, textOf} from '../../app/lib/search-params.ts';

const at = (...parts: [number, number, number]) => new Date(...parts).getTime();

describe('date ranges (spec §9) on the user’s clock', () => {
  const now = new Date(2026, 3, 10, 15, 30); // 10 April 2026, mid-afternoon

  test('since today, a month back, a year back: from local midnight, open-ended', () => {
    expect(rangeBounds({range: 'today'}, now)).toEqual({from: at(2026, 3, 10)});
    expect(rangeBounds({range: 'month'}, now)).toEqual({from: at(2026, 2, 10)});
    expect(rangeBounds({range: 'year'}, now)).toEqual({from: at(2025, 3, 10)});
    expect(rangeBounds({}, now)).toEqual({});
  });

  test('a month back from a day the earlier month lacks is that month’s last day', () => {
    expect(rangeBounds({range: 'month'}, new Date(2026, 2, 31))).toEqual({from: at(2026, 1, 28)});
    expect(rangeBounds({range: 'month'}, new Date(2028, 2, 31))).toEqual({from: at(2028, 1, 29)});
    expect(rangeBounds({range: 'month'}, new Date(2026, 0, 15))).toEqual({from: at(2025, 11, 15)});
    expect(rangeBounds({range: 'year'}, new Date(2028, 1, 29))).toEqual({from: at(2027, 1, 28)});
  });

  test('custom: from the first day’s start to the end of the last, each side optional', () => {
    expect(rangeBounds({range: 'custom', from: '2026-03-01', until: '2026-03-31'}, now)).toEqual({
      from: at(2026, 2, 1),
      until: at(2026, 3, 1),
    });
    expect(rangeBounds({range: 'custom', until: '2026-12-31'}, now)).toEqual({from: undefined, until: at(2027, 0, 1)});
    // A day that is not a date bounds nothing; from/until without 'custom' are ignored.
    expect(rangeBounds({range: 'custom', from: '2026-02-30', until: '31-03-2026'}, now)).toEqual({});
    expect(rangeBounds({from: '2026-03-01'}, now)).toEqual({});
  });
});

test('search param readers take what the router parsed and drop the rest', () => {
  expect(oneOf(['a', 'b'], 'b')).toBe('b');
  expect(oneOf(['a', 'b'], 'c')).toBeUndefined();
  expect(oneOf(['a', 'b'], 1)).toBeUndefined();
  expect(textOf(' כהן ')).toBe(' כהן '); // kept as typed: the field it feeds is still being typed in
  expect(textOf(123)).toBe('123');
  expect([textOf('  '), textOf(''), textOf(true), textOf({}), textOf(undefined)]).toEqual([
    undefined,
    undefined,
    undefined,
    undefined,
    undefined,
  ]);
  expect([true, 'true', 1, '1'].map(flagOf)).toEqual([true, true, true, true]);
  expect([false, 'false', 0, 'yes', undefined].map(flagOf)).toEqual([false, false, false, false, false]);
  expect(definedOnly({a: 1, b: undefined, c: ''})).toEqual({a: 1, c: ''});
  expect(Object.keys(definedOnly({b: undefined}))).toEqual([]);
});

test('the activities list’s URL becomes its filters and the query’s arguments', () => {
  const filters = filtersOf({
    all: 'true',
    shadchan: 'u1',
    type: 'date',
    status: 'nope',
    range: 'custom',
    from: '2026-03-01',
    until: 20260331,
    q: 'כהן',
    x: 1,
  });
  expect(filters).toEqual({
    all: true,
    shadchan: 'u1',
    type: 'date',
    range: 'custom',
    from: '2026-03-01',
    until: '20260331',
    q: 'כהן',
  });
  expect(filtersOf({all: false, due: 0, range: 'week', q: ' '})).toEqual({});
  const now = new Date(2026, 3, 10);
  expect(listArgsOf(filters, now)).toEqual({
    all: true,
    shadchanID: 'u1',
    type: 'date',
    candidate: 'כהן',
    createdFrom: at(2026, 2, 1),
  });
  expect(listArgsOf({range: 'month', due: true}, now)).toEqual({
    createdFrom: at(2026, 2, 10),
    reminderBy: new Date(2026, 3, 10, 23, 59, 59, 999).getTime(),
  });
});

test('a new activity’s search params: a card, a caller, a whole non-negative duration, a call', () => {
  expect(newActivitySearchOf({profile: 'p1', callerNumber: '+972521234567', callDuration: 95, phoneCall: 'c1', x: 1})).toEqual({
    profile: 'p1',
    callerNumber: '+972521234567',
    callDuration: 95,
    phoneCall: 'c1',
  });
  expect(newActivitySearchOf({callDuration: '0'})).toEqual({callDuration: 0});
  expect(newActivitySearchOf({callDuration: -1, profile: ''})).toEqual({});
  expect(newActivitySearchOf({callDuration: '1.5'})).toEqual({});
  expect(newActivitySearchOf({callDuration: 'abc'})).toEqual({});
});
