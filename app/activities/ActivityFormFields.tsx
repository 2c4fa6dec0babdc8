import type {ReactNode} from 'react';
import {MomentField} from '../ui/MomentField.tsx';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import type {FieldErrors} from '../lib/field-errors.ts';
import {CandidatePicker} from './CandidatePicker.tsx';
import type {ActivityForm} from './form.ts';
import {STATUS_LABEL, TYPE_LABEL} from './labels.ts';
import {ACTIVITY_STATUSES, ACTIVITY_TYPES} from './schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * The activity's own fields (spec §3): type and status, title and summary, the reminder's date and
 * time on the user's clock, and the two sides. Each shows its error (the schema's, or the server's
 * 'wrongSide'/'notFound') right below it.
 */
export function ActivityFormFields({
  form,
  set,
  errors,
  readOnly,
}: {
  form: ActivityForm;
  set: (key: keyof ActivityForm, value: string) => void;
  errors: FieldErrors;
  readOnly: boolean;
}) {
  return (
    <div className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
      <Field label={m.activity_type()} error={errors.type}>
        {props => (
          <Select {...props} name="type" value={form.type} disabled={readOnly} onChange={e => set('type', e.target.value)}>
            {ACTIVITY_TYPES.map(t => (
              <option key={t} value={t}>
                {TYPE_LABEL[t]()}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={m.activity_status()} error={errors.status}>
        {props => (
          <Select {...props} name="status" value={form.status} disabled={readOnly} onChange={e => set('status', e.target.value)}>
            {ACTIVITY_STATUSES.map(s => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]()}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Wide>
        <Field label={m.activity_title()} error={errors.title}>
          {props => (
            <TextInput
              {...props}
              name="title"
              value={form.title}
              maxLength={200}
              readOnly={readOnly}
              onChange={e => set('title', e.target.value)}
            />
          )}
        </Field>
      </Wide>
      <Field label={m.activity_candidate_a()} error={errors.maleProfileID}>
        {props => (
          <CandidatePicker
            side="male"
            value={form.maleProfileID}
            onChange={id => set('maleProfileID', id)}
            fieldProps={props}
            disabled={readOnly}
          />
        )}
      </Field>
      <Field label={m.activity_candidate_b()} error={errors.femaleProfileID}>
        {props => (
          <CandidatePicker
            side="female"
            value={form.femaleProfileID}
            onChange={id => set('femaleProfileID', id)}
            fieldProps={props}
            disabled={readOnly}
          />
        )}
      </Field>
      <Wide>
        <Field label={m.activity_summary()} error={errors.summary}>
          {props => (
            <textarea
              {...props}
              name="summary"
              rows={4}
              value={form.summary}
              readOnly={readOnly}
              onChange={e => set('summary', e.target.value)}
              className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
            />
          )}
        </Field>
      </Wide>
      <MomentField
        label={m.activity_reminder()}
        timeLabel={m.activity_reminder_time()}
        name="reminder"
        value={{date: form.reminderDate, time: form.reminderTime}}
        error={errors.reminderAt}
        readOnly={readOnly}
        onChange={({date, time}) => (set('reminderDate', date), set('reminderTime', time))}
      />
    </div>
  );
}

function Wide({children}: {children: ReactNode}) {
  return <div className="sm:col-span-2">{children}</div>;
}
