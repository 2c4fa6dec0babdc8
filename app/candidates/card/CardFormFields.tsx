import {clsx} from 'clsx';
import type {ReactNode} from 'react';
import {LookupOptions, offered, retiredMark} from '../../LookupOptions.tsx';
import {InstitutionInput, type InstitutionOption} from '../../institutions/InstitutionInput.tsx';
import type {FieldErrors} from '../../lib/field-errors.ts';
import type {Labels} from '../../../zero-schema.ts';
import {Field, LengthCounter, Select, TextInput} from '../../ui/controls.tsx';
import {DateInput} from '../../ui/DateInput.tsx';
import {CARD_SECTIONS, CORE_MAX_LENGTH, OPTIONS, SELF_EDITABLE_FIELDS, type CardField} from './fields.ts';
import type {CardForm} from './form.ts';
import {COLOUR_LABEL} from './colours.ts';
import {MoneyInput} from '../../ui/MoneyInput.tsx';
import * as m from '../../paraglide/messages.js';
import {COLOURS} from '../../tables/colours.ts';

const textareaClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500';

export type Props = {
  form: CardForm;
  set: (key: string, value: string | string[]) => void;
  errors: FieldErrors;
  /** More controls for the administration section (a new card's database, for one). */
  admin?: ReactNode;
  /** The card that already has the typed ID number, when the server named one the user may open. */
  idNumberCard?: string | undefined;
  /**
   * On the edit form: wraps a field in what the live merge says of it (app/candidates/card/merge-mark.tsx); the
   * public form never loads the merge view.
   */
  markField?: FieldMark | undefined;
};

/** Wraps one field's control (its key and the control). */
export type FieldMark = (key: string, field: ReactNode) => ReactNode;

/** The option lists the form offers; staff read them live through Zero, the public form from the API. */
export type CardLookups = {
  sectors: ReadonlyArray<{id: string; labels: Labels; retiredAt?: number | null | undefined}>;
  statuses: ReadonlyArray<{id: string; labels: Labels}>;
  communities: ReadonlyArray<{id: string; name: string; retiredAt?: number | null | undefined}>;
  institutions: readonly InstitutionOption[];
};

/** ID-number refusals that a change to another field can settle (spec §5: they must match it). */
const SETTLED_WITH_ID_NUMBER: Partial<Record<string, () => string>> = {
  birthDate: m.dict_birth_date_mismatch,
  gender: m.dict_gender_mismatch,
};

/**
 * The errors left once `key` changes: its own go (a detail's are keyed `details.<key>`), and so does
 * the ID number's refusal when it was about this field, so no red text outlives what it was about.
 */
export function withoutErrorsOf(key: string, errors: FieldErrors): FieldErrors {
  const {[key]: _, [`details.${key}`]: __, ...rest} = errors;
  if (rest.idNumber !== undefined && rest.idNumber === SETTLED_WITH_ID_NUMBER[key]?.()) delete rest.idNumber;
  return rest;
}

/**
 * The values of the controls a new form does not hold yet. A control starts at '' rather than
 * nothing, so React sees it controlled from the first render (not uncontrolled, then controlled).
 */
const BLANK: CardForm = {
  forename: '',
  surname: '',
  gender: '',
  birthDate: '',
  city: '',
  sectorID: '',
  statusID: '',
  openFrom: '',
  colour: '',
};

const SELF_EDITABLE: ReadonlySet<string> = new Set(SELF_EDITABLE_FIELDS);

/**
 * The card's form, section by section from the catalogue (spec §3): shared by the new-profile screen,
 * the edit screen and the candidate's public form, so all ask the same things the same way. Without
 * Zero: the option lists come in as props. The candidate's form leaves out the administration section
 * (status, open-from date, colour, database), which is the staff's to decide; the candidate editing
 * their own ticket ('self') sees only the fields of SELF_EDITABLE_FIELDS.
 */
