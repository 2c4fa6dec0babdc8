import {describe, expect, test} from 'vitest';
import {ageOn, formatDate, formatLocalDate, isoDateToMs, msToIsoDate} from '../../app/lib/dates.ts';

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
