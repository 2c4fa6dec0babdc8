import {describe, expect, test} from 'vitest';
import {ageOn, formatDate, isoDateToMs, msToIsoDate} from '../../app/lib/dates.ts';

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
