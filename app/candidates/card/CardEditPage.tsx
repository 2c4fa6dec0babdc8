import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useBlocker, useNavigate, useParams} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {useEffect, useState, type FormEvent} from 'react';
import {toast} from 'sonner';
import {LookupOptions} from '../../LookupOptions.tsx';
import {validate, type FieldErrors} from '../../lib/field-errors.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {queries} from '../../queries.ts';
import {Button, Field, Select, TextInput} from '../../ui/controls.tsx';
import {usePageTitle} from '../../ui/page-title.ts';
import {CARD_SECTIONS, OPTIONS, type CardField} from './fields.ts';
import {cardArgs, formFromCard, formsDiffer, type CardForm} from './form.ts';
import {cardSaveSchema} from './mutators.ts';
import {COLOURS} from './schema.ts';
import {COLOUR_LABEL} from './colours.ts';
import {CardPresence} from './CardPresence.tsx';
import * as m from '../../paraglide/messages.js';

const textareaClass =
  'block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500';

/**
 * Editing a whole card (spec §2 edit, /home/tickets/edit/{id}): the catalogue's sections, a sticky
 * save bar, a warning before leaving with unsaved changes, and no silent overwrite of someone else's
 * newer save (the server refuses a save begun on an older revision; the form offers their version).
 */
