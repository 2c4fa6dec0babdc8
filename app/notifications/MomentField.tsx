import {reminderOf, separateTimeDigits} from '../activities/form.ts';
import {msToIsoDate} from '../lib/dates.ts';
import {DateInput} from '../ui/DateInput.tsx';
import {Field, TextInput} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/** A moment as its two fields hold it: DateInput's 'YYYY-MM-DD' (or the text typed) and HH:MM. */
export type MomentParts = {date: string; time: string};

const two = (n: number) => String(n).padStart(2, '0');

/** An ISO moment (or none) → its day and time on the user's own clock. */
export function momentParts(iso: string | null): MomentParts {
  if (!iso) return {date: '', time: ''};
  const at = new Date(iso);
  return {
    date: msToIsoDate(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate())),
    time: `${two(at.getHours())}:${two(at.getMinutes())}`,
  };
}

/**
 * The two fields → an ISO moment, null when both are empty, or the text as typed when it names no
 * moment (the schema then calls it an invalid date, by field). A day without a time means `timeIfNone`:
 * a notice "from the 5th" starts as the 5th begins, one "until the 5th" runs to its end.
 */
export function momentOf({date, time}: MomentParts, timeIfNone: string): string | null {
  const at = reminderOf(date, time.trim() === '' && date.trim() !== '' ? timeIfNone : time);
  return typeof at === 'number' ? new Date(at).toISOString() : at;
}

/**
 * A date and time field as the app's other date fields take them (DD-MM-YYYY, HH:MM in 24 hours). The
 * browser's datetime-local input followed the browser's locale instead: mm/dd/yyyy and AM/PM on an
 * English browser, under a Hebrew label.
 */
export function MomentField({
  label,
  timeLabel,
  name,
  value,
  error,
  onChange,
}: {
  label: string;
  timeLabel: string;
  name: string;
  value: MomentParts;
  error: string | undefined;
  onChange: (value: MomentParts) => void;
}) {
  return (
    <Field label={label} error={error}>
      {props => (
        <div className="flex gap-2">
          <div className="min-w-0 flex-1">
            <DateInput fieldProps={props} name={name} value={value.date} onChange={date => onChange({...value, date})} />
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
              onChange={e => onChange({...value, time: separateTimeDigits(e.target.value)})}
            />
          </div>
        </div>
      )}
    </Field>
  );
}
