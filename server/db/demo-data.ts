/**
 * Deterministic, dependency-free generator of demo candidate profiles.
 *
 * Used to seed a few hundred demo profiles for the UI and 10k–100k profiles
 * for benchmarks, so the per-row work is kept to a handful of PRNG draws and
 * table lookups (all weight tables and date bounds are precomputed per call).
 * Same seed + same arguments => identical output.
 */

import {israeliIDCheckDigit} from '../../app/lib/israeli-id.ts';
import type {Gender} from '../../zero-schema.ts';
import {CITIES, FEMALE_FORENAMES, MALE_FORENAMES, SURNAMES} from './demo-names.ts';

export type DemoProfile = {
  id: string;
  forename: string;
  surname: string;
  gender: Gender;
  city: string;
  birthDate: string; // 'YYYY-MM-DD'
  sectorID: string;
  statusID: string;
  database: 'general' | 'personal';
  ownerID: string;
  idNumber: string; // 9 digits with a valid check digit, unique within one call
  phones: string[]; // E.164 Israeli mobiles: the candidate's, then the parents'
};

export type GenerateOptions = {
  seed?: number;
  today: Date;
  idPrefix?: string;
  sectorIDs: readonly string[];
  statusIDs: readonly string[];
  ownerIDs: readonly string[];
};

// ---------------------------------------------------------------------------
// Random helpers
// ---------------------------------------------------------------------------

/** Seeded PRNG (mulberry32). Returns floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Uniformly picks one element. Throws on an empty list. */
export function pick<T>(rand: () => number, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick: empty list');
  return items[Math.floor(rand() * items.length)] as T;
}

/** Returns a sampler over `items` where items[i] has relative weight weights[i]. */
function weighted<T>(items: readonly T[], weights: readonly number[]): (rand: () => number) => T {
  if (items.length === 0) throw new Error('weighted: empty list');
  const cumulative: number[] = [];
  let total = 0;
  for (let i = 0; i < items.length; i++) {
    total += weights[i] ?? 0;
    cumulative.push(total);
  }
  const last = items.length - 1;
  return rand => {
    const r = rand() * total;
    let i = 0;
    while (i < last && r >= (cumulative[i] as number)) i++;
    return items[i] as T;
  };
}

/** Geometric weights: item i has weight ratio^i, so earlier items are more common. */
const geometric = (n: number, ratio: number): number[] => Array.from({length: n}, (_, i) => ratio ** i);

// Relative weights for ages 18..38. Women in these communities tend to enter
// shidduchim a little earlier than men; both are mostly 19–27.
const MIN_AGE = 18;
const MAX_AGE = 38;
const MALE_AGE_WEIGHTS = [2, 6, 9, 11, 11, 10, 9, 8, 7, 6, 5, 4, 3.2, 2.6, 2, 1.6, 1.3, 1, 0.8, 0.6, 0.5];
const FEMALE_AGE_WEIGHTS = [5, 10, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3.2, 2.6, 2, 1.6, 1.3, 1, 0.8, 0.6, 0.5, 0.4];

// Forename -> indices of surnames sharing a word with it ("מלכה מלכה", "חיים בן חיים").
// Computed once at load so the per-row check is a single map lookup.
const CLASHES = new Map<string, Set<number>>();
for (const forename of [...MALE_FORENAMES, ...FEMALE_FORENAMES]) {
  const words = forename.split(' ');
  SURNAMES.forEach((surname, i) => {
    if (!surname.split(' ').some(w => words.includes(w))) return;
    const set = CLASHES.get(forename) ?? new Set<number>();
    CLASHES.set(forename, set.add(i));
  });
}

// ---------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------

const DAY_MS = 86_400_000;

/** Latest birth day (days since epoch) of someone who is at least `age` on the given date. */
function latestBirthDay(year: number, month: number, day: number, age: number): number {
  let ms = Date.UTC(year - age, month, day);
  // Feb 29 in a non-leap year rolls over to Mar 1: clamp to the last day of the month.
  if (new Date(ms).getUTCMonth() !== month) ms = Date.UTC(year - age, month + 1, 0);
  return Math.floor(ms / DAY_MS);
}

// ---------------------------------------------------------------------------
// ID numbers and phones
// ---------------------------------------------------------------------------

// ID bodies (8 digits) walk a range of 30M with a step coprime to it, so the first 30M indices all get
// different numbers without keeping a set: IDs look like real ones (1xxxxxxxx–3xxxxxxxx) and stay unique.
const ID_BODY_FIRST = 10_000_000;
const ID_BODY_RANGE = 30_000_000;
const ID_BODY_STEP = 7_654_321;

