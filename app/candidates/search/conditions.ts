import {monthsBack, rangeBounds} from '../../lib/date-ranges.ts';
import {foldName} from '../../lib/hebrew-name.ts';
import {normalizeIsraeliID} from '../../lib/israeli-id.ts';
import {and, cmp, NOTHING, or, prefix, type Condition} from './condition-tree.ts';
import {freeConditions} from './free-conditions.ts';
import {phoneSearchKeys} from './phone-keys.ts';
import type {FilterSet} from '../../tables/saved-searches.ts';

const DAY = 86_400_000;
/** Today's date as the server's clock has it, at UTC midnight: how Zero holds a `date` column. */
const utcToday = (now: Date) => Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
const yearsBack = (now: Date, years: number) => Date.UTC(now.getFullYear() - years, now.getMonth(), now.getDate());

/** A search text of digits, spaces, dashes, brackets and a plus is an ID number or a phone, never a name. */
const NUMBER_LIKE = /^[\d\s\-+().]*\d[\d\s\-+().]*$/;

/**
 * The search box: an exact ID number or phone (in any format, compared in E.164: phone-keys.ts), or else every typed
 * word, folded, starts some word of the card's forename, surname or city, in any order.
 */
function searchCondition(search: string): Condition | undefined {
  if (NUMBER_LIKE.test(search)) {
    const id = normalizeIsraeliID(search);
    const keys = [...(id ? [`id:${id}`] : []), ...phoneSearchKeys(search).map(phone => `tel:${phone}`)];
    return keys.length ? {type: 'exists', relation: 'keys', where: [cmp('key', 'IN', keys)]} : NOTHING;
  }
  const words = [...new Set(foldName(search).split(' ').filter(Boolean))];
  if (!words.length) return undefined;
  return and(...words.map((word): Condition => ({type: 'exists', relation: 'keys', where: prefix('key', `w:${word}`)})));
}

/**
 * §9 activity recency, from the card's last activity (kept by migrations/0019, never a scan of
 * activities):
 * - lastMonth / lastThreeMonths / lastHalfYear: an activity since that day;
 * - noneInHalfYear: no activity in the last half year, including a card that never had one;
 * - noneBeyondHalfYear: the card had activity, and its last one is more than half a year ago.
 */
function activityCondition(recency: NonNullable<FilterSet['activity']>, now: Date): Condition {
  const halfYear = monthsBack(now, 6);
  switch (recency) {
    case 'lastMonth':
      return cmp('lastActivityAt', '>=', monthsBack(now, 1));
    case 'lastThreeMonths':
      return cmp('lastActivityAt', '>=', monthsBack(now, 3));
    case 'lastHalfYear':
      return cmp('lastActivityAt', '>=', halfYear);
    case 'noneInHalfYear':
      return or(cmp('lastActivityAt', 'IS', null), cmp('lastActivityAt', '<', halfYear));
    case 'noneBeyondHalfYear':
      return and(cmp('lastActivityAt', 'IS NOT', null), cmp('lastActivityAt', '<', halfYear));
  }
}

function dateRange(column: string, range: FilterSet['added'], now: Date): Condition[] {
  if (!range) return [];
  const {from, until} = rangeBounds(range, now);
  return [...(from === undefined ? [] : [cmp(column, '>=', from)]), ...(until === undefined ? [] : [cmp(column, '<', until)])];
}

/**
 * Every filter of the set, ANDed; `now` is the clock the relative ones (age, ranges, recency) read.
 * `free` must have been allowed by the caller (permissions/search.ts): here it is only compiled.
 */
export function filterConditions(filters: FilterSet, now: Date): Condition[] {
  const f = filters;
  const list = (column: string, values: readonly string[] | undefined) => (values ? [cmp(column, 'IN', values)] : []);
  const idleSince = monthsBack(now, 0) - (f.idleDays ?? 0) * DAY;
  const search = f.search ? searchCondition(f.search) : undefined;
  const free = f.free && freeConditions(f.free);
  return [
    ...(search ? [search] : []),
    ...(f.gender ? [cmp('gender', '=', f.gender)] : []),
    // Age in whole years on the server's day: at least ageFrom means born on or before that many years ago.
    ...(f.ageFrom === undefined ? [] : [cmp('birthDate', '<=', yearsBack(now, f.ageFrom))]),
    ...(f.ageTo === undefined ? [] : [cmp('birthDate', '>', yearsBack(now, f.ageTo + 1))]),
    ...(f.heightFrom === undefined ? [] : [cmp('height', '>=', f.heightFrom)]),
    ...(f.heightTo === undefined ? [] : [cmp('height', '<=', f.heightTo)]),
    ...list('sectorID', f.sectors),
    ...list('communityID', f.communities),
    ...list('statusID', f.statuses),
    ...list('maritalStatus', f.maritalStatuses),
    ...list('state', f.states),
    ...(f.database ? [cmp('database', '=', f.database)] : []),
    ...list('cityFold', f.cities && [...new Set(f.cities.map(foldName))]),
    ...list('institutionID', f.institutions),
    ...list('ownerID', f.owners),
    // An engaged card is no longer open to suggestions (issue 15).
    ...(f.openNow
      ? [
          cmp('closedAt', 'IS', null),
          cmp('state', '!=', 'engaged'),
          or(cmp('openFrom', 'IS', null), cmp('openFrom', '<=', utcToday(now))),
        ]
      : []),
    ...dateRange('createdAt', f.added, now),
    ...dateRange('updatedAt', f.updated, now),
    ...(f.activity ? [activityCondition(f.activity, now)] : []),
    ...(f.idleDays === undefined ? [] : [or(cmp('lastActivityAt', 'IS', null), cmp('lastActivityAt', '<', idleSince))]),
    ...(f.noSuggestionHalfYear
      ? [or(cmp('lastSuggestionAt', 'IS', null), cmp('lastSuggestionAt', '<', monthsBack(now, 6)))]
      : []),
    ...(free ? [free] : []),
  ];
}
