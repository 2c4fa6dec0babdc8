import type {ReactNode} from 'react';
import {genderLabel} from '../candidates/labels.ts';
import type {FieldErrors} from '../lib/field-errors.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import type {StaffForm} from './form.ts';
import {EMPLOYMENT_LABEL} from './labels.ts';
import {EMPLOYMENTS, isPlacedRole, type StaffRole} from './schema.ts';
import {StaffPlaceField} from './StaffPlaceField.tsx';
import * as m from '../paraglide/messages.js';

const required = (label: string) => `${label} *`;
const textareaClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500';

/**
 * The shadchan's own fields (spec §3; required marks per §5: name, mobile, gender, role). Each shows
 * its error (the schema's, or the server's duplicate refusals) right below it. `roles` are those the
 * user may give (an administrator only by an administrator, any other only when its preset rights are
 * the editor's own); `heldPlace` is the place saved, kept on offer even once retired.
 */
export function StaffFormFields({
  form,
  set,
  errors,
  roles,
  heldPlace,
}: {
  form: StaffForm;
  set: (key: keyof StaffForm, value: string) => void;
  errors: FieldErrors;
  roles: readonly StaffRole[];
  heldPlace: string;
}) {
  return (
    <div className="grid gap-5 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2">
      <Field label={required(m.staff_name())} error={errors.name}>
        {props => (
          <TextInput
            {...props}
            name="name"
            value={form.name}
            maxLength={100}
            autoComplete="off"
            onChange={e => set('name', e.target.value)}
          />
        )}
      </Field>
      <Field label={required(m.staff_gender())} error={errors.gender}>
        {props => (
          <Select {...props} name="gender" value={form.gender} onChange={e => set('gender', e.target.value)}>
            <option value="" disabled>
              {m.required_gender()}
            </option>
            {(['male', 'female'] as const).map(g => (
              <option key={g} value={g}>
                {genderLabel[g]()}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={required(m.staff_phone())} error={errors.phone}>
        {props => (
          <TextInput
            {...props}
            name="phone"
            type="tel"
            dir="ltr"
            className="text-start"
            value={form.phone}
            onChange={e => set('phone', e.target.value)}
          />
        )}
      </Field>
      <Field label={m.staff_landline()} error={errors.landline}>
        {props => (
          <TextInput
            {...props}
            name="landline"
            type="tel"
            dir="ltr"
            className="text-start"
            value={form.landline}
            onChange={e => set('landline', e.target.value)}
          />
        )}
      </Field>
      <Field label={m.staff_email()} error={errors.email}>
        {props => (
          <TextInput
            {...props}
            name="email"
            type="email"
            dir="ltr"
            className="text-start"
            value={form.email}
            onChange={e => set('email', e.target.value)}
          />
        )}
      </Field>
      <Field label={required(m.staff_role())} error={errors.role}>
        {props => (
          <Select {...props} name="role" value={form.role} onChange={e => set('role', e.target.value)}>
            {roles.map(r => (
              <option key={r} value={r}>
                {roleLabel[r]()}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {isPlacedRole(form.role) && (
        <StaffPlaceField value={form.place} held={heldPlace} error={errors.place} onChange={value => set('place', value)} />
      )}
      <Field label={m.staff_employment()} error={errors.employment}>
        {props => (
          <Select {...props} name="employment" value={form.employment} onChange={e => set('employment', e.target.value)}>
            {EMPLOYMENTS.map(e => (
              <option key={e} value={e}>
                {EMPLOYMENT_LABEL[e]()}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label={m.staff_available_hours()} error={errors.availableHours}>
        {props => (
          <TextInput
            {...props}
            name="availableHours"
            value={form.availableHours}
            maxLength={500}
            onChange={e => set('availableHours', e.target.value)}
          />
        )}
      </Field>
      <Wide>
        <Field label={m.staff_print_notes()} error={errors.printNotes}>
          {props => (
            <textarea
              {...props}
              name="printNotes"
              rows={4}
              maxLength={2000}
              className={textareaClass}
              value={form.printNotes}
              onChange={e => set('printNotes', e.target.value)}
            />
          )}
        </Field>
      </Wide>
    </div>
  );
}

const Wide = ({children}: {children: ReactNode}) => <div className="sm:col-span-2">{children}</div>;
