import * as RadixDialog from '@radix-ui/react-dialog';
import {SlidersHorizontal, X} from 'lucide-react';
import {useState} from 'react';
import type {DateRangeParams} from '../../lib/date-ranges.ts';
import {Button, buttonClass, Labelled, Select, TextInput} from '../../ui/controls.tsx';
import {DateRangeFilter} from '../../ui/DateRangeFilter.tsx';
import {Toggle} from '../../ui/Toggle.tsx';
import {STATE_LABEL} from '../card/labels.ts';
import {genderLabel} from '../labels.ts';
import {MAX_AGE, MIN_AGE} from '../../lib/dates.ts';
import {ACTIVITY_LABEL, DATABASE_LABEL, type FilterOptions} from './chips.ts';
import {CheckList, CityList, RangeField} from './panel-controls.tsx';
import {activeFilterCount} from './url.ts';
import * as m from '../../paraglide/messages.js';
import {ACTIVITY_RECENCY, type FilterSet} from '../../tables/saved-searches.ts';

/** The card states the list shows (cards awaiting approval have their own page). */
const LIST_STATES = ['active', 'engaged', 'blocked'] as const;

type Change = (next: FilterSet, how?: {replace?: boolean}) => void;

/**
 * The preset filters of the candidate list (issue 14, spec §9) in a panel sliding in from the page's
 * end side (full width on a phone). Every change applies at once: the list behind follows it, and
 * the chips show what is set.
 */