export function CardFormFields({
  form: given,
  set,
  errors,
  admin,
  idNumberCard,
  markField,
  lookups: {sectors, statuses, communities, institutions},
  audience = 'staff',
}: Props & {lookups: CardLookups; audience?: 'staff' | 'candidate' | 'self'}) {
  const form = {...BLANK, ...given};
  const mark = markField ?? ((_key: string, field: ReactNode) => field);
  const control = (field: CardField, error: string | undefined) => {
    const value = form[field.key] ?? '';
    const kind = field.kind;
    const linked =
      error && kind.type === 'idNumber' && idNumberCard ? (
        <>
          {error} {/* A plain link: the form is also the public candidate form's, which runs without the router. */}
          <a
            href={`/home/tickets/${encodeURIComponent(idNumberCard)}`}
            target="_blank"
            rel="noopener"
            className="font-medium text-brand-700 underline"
            data-testid="id-number-card"
          >
            {m.card_id_number_open()}
          </a>
        </>
      ) : (
        error
      );
    return (
      <Field key={field.key} label={field.label() + (field.required ? ' *' : '')} error={linked}>
        {p => {
          switch (kind.type) {
            case 'long':
              return (
                <>
                  <textarea
                    {...p}
                    name={field.key}
                    rows={3}
                    maxLength={kind.max}
                    className={textareaClass}
                    value={value as string}
                    onChange={e => set(field.key, e.target.value)}
                  />
                  <LengthCounter length={(value as string).length} max={kind.max} />
                </>
              );
            case 'choice':
            case 'yesNo': {
              const options = kind.type === 'choice' ? OPTIONS[kind.options] : OPTIONS.yesNo;
              return (
                <Select {...p} name={field.key} value={value as string} onChange={e => set(field.key, e.target.value)}>
                  <option value="">{m.card_choose()}</option>
                  {Object.entries(options).map(([option, label]) => (
                    <option key={option} value={option}>
                      {label()}
                    </option>
                  ))}
                </Select>
              );
            }
            case 'choices':
              return (
                <div id={p.id} role="group" className="flex flex-wrap gap-x-4 gap-y-1.5 pt-1">
                  {Object.entries(OPTIONS[kind.options]).map(([option, label]) => (
                    <label key={option} className="inline-flex items-center gap-1.5 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4 accent-brand-700"
                        checked={(value as string[]).includes(option)}
                        onChange={e =>
                          set(
                            field.key,
                            e.target.checked ? [...(value as string[]), option] : (value as string[]).filter(v => v !== option),
                          )
                        }
                      />
                      {label()}
                    </label>
                  ))}
                </div>
              );
            case 'community':
              return (
                <Select {...p} name={field.key} value={value as string} onChange={e => set(field.key, e.target.value)}>
                  <option value="">{m.card_choose()}</option>
                  {offered(communities, value as string).map(c => (
                    <option key={c.id} value={c.id}>
                      {c.name + retiredMark(c)}
                    </option>
                  ))}
                </Select>
              );
            case 'money':
              return <MoneyInput {...p} name={field.key} value={value as string} onChange={typed => set(field.key, typed)} />;
            case 'institution':
              return (
                <InstitutionInput
                  {...p}
                  name={field.key}
                  institutions={institutions}
                  value={value as string}
                  onChange={e => set(field.key, e.target.value)}
                />
              );
            default: {
              const ltr = ['phone', 'phones', 'email', 'idNumber', 'number'].includes(kind.type);
              return (
                <TextInput
                  {...p}
                  name={field.key}
                  dir={ltr ? 'ltr' : undefined}
                  inputMode={
                    kind.type === 'number' || kind.type === 'idNumber'
                      ? 'numeric'
                      : kind.type.startsWith('phone')
                        ? 'tel'
                        : kind.type === 'email'
                          ? 'email'
                          : undefined
                  }
                  placeholder={kind.type === 'phones' ? m.card_phones_hint() : undefined}
                  className={ltr ? 'text-start rtl:text-end' : undefined}
                  maxLength={kind.type === 'text' ? kind.max : undefined}
                  value={value as string}
                  onChange={e => set(field.key, e.target.value)}
                />
              );
            }
          }
        }}
      </Field>
    );
  };

  const errorOf = (field: CardField) => errors[field.key] ?? errors[`details.${field.key}`];
  const core = (key: string, label: string, input: 'text' | 'date' = 'text') =>
    mark(
      key,
      <Field label={`${label} *`} error={errors[key]}>
        {p =>
          input === 'date' ? (
            <DateInput fieldProps={p} name={key} value={form[key] as string | undefined} onChange={value => set(key, value)} />
          ) : (
            <TextInput
              {...p}
              name={key}
              maxLength={CORE_MAX_LENGTH[key as keyof typeof CORE_MAX_LENGTH]}
              value={form[key] as string}
              onChange={e => set(key, e.target.value)}
            />
          )
        }
      </Field>,
    );

  const shown = (f: CardField) => (!f.gender || f.gender === form.gender) && (audience !== 'self' || SELF_EDITABLE.has(f.key));
  return (
    <div className="space-y-6">
      {audience !== 'self' && (
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{m.card_core()}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {core('forename', m.field_forename())}
            {core('surname', m.field_surname())}
            {mark(
              'gender',
              <Field label={`${m.field_gender()} *`} error={errors.gender}>
                {p => (
                  <Select {...p} name="gender" value={form.gender as string} onChange={e => set('gender', e.target.value)}>
                    <option value="">{m.card_choose()}</option>
                    <option value="male">{m.gender_male()}</option>
                    <option value="female">{m.gender_female()}</option>
                  </Select>
                )}
              </Field>,
            )}
            {core('birthDate', m.field_birth_date(), 'date')}
            {core('city', m.field_city())}
            {mark(
              'sectorID',
              <Field label={`${m.field_sector()} *`} error={errors.sectorID}>
                {p => (
                  <Select {...p} name="sectorID" value={form.sectorID as string} onChange={e => set('sectorID', e.target.value)}>
                    <option value="">{m.card_choose()}</option>
                    <LookupOptions rows={sectors} current={form.sectorID as string} />
                  </Select>
                )}
              </Field>,
            )}
          </div>
        </section>
      )}

      {CARD_SECTIONS.filter(section => section.fields.some(shown)).map(section => (
        <section
          key={section.id}
          className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
          data-testid={`form-section-${section.id}`}
        >
          <h2 className="mb-4 text-base font-semibold text-slate-900">{section.title()}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {section.fields.filter(shown).map((f: CardField) => (
              <div key={f.key} className={clsx(f.kind.type === 'long' && 'sm:col-span-2 lg:col-span-3')}>
                {mark(f.key, control(f, errorOf(f)))}
              </div>
            ))}
          </div>
        </section>
      ))}

      {audience === 'staff' && (
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{m.card_admin()}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {mark(
              'statusID',
              <Field label={m.field_status()} error={errors.statusID}>
                {p => (
                  <Select {...p} name="statusID" value={form.statusID as string} onChange={e => set('statusID', e.target.value)}>
                    <LookupOptions rows={statuses} />
                  </Select>
                )}
              </Field>,
            )}
            {mark(
              'openFrom',
              <Field label={m.card_open_from()} error={errors.openFrom}>
                {p => (
                  <DateInput
                    fieldProps={p}
                    name="openFrom"
                    value={form.openFrom as string | undefined}
                    onChange={value => set('openFrom', value)}
                  />
                )}
              </Field>,
            )}
            {mark(
              'colour',
              <Field label={m.card_colour()} error={errors.colour}>
                {p => (
                  <Select {...p} name="colour" value={form.colour as string} onChange={e => set('colour', e.target.value)}>
                    <option value="">{m.card_no_colour()}</option>
                    {COLOURS.map(c => (
                      <option key={c} value={c}>
                        {COLOUR_LABEL[c]()}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>,
            )}
            {admin}
          </div>
        </section>
      )}
    </div>
  );
}
