import {ageOn} from '../lib/dates.ts';
import {foldName} from '../lib/hebrew-name.ts';

/**
 * Suggested matches (issue 37): whether two open cards of a man and a woman may be suggested to each
 * other, and if so how well they fit and why, in reasons a shadchan reads. Pure, so the same rules run
 * on the server (server/suggestions/routes.ts, after its SQL has narrowed the cards: the SQL may let
 * through more than these rules, never fewer) and in the unit tests on hand-built pairs.
 */

/** What the rules read of a card: the list's columns and the handful of details that say what fits. */
export type MatchCard = {
  id: string;
  gender: 'male' | 'female';
  birthDate: number;
  sectorID: string;
  communityID: string | null;
  communityName: string | null;
  city: string;
  /** The city folded (foldName; the database's city_fold), as the rules compare places. */
  cityFold: string;
  maritalStatus: string | null;
  height: number | null;
  origin: string | null;
  smoker: boolean | null;
  headCovering: string | null;
  institutionName: string | null;
  /** Since when the card is open to suggestions (open_from, or the day it was added). */
  openSince: number;
  preferredPlace: string | null;
  preferredInstitution: string | null;
  seekAgeMin: number | null;
  seekAgeMax: number | null;
  seekHeightMin: number | null;
  seekHeightMax: number | null;
  seekMaritalStatus: readonly string[];
  seekHeadCovering: readonly string[];
};

/**
 * Without a stated age range, ages further apart than this are not suggested (more than 5 apart is
 * already a reason against). It also bounds the pool a card is ranked against, and so the time it takes.
 */
export const DEFAULT_AGE_GAP = 6;

/** A reason for or against, as a message key and the values it names (app/suggestions/reason-text.ts). */
export type Reason = {key: ReasonKey; against?: true; values: Record<string, string | number>};
export type ReasonKey =
  | 'sameCity'
  | 'sameCommunity'
  | 'sameOrigin'
  | 'ages'
  | 'agesApart'
  | 'soughtAges'
  | 'soughtHeight'
  | 'soughtHeadCovering'
  | 'preferredPlace'
  | 'preferredInstitution'
  | 'bothSingle'
  | 'bothRemarrying'
  | 'maritalDiffers'
  | 'heightUnknown'
  | 'shorter'
  | 'smokes'
  | 'waiting';

export type Verdict = {score: number; reasons: Reason[]};

export const WEIGHT: Record<ReasonKey, number> = {
  sameCommunity: 3,
  sameCity: 3,
  preferredPlace: 2,
  preferredInstitution: 2,
  soughtHeadCovering: 2,
  soughtAges: 1,
  soughtHeight: 1,
  ages: 2,
  sameOrigin: 1,
  bothSingle: 1,
  bothRemarrying: 2,
  waiting: 1,
  agesApart: -1,
  maritalDiffers: -2,
  heightUnknown: -1,
  shorter: -1,
  smokes: -1,
};

const DAY = 24 * 3600_000;
export const MONTH_MS = 30.44 * DAY;

/** A stated range's bounds, either end optional; typed the wrong way round, it means the same range. */
export const rangeOf = (min: number | null, max: number | null) => ({
  lo: min === null ? null : Math.min(min, max ?? min),
  hi: max === null ? null : Math.max(max, min ?? max),
});
const inRange = (value: number, min: number | null, max: number | null) => {
  const {lo, hi} = rangeOf(min, max);
  return (lo === null || value >= lo) && (hi === null || value <= hi);
};
export const seeksAges = (card: MatchCard) => card.seekAgeMin !== null || card.seekAgeMax !== null;
export const seeksHeight = (card: MatchCard) => card.seekHeightMin !== null || card.seekHeightMax !== null;

/** The birth dates (ms, inclusive) whose ages a card accepts today: the SQL's outer bounds. */
export function acceptedBirthDates(card: MatchCard, now: Date): {from: number; to: number} {
  const age = ageOn(card.birthDate, now);
  const stated = seeksAges(card);
  const lo = stated ? Math.min(card.seekAgeMin ?? 0, card.seekAgeMax ?? 99) : age - DEFAULT_AGE_GAP;
  const hi = stated ? Math.max(card.seekAgeMax ?? 99, card.seekAgeMin ?? 0) : age + DEFAULT_AGE_GAP;
  // Born after (now − hi − 1 years) to be at most hi, on or before (now − lo years) to be at least lo; a
  // day wider each way, so that the time of day or zone never makes the SQL drop a card these rules take.
  const yearsBack = (years: number) => Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate());
  return {from: yearsBack(hi + 1) - DAY, to: yearsBack(lo) + DAY};
}

