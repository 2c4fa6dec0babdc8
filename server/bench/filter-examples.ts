import type {FilterSet} from '../../app/tables/saved-searches.ts';

/**
 * One example filter set per filter of the candidate search (issue 14), on values the demo and bench
 * data hold: the bench's Zero analyser harness runs each through the list query, and
 * tests/pg/candidate-search.pg.test.ts checks that the list and the REST count agree on every one.
 * `free` needs freeFiltering.
 */
export const FILTER_EXAMPLES: Record<string, FilterSet> = {
  searchName: {search: 'כהנ'},
  searchTwoWords: {search: 'משה כה'},
  searchCity: {search: 'בני ב'},
  searchIDNumber: {search: '012345674'},
  searchPhone: {search: '050-123-4567'},
  gender: {gender: 'female'},
  age: {ageFrom: 21, ageTo: 24},
  height: {heightFrom: 165, heightTo: 180},
  sectors: {sectors: ['litvish']},
  communities: {communities: ['bnei-brak']},
  statuses: {statuses: ['available', 'inquiries']},
  maritalStatuses: {maritalStatuses: ['divorced']},
  states: {states: ['engaged']},
  database: {database: 'personal'},
  cities: {cities: ['בני ברק', 'ירושלים']},
  institutions: {institutions: ['mir']},
  owners: {owners: ['demo-shadchan']},
  openNow: {openNow: true},
  added: {added: {range: 'month'}},
  updated: {updated: {range: 'year'}},
  activityLastMonth: {activity: 'lastMonth'},
  activityLastThreeMonths: {activity: 'lastThreeMonths'},
  activityLastHalfYear: {activity: 'lastHalfYear'},
  activityNoneInHalfYear: {activity: 'noneInHalfYear'},
  activityNoneBeyondHalfYear: {activity: 'noneBeyondHalfYear'},
  idleDays: {idleDays: 30},
  noSuggestionHalfYear: {noSuggestionHalfYear: true},
  combined: {gender: 'female', ageFrom: 21, ageTo: 24, sectors: ['litvish'], openNow: true, noSuggestionHalfYear: true},
  freeAnd: {
    free: {
      join: 'and',
      items: [
        {field: 'height', op: 'gte', value: 165},
        {field: 'occupation', op: 'startsWith', value: 'גננ'},
      ],
    },
  },
  freeOr: {
    free: {
      join: 'or',
      items: [
        {field: 'maritalStatus', op: 'eq', value: 'divorced'},
        {field: 'smoker', op: 'eq', value: true},
      ],
    },
  },
  freeEmpty: {free: {join: 'and', items: [{field: 'workplace', op: 'isEmpty'}]}},
};
