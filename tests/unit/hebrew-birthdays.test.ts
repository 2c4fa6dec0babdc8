// @hebcal/hdate (GPL-2.0) is only this test's independent oracle, a dev dependency never bundled: the app uses Intl.
import {HDate, getBirthdayHD} from '@hebcal/hdate';
import {describe, expect, test} from 'vitest';
import {isoDateToMs} from '../../app/lib/dates.ts';
import {civilToday, hebrewBirthdaysWithin} from '../../app/lib/hebrew-birthdays.ts';

const day = (iso: string) => isoDateToMs(iso)!;
const DAY_MS = 86_400_000;
const card = (id: string, birth: string) => ({id, birthDate: day(birth)});
const within = (cards: ReturnType<typeof card>[], today: string, days = 7) =>
  hebrewBirthdaysWithin(cards, day(today), days).map(b => ({
    id: b.card.id,
    on: new Date(b.on).toISOString().slice(0, 10),
    age: b.age,
  }));

/** The oracle: the civil days in the window on which Hebcal puts the card's birthday. */
function oracle(birthMs: number, todayMs: number, days: number) {
  const utc = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const [y, m, d] = utc(birthMs).split('-').map(Number) as [number, number, number];
  const birth = new HDate(new Date(y, m - 1, d, 12));
  const hits = [];
  for (const offset of [0, 1]) {
    const [ty, tm, td] = utc(todayMs).split('-').map(Number) as [number, number, number];
    const hyear = new HDate(new Date(ty, tm - 1, td, 12)).getFullYear() + offset;
    if (hyear <= birth.getFullYear()) continue;
    const b = getBirthdayHD(hyear, birth)!;
    const g = new HDate(b.dd, b.mm, b.yy).greg();
    const on = Date.UTC(g.getFullYear(), g.getMonth(), g.getDate());
    if (on >= todayMs && on < todayMs + days * DAY_MS) hits.push({on: utc(on), age: hyear - birth.getFullYear()});
  }
  return hits;
}

describe('Hebrew birthdays in the coming days', () => {
  test('a birthday in the window, with the age it brings in Hebrew years; one outside it is left out', () => {
    // 23 Tevet 5760 (2000-01-01); 23 Tevet 5786 is 2026-01-12.
    const cards = [card('in', '2000-01-01'), card('out', '2000-02-01')];
    expect(within(cards, '2026-01-10')).toEqual([{id: 'in', on: '2026-01-12', age: 26}]);
    expect(within(cards, '2026-01-13')).toEqual([]);
    // Today counts, and the seventh day is the last.
    expect(within(cards, '2026-01-12')).toEqual([{id: 'in', on: '2026-01-12', age: 26}]);
    expect(within(cards, '2026-01-06')).toEqual([{id: 'in', on: '2026-01-12', age: 26}]);
    expect(within(cards, '2026-01-05')).toEqual([]);
  });

  test('soonest first', () => {
    const cards = [card('later', '2000-01-03'), card('sooner', '2000-01-01')];
    expect(within(cards, '2026-01-10').map(b => b.id)).toEqual(['sooner', 'later']);
  });

  test.each([
    ['Adar of a common year, in a leap year: Adar II', '2023-03-07', '2024-03-20', '2024-03-24'],
    ['Adar I of a leap year, in a common year: Adar', '2024-02-23', '2025-03-10', '2025-03-14'],
    ['Adar II of a leap year, in a common year: Adar', '2024-03-24', '2025-03-10', '2025-03-14'],
    ['30 Adar I, in a common year: 1 Nisan', '2024-03-10', '2025-03-27', '2025-03-30'],
    ['30 Heshvan, in a year of a long Heshvan', '2002-11-05', '2024-11-28', '2024-12-01'],
    ['30 Heshvan, in a year of a short Heshvan: 1 Kislev', '2002-11-05', '2025-11-18', '2025-11-21'],
  ])('%s', (_, birth, today, on) => {
    expect(within([card('x', birth)], today)).toEqual([expect.objectContaining({on})]);
  });

  test('agrees with Hebcal on two thousand birth dates, each seen in a window that holds its birthday', () => {
    let seed = 37;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    let leapEdges = 0;
    for (let i = 0; i < 2000; i++) {
      const birth = day('1960-01-01') + Math.floor(random() * 45 * 365) * DAY_MS;
      const [y, m, d] = new Date(birth).toISOString().slice(0, 10).split('-').map(Number) as [number, number, number];
      const hyear = 5784 + Math.floor(random() * 8);
      const b = getBirthdayHD(hyear, new HDate(new Date(y, m - 1, d, 12)))!;
      const g = new HDate(b.dd, b.mm, b.yy).greg();
      const today = Date.UTC(g.getFullYear(), g.getMonth(), g.getDate()) - Math.floor(random() * 7) * DAY_MS;
      const expected = oracle(birth, today, 7);
      expect(expected.length).toBeGreaterThan(0);
      if (new HDate(new Date(y, m - 1, d, 12)).getMonth() >= 12 || b.dd === 1) leapEdges++;
      const ours = hebrewBirthdaysWithin([{birthDate: birth}], today, 7).map(x => ({
        on: new Date(x.on).toISOString().slice(0, 10),
        age: x.age,
      }));
      expect(ours, `born ${y}-${m}-${d}, seen from ${new Date(today).toISOString().slice(0, 10)}`).toEqual(expected);
    }
    // The sample holds the Adars and the postponed 30ths, not only plain months.
    expect(leapEdges).toBeGreaterThan(100);
  });

  test('today is the user’s own calendar day', () => {
    expect(civilToday(new Date(2026, 0, 12, 23, 59))).toBe(day('2026-01-12'));
    expect(civilToday(new Date(2026, 0, 12, 0, 1))).toBe(day('2026-01-12'));
  });
});