/** Whether one side accepts the other: the hard rules, each side's stated wishes first. */
function accepts(seeker: MatchCard, other: MatchCard, now: Date): boolean {
  const theirAge = ageOn(other.birthDate, now);
  if (seeksAges(seeker)) {
    if (!inRange(theirAge, seeker.seekAgeMin, seeker.seekAgeMax)) return false;
  } else if (Math.abs(theirAge - ageOn(seeker.birthDate, now)) > DEFAULT_AGE_GAP) {
    return false;
  }
  if (other.height !== null && !inRange(other.height, seeker.seekHeightMin, seeker.seekHeightMax)) return false;
  if (other.maritalStatus && seeker.seekMaritalStatus.length > 0 && !seeker.seekMaritalStatus.includes(other.maritalStatus)) {
    return false;
  }
  if (other.headCovering && seeker.seekHeadCovering.length > 0 && !seeker.seekHeadCovering.includes(other.headCovering)) {
    return false;
  }
  return true;
}

export const folded = (text: string | null) => (text ? foldName(text) : '');
/** A stated preference met by a folded value: either names the other (the place "בני ברק" and the city "בני ברק עילית"). */
const mentions = (preference: string | null, value: string) => {
  const a = folded(preference);
  return a !== '' && value !== '' && (a.includes(value) || value.includes(a));
};
const remarrying = (status: string | null) => status === 'divorced' || status === 'widowed';

/**
 * Whether a man and a woman may be suggested to each other, and how well they fit: undefined when a hard
 * rule of either side refuses (other gender, same sector, ages, heights, marital status, head covering,
 * never a married card); otherwise the score and its reasons, those for first.
 */
export function judgePair(card: MatchCard, other: MatchCard, now: Date): Verdict | undefined {
  if (card.gender === other.gender || card.sectorID !== other.sectorID) return undefined;
  if (card.maritalStatus === 'married' || other.maritalStatus === 'married') return undefined;
  if (!accepts(card, other, now) || !accepts(other, card, now)) return undefined;
  const [him, her] = card.gender === 'male' ? [card, other] : [other, card];
  const reasons: Reason[] = [];
  const add = (key: ReasonKey, values: Record<string, string | number> = {}) =>
    reasons.push(WEIGHT[key] < 0 ? {key, against: true, values} : {key, values});

  if (him.cityFold !== '' && him.cityFold === her.cityFold) add('sameCity', {city: her.city});
  if (him.communityID && him.communityID === her.communityID) add('sameCommunity', {community: her.communityName ?? ''});
  if (him.origin && him.origin === her.origin) add('sameOrigin', {origin: her.origin});
  const [hisAge, herAge] = [ageOn(him.birthDate, now), ageOn(her.birthDate, now)];
  if (Math.abs(hisAge - herAge) <= 3) add('ages', {his: hisAge, hers: herAge});
  else if (Math.abs(hisAge - herAge) > 5) add('agesApart', {his: hisAge, hers: herAge, gap: Math.abs(hisAge - herAge)});
  for (const [seeker, sought] of [
    [him, her],
    [her, him],
  ] as const) {
    const side = seeker.gender;
    if (seeksAges(seeker)) add('soughtAges', {side});
    if (seeksHeight(seeker)) add(sought.height !== null ? 'soughtHeight' : 'heightUnknown', {side});
    if (sought.headCovering && seeker.seekHeadCovering.includes(sought.headCovering))
      add('soughtHeadCovering', {side, value: sought.headCovering});
    if (mentions(seeker.preferredPlace, sought.cityFold)) add('preferredPlace', {side, place: sought.city});
    if (mentions(seeker.preferredInstitution, folded(sought.institutionName)))
      add('preferredInstitution', {side, institution: sought.institutionName!});
    if (sought.smoker === true && seeker.smoker === false) add('smokes', {side: sought.gender});
  }
  if (him.maritalStatus && her.maritalStatus && him.seekMaritalStatus.length === 0 && her.seekMaritalStatus.length === 0) {
    if (him.maritalStatus === 'single' && her.maritalStatus === 'single') add('bothSingle');
    else if (remarrying(him.maritalStatus) && remarrying(her.maritalStatus)) add('bothRemarrying');
    else add('maritalDiffers', {his: him.maritalStatus, hers: her.maritalStatus});
  }
  if (him.height !== null && her.height !== null && him.height < her.height) add('shorter', {his: him.height, hers: her.height});
  const months = Math.floor((now.getTime() - other.openSince) / MONTH_MS);
  if (months >= 3) add('waiting', {side: other.gender, months});

  const score = reasons.reduce((sum, r) => sum + WEIGHT[r.key] * (r.key === 'waiting' && months >= 12 ? 2 : 1), 0);
  return {score, reasons: [...reasons.filter(r => !r.against), ...reasons.filter(r => r.against)]};
}

export type Ranked = {card: MatchCard; verdict: Verdict};

/** The best `top` of the other cards for a card: the highest score first, then the longest open, then by id. */
export function rankMatches(card: MatchCard, others: readonly MatchCard[], now: Date, top: number): Ranked[] {
  const ranked: Ranked[] = [];
  for (const other of others) {
    const verdict = judgePair(card, other, now);
    if (verdict) ranked.push({card: other, verdict});
  }
  ranked.sort(
    (a, b) => b.verdict.score - a.verdict.score || a.card.openSince - b.card.openSince || (a.card.id < b.card.id ? -1 : 1),
  );
  return ranked.slice(0, top);
}
