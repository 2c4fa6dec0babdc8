import {describe, expect, test} from 'vitest';
import {
  ageOn,
  formatDate,
  formatLocalDate,
  formatLocalDateTime,
  isoDateToMs,
  isoDateToTyped,
  msToIsoDate,
  separateDateDigits,
  typedDateToIso,
  typedDateValue,
} from '../../app/lib/dates.ts';

describe('calendar dates', () => {
  test('valid ISO dates round-trip through UTC-midnight ms', () => {
    const ms = isoDateToMs('2000-02-29');
    expect(ms).toBe(Date.UTC(2000, 1, 29));
    expect(msToIsoDate(ms!)).toBe('2000-02-29');
  });

  test.each(['2001-02-29', '2024-13-01', '2024-04-31', '24-01-01', '2024/01/01', ''])('rejects %j', iso => {
    expect(isoDateToMs(iso)).toBeUndefined();
  });

  test('age counts whole years, changing on the birthday', () => {
    const birth = isoDateToMs('2000-06-15')!;
    expect(ageOn(birth, new Date(2026, 5, 14))).toBe(25);
    expect(ageOn(birth, new Date(2026, 5, 15))).toBe(26);
    expect(ageOn(birth, new Date(2026, 11, 31))).toBe(26);
  });

  test('dates display as DD-MM-YYYY', () => {
    expect(formatDate(isoDateToMs('2026-03-07')!)).toBe('07-03-2026');
  });
});

test('a moment is shown on the local calendar day, DD-MM-YYYY', () => {
  const lateEvening = new Date(2026, 10, 21, 23, 30).getTime();
  const justAfterMidnight = new Date(2026, 10, 22, 0, 30).getTime();
  expect(formatLocalDate(lateEvening)).toBe('21-11-2026');
  expect(formatLocalDate(justAfterMidnight)).toBe('22-11-2026');
});

test('a moment with its time of day is DD-MM-YYYY HH:MM on a 24-hour local clock', () => {
  expect(formatLocalDateTime(new Date(2026, 10, 21, 23, 5).getTime())).toBe('21-11-2026 23:05');
  expect(formatLocalDateTime(new Date(2026, 0, 2, 0, 0).getTime())).toBe('02-01-2026 00:00');
});

describe('typed dates (the date field)', () => {
  test('a form value shows as DD-MM-YYYY; anything else has no display form', () => {
    expect(isoDateToTyped('2001-03-05')).toBe('05-03-2001');
    expect(isoDateToTyped('2001-02-29')).toBeUndefined();
    expect(isoDateToTyped('')).toBeUndefined();
  });

  test.each([
    ['05-03-2001', '2001-03-05'],
    ['05.03.2001', '2001-03-05'],
    ['05/03/2001', '2001-03-05'],
    ['5.3.2001', '2001-03-05'],
    ['5-3-2001', '2001-03-05'],
    ['05032001', '2001-03-05'],
    [' 29-02-2000 ', '2000-02-29'],
    ['2001-03-05', '2001-03-05'],
  ])('%j is read day first as %s', (typed, iso) => {
    expect(typedDateToIso(typed)).toBe(iso);
  });

  test.each([
    '',
    '05-03',
    '05-03-01',
    '05-03-20',
    '0503201',
    '29-02-2001',
    '31-04-2024',
    '13-13-2001',
    '05 03 2001',
    '2001-3-5',
    'abc',
  ])('rejects %j', typed => {
    expect(typedDateToIso(typed)).toBeUndefined();
  });

  test('the form gets the ISO date, empty for nothing, and an unfinished date as typed so the schema rejects it', () => {
    expect(typedDateValue('05-03-2001')).toBe('2001-03-05');
    expect(typedDateValue('  ')).toBe('');
    expect(typedDateValue('05-03-20')).toBe('05-03-20');
    expect(isoDateToMs(typedDateValue('05-03-20'))).toBeUndefined();
    expect(isoDateToMs(typedDateValue('31-02-2001'))).toBeUndefined();
  });

  test('digits typed forward get their dashes', () => {
    const typed: string[] = [];
    let text = '';
    for (const digit of '05032001') {
      text = separateDateDigits(text + digit);
      typed.push(text);
    }
    expect(typed).toEqual(['0', '05', '05-0', '05-03', '05-03-2', '05-03-20', '05-03-200', '05-03-2001']);
    expect(separateDateDigits('05-03-20011')).toBe('05-03-2001');
  });

  test('backspacing and own dashes keep the text as the typist left it', () => {
    expect(separateDateDigits('05-03-')).toBe('05-03-');
    expect(separateDateDigits('05-03')).toBe('05-03');
    expect(separateDateDigits('05-')).toBe('05-');
    expect(separateDateDigits('05')).toBe('05');
  });

  test('other layouts are left as typed', () => {
    for (const text of ['5.3.2001', '5-3-2001', '05-3-', '05/03/2001', '2001-03-05', '5-'])
      expect(separateDateDigits(text)).toBe(text);
  });
});
