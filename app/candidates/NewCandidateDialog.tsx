import {useQuery} from '@rocicorp/zero/react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import {queries} from '../queries.ts';
import {mutators} from '../mutators.ts';
import {LookupOptions} from '../LookupOptions.tsx';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {Dialog} from '../ui/Dialog.tsx';
import {Button, Field, Select, TextInput} from '../ui/controls.tsx';
import {candidateCreateSchema, type CandidateCreateInput} from './schema.ts';
import {genderLabel} from './labels.ts';
import * as m from '../paraglide/messages.js';

const EMPTY: Omit<CandidateCreateInput, 'id'> = {
  forename: '',
  surname: '',
  gender: '' as CandidateCreateInput['gender'],
  city: '',
  birthDate: '',
  sectorID: '',
  database: 'general',
};

/** Create a candidate. The form validates with the mutator's own schema; the server checks again. */
export function NewCandidateDialog({open, onOpenChange}: {open: boolean; onOpenChange: (open: boolean) => void}) {
  const [sectors] = useQuery(queries.lookups.sectors());
  const [form, setForm] = useState(EMPTY);
  const {errors, saving, save, clearError} = useMutationForm(
    candidateCreateSchema,
    mutators.candidates.create,
    () => {
      setForm(EMPTY);
      onOpenChange(false);
    },
    m.saved_successfully,
  );

  const set = <K extends keyof typeof form>(key: K, value: (typeof form)[K]) => {
    setForm(f => ({...f, [key]: value}));
    clearError(key);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    void save({...form, id: nanoid()});
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={m.new_candidate_title()} description={m.new_candidate_description()}>
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="new-candidate-form">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={m.field_forename()} error={errors.forename}>
            {p => (
              <TextInput {...p} name="forename" value={form.forename} onChange={e => set('forename', e.target.value)} autoFocus />
            )}
          </Field>
          <Field label={m.field_surname()} error={errors.surname}>
            {p => <TextInput {...p} name="surname" value={form.surname} onChange={e => set('surname', e.target.value)} />}
          </Field>
          <Field label={m.field_gender()} error={errors.gender}>
            {p => (
              <Select
                {...p}
                name="gender"
                value={form.gender}
                onChange={e => set('gender', e.target.value as typeof form.gender)}
              >
                <option value="">{m.select_placeholder()}</option>
                <option value="male">{genderLabel.male()}</option>
                <option value="female">{genderLabel.female()}</option>
              </Select>
            )}
          </Field>
          <Field label={m.field_birth_date()} error={errors.birthDate}>
            {p => (
              <TextInput
                {...p}
                name="birthDate"
                type="date"
                value={form.birthDate}
                onChange={e => set('birthDate', e.target.value)}
              />
            )}
          </Field>
          <Field label={m.field_city()} error={errors.city}>
            {p => <TextInput {...p} name="city" value={form.city} onChange={e => set('city', e.target.value)} />}
          </Field>
          <Field label={m.field_sector()} error={errors.sectorID}>
            {p => (
              <Select {...p} name="sectorID" value={form.sectorID} onChange={e => set('sectorID', e.target.value)}>
                <option value="">{m.select_placeholder()}</option>
                <LookupOptions rows={sectors} />
              </Select>
            )}
          </Field>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">{m.field_database()}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['general', 'personal'] as const).map(db => (
              <label
                key={db}
                className="flex cursor-pointer items-start gap-2.5 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:bg-brand-50 has-[:checked]:ring-brand-500"
              >
                <input
                  type="radio"
                  name="database"
                  value={db}
                  checked={form.database === db}
                  onChange={() => set('database', db)}
                  className="mt-0.5 accent-brand-700"
                />
                <span>
                  <span className="block text-sm font-medium">
                    {db === 'general' ? m.database_general() : m.database_personal()}
                  </span>
                  <span className="block text-xs text-slate-600">
                    {db === 'general' ? m.database_general_hint() : m.database_personal_hint()}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {m.action_cancel()}
          </Button>
          <Button type="submit" disabled={saving} data-testid="save-candidate">
            {saving ? m.saving() : m.action_create()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
