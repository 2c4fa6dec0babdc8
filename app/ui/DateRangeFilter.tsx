import {DATE_RANGES, type DateRange, type DateRangeParams} from '../lib/date-ranges.ts';
import {Labelled, Select} from './controls.tsx';
import {DateInput} from './DateInput.tsx';
import * as m from '../paraglide/messages.js';

export const RANGE_LABEL: Record<DateRange, () => string> = {
  today: m.range_since_today,
  month: m.range_last_month,
  year: m.range_last_year,
  custom: m.range_custom,
};

/**
 * A list's date filter (spec §9 ranges, lib/date-ranges.ts): the range, and with 'custom' the from/until
 * days. Choosing a range clears the days, so a custom window never lingers in the URL behind another
 * range. onChange gets the keys that change, for the list to merge into its filters. Its cells sit in
 * the filters' own grid; the test ids are `${testid}-range`, `-from`, `-until`.
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
  testid,
}: {
  label: string;
  value: DateRangeParams;
  onChange: (change: DateRangeParams) => void;
  testid: string;
}) {
  return (
    <>
      <Labelled label={label}>
        <Select
          value={value.range ?? ''}
          onChange={e =>
            onChange({range: (e.target.value || undefined) as DateRange | undefined, from: undefined, until: undefined})
          }
          data-testid={`${testid}-range`}
        >
          <option value="">{m.filter_any()}</option>
          {DATE_RANGES.map(r => (
            <option key={r} value={r}>
              {RANGE_LABEL[r]()}
            </option>
          ))}
        </Select>
      </Labelled>
      {value.range === 'custom' && (
        <>
          <Labelled label={m.range_from()}>
            <DateInput
              fieldProps={{id: `${testid}-from`, 'aria-invalid': false}}
              name={`${testid}-from`}
              value={value.from}
              onChange={from => onChange({from: from || undefined})}
            />
          </Labelled>
          <Labelled label={m.range_until()}>
            <DateInput
              fieldProps={{id: `${testid}-until`, 'aria-invalid': false}}
              name={`${testid}-until`}
              value={value.until}
              onChange={until => onChange({until: until || undefined})}
            />
          </Labelled>
        </>
      )}
    </>
  );
}