function demoIDNumber(index: number): string {
  const body = String(ID_BODY_FIRST + ((index * ID_BODY_STEP) % ID_BODY_RANGE));
  return body + israeliIDCheckDigit(body);
}

const MOBILE_PREFIXES = ['+97250', '+97252', '+97253', '+97254', '+97255', '+97258'] as const;

/** One to three mobiles: the candidate's own, then the parents'. */
function demoPhones(rand: () => number): string[] {
  const count = 1 + Math.floor(rand() * 3);
  return Array.from(
    {length: count},
    () => pick(rand, MOBILE_PREFIXES) + String(Math.floor(rand() * 10_000_000)).padStart(7, '0'),
  );
}

// ---------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------

/**
 * Generates `count` profiles. The calendar date of `opts.today` is read in UTC,
 * so output does not depend on the machine's time zone.
 */
export function generateProfiles(count: number, opts: GenerateOptions): DemoProfile[] {
  if (!Number.isInteger(count) || count < 0) throw new Error(`generateProfiles: invalid count ${count}`);
  const {sectorIDs, statusIDs, ownerIDs} = opts;
  if (sectorIDs.length === 0 || statusIDs.length === 0 || ownerIDs.length === 0) {
    throw new Error('generateProfiles: sectorIDs, statusIDs and ownerIDs must be non-empty');
  }
  if (Number.isNaN(opts.today.getTime())) throw new Error('generateProfiles: invalid today');

  const rand = prng(opts.seed ?? 1);
  // Phones draw from their own stream, so the other fields stay what this seed always gave.
  const phoneRand = prng((opts.seed ?? 1) ^ 0x9e3779b9);
  const idPrefix = opts.idPrefix ?? 'demo-';
  const idWidth = Math.max(5, String(Math.max(count - 1, 0)).length);

  // Weighted samplers, built once per call.
  const pickSector = weighted(sectorIDs, geometric(sectorIDs.length, 0.6));
  const pickStatus = weighted(statusIDs, geometric(statusIDs.length, 0.3)); // first ≈ 70%
  const pickCity = weighted(
    CITIES,
    CITIES.map((_, i) => 1 / (i + 3)),
  );
  const ages = Array.from({length: MAX_AGE - MIN_AGE + 1}, (_, i) => MIN_AGE + i);
  const pickMaleAge = weighted(ages, MALE_AGE_WEIGHTS);
  const pickFemaleAge = weighted(ages, FEMALE_AGE_WEIGHTS);

  // For each age a: birth days in [latest(a + 1) + 1, latest(a)] give exactly age a.
  const y = opts.today.getUTCFullYear();
  const m = opts.today.getUTCMonth();
  const d = opts.today.getUTCDate();
  const latest = Array.from({length: MAX_AGE + 2}, (_, age) => latestBirthDay(y, m, d, age));
  const firstDay = (latest[MAX_AGE + 1] as number) + 1;
  const dateCache: (string | undefined)[] = []; // birth-day offset -> 'YYYY-MM-DD'
  const formatDay = (dayNum: number): string => {
    const k = dayNum - firstDay;
    return (dateCache[k] ??= new Date(dayNum * DAY_MS).toISOString().slice(0, 10));
  };

  const profiles: DemoProfile[] = new Array<DemoProfile>(count);
  for (let i = 0; i < count; i++) {
    const gender: Gender = rand() < 0.5 ? 'male' : 'female';
    const forename = gender === 'male' ? pick(rand, MALE_FORENAMES) : pick(rand, FEMALE_FORENAMES);
    let surnameIndex = Math.floor(rand() * SURNAMES.length);
    // On a clash take the next surname (no two adjacent entries clash with the same forename).
    if (CLASHES.get(forename)?.has(surnameIndex)) surnameIndex = (surnameIndex + 1) % SURNAMES.length;

    const age = gender === 'male' ? pickMaleAge(rand) : pickFemaleAge(rand);
    const hi = latest[age] as number;
    const lo = (latest[age + 1] as number) + 1;
    const birthDay = lo + Math.floor(rand() * (hi - lo + 1));

    profiles[i] = {
      id: idPrefix + String(i).padStart(idWidth, '0'),
      forename,
      surname: SURNAMES[surnameIndex] as string,
      gender,
      city: pickCity(rand),
      birthDate: formatDay(birthDay),
      sectorID: pickSector(rand),
      statusID: pickStatus(rand),
      database: rand() < 0.8 ? 'general' : 'personal',
      ownerID: pick(rand, ownerIDs),
      idNumber: demoIDNumber(i),
      phones: demoPhones(phoneRand),
    };
  }
  return profiles;
}
