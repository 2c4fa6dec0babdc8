import {validate} from '../lib/field-errors.ts';
import {Field, TextInput} from '../ui/controls.tsx';
import {needsAttentionDaysSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The days a typed value stands for, or the translated reason it stands for none. */
export function daysOf(typed: string): {ok: true; days: number} | {ok: false; error: string} {
  const checked = validate(
    needsAttentionDaysSchema,
    {days: typed.trim() === '' ? undefined : Number(typed)},
    {days: m.needs_attention_days_required},
  );
  return checked.ok ? {ok: true, days: checked.value.days} : {ok: false, error: checked.errors.days ?? m.error_invalid_input()};
}

/** "No activity in N days": a whole number of days, its error right below it. */
export function DaysField({
  typed,
  onChange,
  error,
}: {
  typed: string;
  onChange: (typed: string) => void;
  error: string | undefined;
}) {
  return (
    <div className="w-40">
      <Field label={m.needs_attention_days()} error={error}>
        {p => (
          <TextInput
            {...p}
            type="number"
            inputMode="numeric"
            min={1}
            max={3650}
            value={typed}
            onChange={e => onChange(e.target.value)}
            data-testid="needs-attention-days"
          />
        )}
      </Field>
    </div>
  );
}
