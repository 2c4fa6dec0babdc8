import {expect, test} from 'vitest';
import {logFiltersOf, logQueryString} from '../../app/users-log/filters.ts';
import {resultText} from '../../app/users-log/labels.ts';
import {csvLine, csvTime} from '../../server/users-log/csv.ts';

test('CSV lines quote every value and defuse what a spreadsheet would run as a formula', () => {
  expect(csvLine(['לאה "כהן"', null, 'a,b'])).toBe('"לאה ""כהן""","","a,b"\r\n');
  expect(csvLine(['=HYPERLINK("x")', '@SUM(1)', '-cmd', '+972501234567', '-5'])).toBe(
    `"'=HYPERLINK(""x"")","'@SUM(1)","'-cmd","+972501234567","-5"\r\n`,
  );
});

test('CSV times are DD-MM-YYYY HH:MM:SS in Israel', () => {
  expect(csvTime('2026-01-15T10:05:09.000Z')).toBe('15-01-2026 12:05:09'); // winter: UTC+2
  expect(csvTime('2026-07-15T10:05:09.000Z')).toBe('15-07-2026 13:05:09'); // summer: UTC+3
});

test('results read in the UI language, with a code request’s channel; unknown ones as stored', () => {
  expect(resultText('whatsapp: sent')).toBe('וואטסאפ: נשלח');
  expect(resultText('signed-out: 3')).toBe('יצא (3)');
  expect(resultText('not-visible')).toBe('לא מורשה לראות');
  expect(resultText('failed: bad token')).toBe('failed: bad token');
});

test('the URL’s filters become the REST query, dates on the user’s clock', () => {
  const filters = logFiltersOf({
    user: 'demo-admin',
    record: ' כהן ',
    kind: 'card',
    range: 'custom',
    from: '2026-03-01',
    until: '2026-03-31',
    x: 1,
  });
  expect(filters).toEqual({
    user: 'demo-admin',
    record: 'כהן',
    kind: 'card',
    range: 'custom',
    from: '2026-03-01',
    until: '2026-03-31',
  });
  expect(logFiltersOf({kind: 'nope', range: 'week'})).toEqual({});
  const query = new URLSearchParams(logQueryString(filters, new Date(2026, 3, 10), {limit: 50, offset: 100}));
  expect(Object.fromEntries(query)).toEqual({
    user: 'demo-admin',
    record: 'כהן',
    kind: 'card',
    from: String(new Date(2026, 2, 1).getTime()),
    until: String(new Date(2026, 3, 1).getTime()),
    limit: '50',
    offset: '100',
  });
  const month = new URLSearchParams(logQueryString({range: 'month'}, new Date(2026, 3, 10)));
  expect(Object.fromEntries(month)).toEqual({from: String(new Date(2026, 2, 10).getTime())});
});
