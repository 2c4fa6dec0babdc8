import * as v from 'valibot';
import {DATE_RANGES} from '../../lib/date-ranges.ts';
import {MAX_AGE, MIN_AGE} from '../../lib/dates.ts';
import {MAX_FREE_ITEMS, freeConditionIssue, freeItemCount} from './free-checks.ts';
import {ACTIVITY_RECENCY, FREE_OPERATORS, SORT_KEYS} from '../../tables/search-keys.ts';
import type {FreeGroup} from '../../tables/saved-searches.ts';

/**
 * The candidate search (issue 14, spec §9): one filter set, the same object in the URL, in a saved
 * search, in the list query's args and in the REST count. Every key is optional and the keys combine
 * (AND); a list key matches any of its values (OR). `free` is the freeFiltering builder's tree.
 */

const id = v.pipe(v.string(), v.nonEmpty(), v.maxLength(40));
const ids = v.pipe(v.array(id), v.minLength(1), v.maxLength(30));
const int = (min: number, max: number) => v.pipe(v.number(), v.integer(), v.minValue(min), v.maxValue(max));
const isoDay = v.pipe(v.string(), v.isoDate());

/** A §9 date range: since today, the last month, the last year, or from/until a day ('YYYY-MM-DD'). */
export const dateRangeSchema = v.object({
  range: v.picklist(DATE_RANGES),
  from: v.optional(isoDay),
  until: v.optional(isoDay),
});

/** A field of the builder (FREE_FIELDS), an operator it offers and a value of its kind; anything else is refused. */
const freeCondition = v.pipe(
  v.object({
    field: v.pipe(v.string(), v.nonEmpty(), v.maxLength(40)),
    op: v.picklist(FREE_OPERATORS),
    value: v.optional(v.union([v.pipe(v.string(), v.maxLength(120)), v.number(), v.boolean()])),
  }),
  v.rawCheck(({dataset, addIssue}) => {
    const issue = dataset.typed ? freeConditionIssue(dataset.value) : undefined;
    if (issue) addIssue({message: issue});
  }),
);
/**
 * Groups nest at most three deep and hold at most 20 items each (a URL stays a URL), and the whole tree
 * at most MAX_FREE_ITEMS conditions and groups (checked wherever a filter set is: the list query, the
 * REST count, saved searches).
 */
const freeGroupAt = (depth: number): v.GenericSchema<FreeGroup> =>
  v.object({
    join: v.picklist(['and', 'or']),
    items: v.pipe(
      v.array(depth < 3 ? v.union([freeCondition, v.lazy(() => freeGroupAt(depth + 1))]) : freeCondition),
      v.maxLength(20),
    ),
  }) as v.GenericSchema<FreeGroup>;
export const freeGroupSchema = v.pipe(
  freeGroupAt(1),
  v.check(group => freeItemCount(group) <= MAX_FREE_ITEMS, 'freeTooLarge'),
);

export const filterSetSchema = v.object({
  /** Folded-Hebrew prefix of surname, forename or city; or an exact ID number; or a phone in any format. */
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50))),
  gender: v.optional(v.picklist(['male', 'female'])),
  ageFrom: v.optional(int(MIN_AGE, MAX_AGE)),
  ageTo: v.optional(int(MIN_AGE, MAX_AGE)),
  heightFrom: v.optional(int(120, 230)),
  heightTo: v.optional(int(120, 230)),
  sectors: v.optional(ids),
  communities: v.optional(ids),
  statuses: v.optional(ids),
  maritalStatuses: v.optional(ids),
  states: v.optional(v.pipe(v.array(v.picklist(['active', 'blocked', 'pending', 'engaged'])), v.minLength(1))),
  database: v.optional(v.picklist(['general', 'personal'])),
  cities: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.trim(), v.nonEmpty(), v.maxLength(60))), v.minLength(1), v.maxLength(30)),
  ),
  institutions: v.optional(ids),
  owners: v.optional(ids),
  /** Open to suggestions now: not closed, and open from a day that has come (or none). */
  openNow: v.optional(v.literal(true)),
  added: v.optional(dateRangeSchema),
  updated: v.optional(dateRangeSchema),
  activity: v.optional(v.picklist(ACTIVITY_RECENCY)),
  /** No activity in the last N days, or never (the "needs attention" preset). */
  idleDays: v.optional(int(1, 3650)),
  /** §9: no suggestion in the last six months (read from last_suggestion_at). */
  noSuggestionHalfYear: v.optional(v.literal(true)),
  /** The freeFiltering builder's AND/OR tree over the card catalogue; refused on the server without it. */
  free: v.optional(freeGroupSchema),
});

/**
 * The list query's args: the filter set, the sort, and a keyset page: `start` is the last row of the
 * page before (its id and its value of the sort column), so scrolling asks for the next rows after it.
 */
export const candidateListSchema = v.object({
  filters: filterSetSchema,
  sort: v.optional(v.picklist(SORT_KEYS), 'name'),
  dir: v.optional(v.picklist(['asc', 'desc']), 'asc'),
  start: v.optional(v.object({id, value: v.nullable(v.union([v.string(), v.number()]))})),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(2000)),
});
export type CandidateListArgs = v.InferInput<typeof candidateListSchema>;