export function CardEditPage() {
  const {id} = useParams({strict: false}) as {id: string};
  const zero = useZero();
  const navigate = useNavigate();
  const [card, details] = useQuery(queries.candidates.card({id}));
  const [sectors] = useQuery(queries.lookups.sectors());
  const [statuses] = useQuery(queries.lookups.statuses());
  const [communities] = useQuery(queries.lookups.communities());
  const [loaded, setLoaded] = useState<{form: CardForm; revision: number}>();
  const [form, setForm] = useState<CardForm>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  usePageTitle(card ? `${m.card_edit()} · ${card.forename} ${card.surname}` : m.card_edit());

  const load = () => {
    if (!card) return;
    const fresh = formFromCard(card);
    setLoaded({form: fresh, revision: card.revision});
    setForm(fresh);
    setErrors({});
  };
  // The form starts from the card as it is when it first arrives; later saves by others are offered, not forced.
  useEffect(() => {
    if (card && !loaded) load();
  });

  const dirty = loaded !== undefined && formsDiffer(form, loaded.form);
  useBlocker({shouldBlockFn: () => dirty && !saving && !window.confirm(m.card_leave_confirm()), enableBeforeUnload: () => dirty});

  if (!card || !loaded) {
    return details.type === 'complete' && !card ? <p className="py-16 text-center text-slate-500">{m.card_not_found()}</p> : null;
  }
  const newerElsewhere = card.revision !== loaded.revision;

  const set = (key: string, value: string | string[]) => {
    setForm(f => ({...f, [key]: value}));
    setErrors(({[key]: _, [`details.${key}`]: __, ...rest}) => rest);
  };

  // The first field in error comes into view with focus, wherever it is in the long form.
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid=card-form] [aria-invalid=true]')?.focus());
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(cardSaveSchema, cardArgs(id, loaded!.revision, form));
    if (!checked.ok) {
      showErrors(checked.errors);
      toast.error(m.error_invalid_input());
      return;
    }
    setSaving(true);
    const outcome = await confirmed(zero.mutate(mutators.cards.save(checked.value)));
    setSaving(false);
    if (!outcome.ok) {
      showErrors(outcome.fields);
      toast.error(outcome.message);
      return;
    }
    toast.success(m.saved_successfully());
    setLoaded({form, revision: loaded!.revision + 1});
    void navigate({to: '/home/tickets/$id', params: {id}});
  }

  const control = (field: CardField, error: string | undefined) => {
    const value = form[field.key] ?? '';
    const kind = field.kind;
    return (
      <Field key={field.key} label={field.label() + (field.required ? ' *' : '')} error={error}>
        {p => {
          switch (kind.type) {
            case 'long':
              return (
                <textarea
                  {...p}
                  name={field.key}
                  rows={3}
                  maxLength={kind.max}
                  className={textareaClass}
                  value={value as string}
                  onChange={e => set(field.key, e.target.value)}
                />
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
                  {communities.map(c => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </Select>
              );
            default: {
              const ltr = kind.type === 'phone' || kind.type === 'phones' || kind.type === 'idNumber' || kind.type === 'number';
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
                        : undefined
                  }
                  placeholder={kind.type === 'phones' ? m.card_phones_hint() : undefined}
                  className={ltr ? 'text-start rtl:text-end' : undefined}
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
  const core = (key: string, label: string, input: 'text' | 'date' = 'text') => (
    <Field label={`${label} *`} error={errors[key]}>
      {p => <TextInput {...p} name={key} type={input} value={form[key] as string} onChange={e => set(key, e.target.value)} />}
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-5xl pb-28" data-testid="card-form">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          {m.card_edit()} ·{' '}
          <bdi>
            {card.forename} {card.surname}
          </bdi>
        </h1>
        <Link to="/home/tickets/$id" params={{id}} className="text-sm font-medium text-brand-700 hover:underline">
          {m.card_view()}
        </Link>
      </div>
      <CardPresence profileID={id} mode="edit" className="-mt-3 mb-6" />
      {newerElsewhere && (
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="card-newer"
        >
          {m.card_newer_version()}
          <Button variant="secondary" onClick={load}>
            {m.card_load_newer()}
          </Button>
        </div>
      )}

      <div className="space-y-6">
        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{m.card_core()}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {core('forename', m.field_forename())}
            {core('surname', m.field_surname())}
            <Field label={`${m.field_gender()} *`} error={errors.gender}>
              {p => (
                <Select {...p} name="gender" value={form.gender as string} onChange={e => set('gender', e.target.value)}>
                  <option value="male">{m.gender_male()}</option>
                  <option value="female">{m.gender_female()}</option>
                </Select>
              )}
            </Field>
            {core('birthDate', m.field_birth_date(), 'date')}
            {core('city', m.field_city())}
            <Field label={`${m.field_sector()} *`} error={errors.sectorID}>
              {p => (
                <Select {...p} name="sectorID" value={form.sectorID as string} onChange={e => set('sectorID', e.target.value)}>
                  <LookupOptions rows={sectors} />
                </Select>
              )}
            </Field>
          </div>
        </section>

        {CARD_SECTIONS.map(section => (
          <section
            key={section.id}
            className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
            data-testid={`form-section-${section.id}`}
          >
            <h2 className="mb-4 text-base font-semibold text-slate-900">{section.title()}</h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {section.fields
                .filter((f: CardField) => !f.gender || f.gender === form.gender)
                .map((f: CardField) => (
                  <div key={f.key} className={clsx(f.kind.type === 'long' && 'sm:col-span-2 lg:col-span-3')}>
                    {control(f, errorOf(f))}
                  </div>
                ))}
            </div>
          </section>
        ))}

        <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
          <h2 className="mb-4 text-base font-semibold text-slate-900">{m.card_admin()}</h2>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            <Field label={m.field_status()} error={errors.statusID}>
              {p => (
                <Select {...p} name="statusID" value={form.statusID as string} onChange={e => set('statusID', e.target.value)}>
                  <LookupOptions rows={statuses} />
                </Select>
              )}
            </Field>
            <Field label={m.card_open_from()} error={errors.openFrom}>
              {p => (
                <TextInput
                  {...p}
                  name="openFrom"
                  type="date"
                  value={form.openFrom as string}
                  onChange={e => set('openFrom', e.target.value)}
                />
              )}
            </Field>
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
            </Field>
          </div>
        </section>
      </div>

      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur print:hidden">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p
            className={clsx('text-sm', dirty ? 'font-medium text-amber-700' : 'text-slate-500')}
            data-testid="card-dirty"
            aria-live="polite"
          >
            {dirty ? m.card_unsaved() : m.card_all_saved()}
          </p>
          <div className="flex gap-2">
            <Link
              to="/home/tickets/$id"
              params={{id}}
              className="rounded-lg px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {m.action_cancel()}
            </Link>
            <Button type="submit" disabled={saving || !dirty} data-testid="card-save">
              {m.card_save()}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