export function FilterPanel({filters, options, onChange}: {filters: FilterSet; options: FilterOptions; onChange: Change}) {
  const [open, setOpen] = useState(false);
  const count = activeFilterCount({...filters, free: undefined});
  return (
    <RadixDialog.Root open={open} onOpenChange={setOpen}>
      <RadixDialog.Trigger className={buttonClass('secondary')} data-testid="filter-panel-open">
        <SlidersHorizontal className="size-4" aria-hidden />
        {count ? m.search_filters_count({count}) : m.search_filters()}
      </RadixDialog.Trigger>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/30" />
        <RadixDialog.Content
          className="fixed inset-y-0 end-0 z-50 flex w-full flex-col bg-white shadow-2xl focus:outline-none sm:w-[26rem]"
          data-testid="filter-panel"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <RadixDialog.Title className="text-base font-semibold text-slate-900">{m.search_filters_title()}</RadixDialog.Title>
            <RadixDialog.Description className="sr-only">{m.search_filters_title()}</RadixDialog.Description>
            <RadixDialog.Close className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100" aria-label={m.action_close()}>
              <X className="size-5" />
            </RadixDialog.Close>
          </div>
          <div className="flex-1 space-y-5 overflow-y-auto px-5 py-4">
            <PanelFields filters={filters} options={options} onChange={onChange} />
          </div>
          <div className="flex items-center justify-between gap-3 border-t border-slate-200 px-5 py-3">
            <Button
              variant="ghost"
              onClick={() => onChange(filters.search ? {search: filters.search} : {})}
              disabled={count === 0 && !filters.free}
              data-testid="filter-panel-clear"
            >
              {m.search_clear_all()}
            </Button>
            <Button onClick={() => setOpen(false)} data-testid="filter-panel-done">
              {m.search_show_results()}
            </Button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

type LookupFilter = 'sectors' | 'communities' | 'maritalStatuses' | 'statuses' | 'institutions' | 'owners';

function PanelFields({filters, options, onChange}: {filters: FilterSet; options: FilterOptions; onChange: Change}) {
  const set = <K extends keyof FilterSet>(key: K, value: FilterSet[K], how?: {replace?: boolean}) =>
    onChange({...filters, [key]: value}, how);
  const dateRange = (key: 'added' | 'updated') => (change: DateRangeParams) => {
    const next = {...filters[key], ...change};
    set(key, next.range ? {range: next.range, from: next.from, until: next.until} : undefined, {
      replace: next.range === 'custom',
    });
  };
  /** A filter chosen from a list the database (or the card catalogue) holds. */
  const lookup = (key: LookupFilter, legend: string, testid: string) => (
    <CheckList legend={legend} options={options[key]} value={filters[key]} onChange={v => set(key, v)} testid={testid} />
  );
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <Labelled label={m.column_gender()}>
          <Select
            value={filters.gender ?? ''}
            onChange={e => set('gender', (e.target.value || undefined) as FilterSet['gender'])}
            data-testid="filter-gender"
          >
            <option value="">{m.filter_any()}</option>
            <option value="female">{genderLabel.female()}</option>
            <option value="male">{genderLabel.male()}</option>
          </Select>
        </Labelled>
        <Labelled label={m.search_database()}>
          <Select
            value={filters.database ?? ''}
            onChange={e => set('database', (e.target.value || undefined) as FilterSet['database'])}
            data-testid="filter-database"
          >
            <option value="">{m.filter_any()}</option>
            <option value="general">{DATABASE_LABEL.general()}</option>
            <option value="personal">{DATABASE_LABEL.personal()}</option>
          </Select>
        </Labelled>
      </div>
      <RangeField
        legend={m.column_age()}
        min={MIN_AGE}
        max={MAX_AGE}
        from={filters.ageFrom}
        to={filters.ageTo}
        onChange={(ageFrom, ageTo) => onChange({...filters, ageFrom, ageTo}, {replace: true})}
        testid="filter-age"
      />
      {lookup('sectors', m.column_sector(), 'filter-sectors')}
      {lookup('communities', m.pf_community(), 'filter-communities')}
      {lookup('maritalStatuses', m.pf_marital_status(), 'filter-marital-statuses')}
      {lookup('statuses', m.column_status(), 'filter-statuses')}
      <CheckList
        legend={m.search_state()}
        options={LIST_STATES.map(id => ({id, label: STATE_LABEL[id]()}))}
        value={filters.states}
        onChange={v => set('states', v as FilterSet['states'])}
        testid="filter-states"
      />
      <RangeField
        legend={m.search_height()}
        min={120}
        max={230}
        from={filters.heightFrom}
        to={filters.heightTo}
        onChange={(heightFrom, heightTo) => onChange({...filters, heightFrom, heightTo}, {replace: true})}
        testid="filter-height"
      />
      <CityList legend={m.field_city()} value={filters.cities} onChange={v => set('cities', v)} testid="filter-cities" />
      {lookup('institutions', m.pf_institution(), 'filter-institutions')}
      {lookup('owners', m.column_owner(), 'filter-owners')}
      <div className="divide-y divide-slate-100">
        <Toggle
          label={m.search_open_now()}
          checked={filters.openNow === true}
          onChange={on => set('openNow', on || undefined)}
          testid="filter-open-now"
        />
        <Toggle
          label={m.search_no_suggestion()}
          checked={filters.noSuggestionHalfYear === true}
          onChange={on => set('noSuggestionHalfYear', on || undefined)}
          testid="filter-no-suggestion"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <DateRangeFilter
          label={m.search_added()}
          value={filters.added ?? {}}
          onChange={dateRange('added')}
          testid="filter-added"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <DateRangeFilter
          label={m.search_updated()}
          value={filters.updated ?? {}}
          onChange={dateRange('updated')}
          testid="filter-updated"
        />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <Labelled label={m.search_activity()}>
          <Select
            value={filters.activity ?? ''}
            onChange={e => set('activity', (e.target.value || undefined) as FilterSet['activity'])}
            data-testid="filter-activity"
          >
            <option value="">{m.filter_any()}</option>
            {ACTIVITY_RECENCY.map(a => (
              <option key={a} value={a}>
                {ACTIVITY_LABEL[a]()}
              </option>
            ))}
          </Select>
        </Labelled>
        <IdleDays value={filters.idleDays} onChange={idleDays => set('idleDays', idleDays, {replace: true})} />
      </div>
    </>
  );
}

/** No activity for at least N days (1–3650); a value out of bounds says so and is not applied. */
function IdleDays({value, onChange}: {value: number | undefined; onChange: (days: number | undefined) => void}) {
  const [typed, setTyped] = useState(value === undefined ? '' : String(value));
  const [applied, setApplied] = useState(value);
  if (applied !== value) {
    setApplied(value);
    setTyped(value === undefined ? '' : String(value));
  }
  const days = typed.trim() === '' ? undefined : /^\d+$/.test(typed.trim()) ? Number(typed.trim()) : NaN;
  const valid = days === undefined || (days >= 1 && days <= 3650);
  return (
    <Labelled label={m.search_idle_days()}>
      <TextInput
        inputMode="numeric"
        value={typed}
        onChange={e => {
          setTyped(e.target.value);
          const t = e.target.value.trim();
          const n = t === '' ? undefined : /^\d+$/.test(t) ? Number(t) : NaN;
          if (n === undefined || (n >= 1 && n <= 3650)) {
            setApplied(n);
            onChange(n);
          }
        }}
        aria-invalid={!valid}
        data-testid="filter-idle-days"
      />
      {!valid && (
        <span role="alert" className="block text-xs font-normal text-rose-600" data-field-error>
          {m.search_error_number({min: 1, max: 3650})}
        </span>
      )}
    </Labelled>
  );
}
