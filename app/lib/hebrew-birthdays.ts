/**
 * Hebrew birthdays (issue 37) from the civil birth date on file. The Hebrew date of birth is the one of the
 * civil day, read at noon: whether the child was born after sunset is not on file, so the reminder says it
 * is "from the date of birth". Intl's Hebrew calendar (ICU) does the arithmetic; its English month names are
 * keys only, never shown (hebrew-date.ts writes the Hebrew date for people).
 */
const HEBREW_PARTS = new Intl.DateTimeFormat('en-u-ca-hebrew', {
  timeZone: 'UTC',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  numberingSystem: 'latn',
});
const DAY_MS = 24 * 60 * 60 * 1000;
const NOON_MS = DAY_MS / 2;

type HebrewDay = {year: number; month: string; day: number};

/** The Hebrew day of a civil date (UTC-midnight ms, as the database keeps dates). */
export function hebrewDayOf(civilMs: number): HebrewDay {
  const parts = HEBREW_PARTS.formatToParts(civilMs + NOON_MS);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find(p => p.type === type)?.value ?? '';
  return {year: Number(part('year')), month: part('month'), day: Number(part('day'))};
}

/**
 * The birth months whose birthdays fall in this month (the rule of Reingold and Dershowitz, as Hebcal has
 * it): a leap year's Adar II keeps the birthdays of a common year's Adar and of a leap year's Adar II; its
 * Adar I only its own; a common year's Adar keeps all three.
 */
function birthMonthsIn(month: string): readonly string[] {
  if (month === 'Adar II') return ['Adar II', 'Adar'];
  if (month === 'Adar') return ['Adar', 'Adar I', 'Adar II'];
  return [month];
}

/** The birth days (month and day, as keys) that have their birthday on this Hebrew day. */
function birthdaysOn(civilMs: number): Set<string> {
  const today = hebrewDayOf(civilMs);
  const keys = new Set(birthMonthsIn(today.month).map(month => `${month} ${today.day}`));
  // Born on a 30th that this year's month lacks (Heshvan, Kislev, Adar I in a common year): the day after
  // its 29th, the first of the next month.
  if (today.day === 1) {
    const eve = hebrewDayOf(civilMs - DAY_MS);
    if (eve.day === 29) for (const month of birthMonthsIn(eve.month)) keys.add(`${month} 30`);
  }
  return keys;
}

export type HebrewBirthday<T> = {
  card: T;
  /** The civil day (UTC-midnight ms) of the birthday. */
  on: number;
  /** The age it brings, counted in Hebrew years. */
  age: number;
};

/**
 * The cards whose Hebrew birthday falls in the `days` days from `today` (a UTC-midnight ms, the user's own
 * calendar day), soonest first, then by name order as given.
 */
export function hebrewBirthdaysWithin<T extends {birthDate: number}>(
  cards: readonly T[],
  today: number,
  days: number,
): Array<HebrewBirthday<T>> {
  const window = Array.from({length: days}, (_, i) => {
    const on = today + i * DAY_MS;
    return {on, year: hebrewDayOf(on).year, keys: birthdaysOn(on)};
  });
  const found: Array<HebrewBirthday<T>> = [];
  for (const card of cards) {
    const birth = hebrewDayOf(card.birthDate);
    const key = `${birth.month} ${birth.day}`;
    const day = window.find(d => d.keys.has(key) && d.year > birth.year);
    if (day) found.push({card, on: day.on, age: day.year - birth.year});
  }
  return found.sort((a, b) => a.on - b.on);
}

/** Today on the user's own calendar, as a civil date (UTC-midnight ms). */
export const civilToday = (now = new Date()) => Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
