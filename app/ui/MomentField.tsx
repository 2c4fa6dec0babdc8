import {isoDateToTyped} from '../lib/dates.ts';
import {separateTimeDigits, type MomentParts} from '../lib/moments.ts';
import {DateInput} from './DateInput.tsx';
import {Field, TextInput} from './controls.tsx';
import * as m from '../paraglide/messages.js';

/**
 * A date and time field as the app's other date fields take them (DD-MM-YYYY, HH:MM in 24 hours). The
 * browser's datetime-local input followed the browser's locale instead: mm/dd/yyyy and AM/PM on an
 * English browser, under a Hebrew label. `momentOf` (app/lib/moments.ts) turns the value into a moment.
 * Its inputs are named `${name}Date` and `${name}Time`; read-only, the day shows as typed text.
 */
export function MomentField({
  label,
  timeLabel,
  name,
  value,
  error,
  onChange,
  readOnly = false,
}: {
  label: string;
  timeLabel: string;
  name: string;
  value: MomentParts;
  error: string | undefined;
  onChange: (value: MomentParts) => void;
  readOnly?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      {props => (
        <div className="flex gap-2" data-testid={`${name}-fields`}>
          <div className="min-w-0 flex-1">
            {readOnly ? (
              <TextInput {...props} name={`${name}Date`} value={isoDateToTyped(value.date) ?? value.date} readOnly dir="ltr" />
            ) : (
              <DateInput
                fieldProps={props}
                name={`${name}Date`}
                value={value.date}
                onChange={date => onChange({...value, date})}
              />
            )}
          </div>
          <div className="w-24 shrink-0">
            <TextInput
              name={`${name}Time`}
              aria-label={timeLabel}
              aria-invalid={props['aria-invalid']}
              dir="ltr"
              inputMode="numeric"
              maxLength={5}
              placeholder={m.time_placeholder()}
              className="text-center tabular-nums"
              value={value.time}
              readOnly={readOnly}
              onChange={e => onChange({...value, time: separateTimeDigits(e.target.value)})}
            />
          </div>
        </div>
      )}
    </Field>
  );
}
