// @hebcal/hdate (GPL-2.0) is only this test's independent oracle, a dev dependency never bundled: the app uses Intl.
import {HDate} from '@hebcal/hdate';
import {describe, expect, test} from 'vitest';
import {msToIsoDate} from '../../app/lib/dates.ts';
import {hebrewDateOf} from '../../app/lib/hebrew-date.ts';

describe('Hebrew date of a civil date', () => {
  test.each([
    ['2000-01-01', 'כ״ג בטבת תש״ס', 'the example of the candidate card'],
    ['1948-05-14', 'ה׳ באייר תש״ח', 'the Declaration of Independence'],
    ['1967-06-07', 'כ״ח באייר תשכ״ז', 'Jerusalem Day'],
    ['2023-09-16', 'א׳ בתשרי תשפ״ד', 'Rosh Hashana 5784'],
    ['2008-11-13', 'ט״ו בחשוון תשס״ט', 'Cheshvan, in the Academy’s full spelling'],
    ['2040-10-05', 'כ״ח בתשרי תת״א', 'the next century of the count: 5801'],
    ['2024-02-23', 'י״ד באדר א׳ תשפ״ד', 'Purim Katan of the leap year 5784'],
    ['2024-03-24', 'י״ד באדר ב׳ תשפ״ד', 'Purim of the leap year 5784'],
    ['2023-03-07', 'י״ד באדר תשפ״ג', 'Purim of the common year 5783: plain Adar'],
    ['2000-02-29', 'כ״ג באדר א׳ תש״ס', 'a 29 February in a Hebrew leap year'],
  ])('%s → %s (%s)', (iso, hebrew) => expect(hebrewDateOf(iso)).toBe(hebrew));

  test.each(['2001-02-29', '2000-13-01', '29-02-2000', '2000-1-1', ''])('%j is not a date', iso => {
    expect(hebrewDateOf(iso)).toBeUndefined();
  });

  test('the answer does not depend on the time zone of the browser or the server', () => {
    const saved = process.env.TZ;
    try {
      for (const tz of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Jerusalem']) {
        process.env.TZ = tz;
        expect(hebrewDateOf('2000-01-01')).toBe('כ״ג בטבת תש״ס');
      }
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  // hdate reads the letters back (ב prefix and all); every day must come back to the civil day it came from.
  test('every day of 1990–2030 reads back to the same civil date', () => {
    for (let ms = Date.UTC(1990, 0, 1); ms <= Date.UTC(2030, 11, 31); ms += 86_400_000) {
      const iso = msToIsoDate(ms);
      const back = HDate.fromGematriyaString(hebrewDateOf(iso)!).greg();
      const backIso = [back.getFullYear(), back.getMonth() + 1, back.getDate()].map(n => String(n).padStart(2, '0')).join('-');
      if (backIso !== iso) expect(`${iso} → ${hebrewDateOf(iso)} → ${backIso}`).toBe(iso);
    }
  });
});
