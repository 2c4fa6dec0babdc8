import type {DateRangeParams} from '../../lib/date-ranges.ts';
import {isoDateToTyped} from '../../lib/dates.ts';
import {RANGE_LABEL} from '../../ui/DateRangeFilter.tsx';
import {STATE_LABEL} from '../card/labels.ts';
import {genderLabel} from '../labels.ts';
import * as m from '../../paraglide/messages.js';
import type {ActivityRecency, FilterSet, FreeGroup} from '../../tables/saved-searches.ts';

/** The §9 activity recency choices, by their labels. */
export const ACTIVITY_LABEL: Record<ActivityRecency, () => string> = {
  lastMonth: m.search_activity_lastMonth,
  lastThreeMonths: m.search_activity_lastThreeMonths,
  lastHalfYear: m.search_activity_lastHalfYear,
  noneInHalfYear: m.search_activity_noneInHalfYear,
  noneBeyondHalfYear: m.search_activity_noneBeyondHalfYear,
};

export const DATABASE_LABEL = {general: m.database_general, personal: m.database_personal} as const;

/** A choice of a list filter, named in the UI language. */
export type FilterOption = {id: string; label: string};

/**
 * The choices of the list filters (useFilterOptions reads them): the panel offers them and the chips
 * name them. `loaded` once every list has arrived.
 */
export type FilterOptions = {
  loaded: boolean;
  sectors: FilterOption[];
  statuses: FilterOption[];
  communities: FilterOption[];
  institutions: FilterOption[];
  owners: FilterOption[];
  maritalStatuses: FilterOption[];
};

/** One active filter as the list shows it: its words, and the filter set without it. */
export type Chip = {id: string; text: string; without: FilterSet};

/** "21–24", "from 21", "up to 24". */
export function rangeText(from: number | undefined, to: number | undefined): string {
  if (from !== undefined && to !== undefined) return from === to ? String(from) : `${from}–${to}`;
  return from !== undefined ? m.search_from_value({value: from}) : m.search_to_value({value: to ?? ''});
}

function dateRangeText(range: DateRangeParams): string {
  if (range.range !== 'custom') return range.range ? RANGE_LABEL[range.range]() : '';
  const from = range.from && isoDateToTyped(range.from);
  const until = range.until && isoDateToTyped(range.until);
  if (from && until) return `${from} – ${until}`;
  return from ? m.search_from_value({value: from}) : until ? m.search_to_value({value: until}) : RANGE_LABEL.custom();
}

/** How many conditions a free filter holds, in all its groups. */
export const conditionCount = (group: FreeGroup): number =>
  group.items.reduce((sum, item) => sum + ('items' in item ? conditionCount(item) : 1), 0);

/** The chosen options' names; an id not (yet) among them shows as "…" while they load, then as itself. */
const namesOf = (ids: readonly string[], options: readonly FilterOption[], loaded: boolean) =>
  ids.map(id => options.find(o => o.id === id)?.label ?? (loaded ? id : '…')).join(', ');

/**
 * The chips of a filter set, in the panel's order: one per filter (a range is one chip), each naming
 * its value in the UI language ("Age: 21–24", "City: בני ברק, ירושלים"). The search text has its box.
 */
export function chipsOf(filters: FilterSet, options: FilterOptions): Chip[] {
  const chips: Chip[] = [];
  const add = (id: string, label: string, value: string | undefined, ...keys: (keyof FilterSet)[]) => {
    const without = {...filters};
    for (const key of keys) delete without[key];
    chips.push({id, text: value === undefined ? label : m.search_chip({label, value}), without});
  };
  const f = filters;
  if (f.gender) add('gender', m.column_gender(), genderLabel[f.gender](), 'gender');
  if (f.ageFrom !== undefined || f.ageTo !== undefined)
    add('age', m.column_age(), rangeText(f.ageFrom, f.ageTo), 'ageFrom', 'ageTo');
  if (f.sectors) add('sectors', m.column_sector(), namesOf(f.sectors, options.sectors, options.loaded), 'sectors');
  if (f.communities)
    add('communities', m.pf_community(), namesOf(f.communities, options.communities, options.loaded), 'communities');
  if (f.maritalStatuses)
    add(
      'maritalStatuses',
      m.pf_marital_status(),
      namesOf(f.maritalStatuses, options.maritalStatuses, options.loaded),
      'maritalStatuses',
    );
  if (f.statuses) add('statuses', m.column_status(), namesOf(f.statuses, options.statuses, options.loaded), 'statuses');
  if (f.states) add('states', m.search_state(), f.states.map(s => STATE_LABEL[s]()).join(', '), 'states');
  if (f.database) add('database', m.search_database(), DATABASE_LABEL[f.database](), 'database');
  if (f.heightFrom !== undefined || f.heightTo !== undefined)
    add('height', m.search_height(), rangeText(f.heightFrom, f.heightTo), 'heightFrom', 'heightTo');
  if (f.cities) add('cities', m.field_city(), f.cities.join(', '), 'cities');
  if (f.institutions)
    add('institutions', m.pf_institution(), namesOf(f.institutions, options.institutions, options.loaded), 'institutions');
  if (f.owners) add('owners', m.column_owner(), namesOf(f.owners, options.owners, options.loaded), 'owners');
  if (f.openNow) add('openNow', m.search_open_now(), undefined, 'openNow');
  if (f.added) add('added', m.search_added(), dateRangeText(f.added), 'added');
  if (f.updated) add('updated', m.search_updated(), dateRangeText(f.updated), 'updated');
  if (f.activity) add('activity', m.search_activity(), ACTIVITY_LABEL[f.activity](), 'activity');
  if (f.idleDays !== undefined) add('idleDays', m.search_idle_chip({days: f.idleDays}), undefined, 'idleDays');
  if (f.noSuggestionHalfYear) add('noSuggestionHalfYear', m.search_no_suggestion(), undefined, 'noSuggestionHalfYear');
  return chips;
}
