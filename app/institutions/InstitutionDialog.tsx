import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import type {Row} from '@rocicorp/zero';
import type {Schema} from '../../zero-schema.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {INSTITUTION_TYPES, institutionSchema, variationsOf} from './schema.ts';
import {TYPE_LABEL} from './labels.ts';
import * as m from '../paraglide/messages.js';

type Institution = Row<Schema['tables']['institution']>;

/** Spec §8's "enter name" (not a person's "full name") and a type to choose. */
const REQUIRED = {name: m.required_forename, type: m.institution_type_required};

/** New institution, or an edit of one: name, type and other spellings (one per line). */
export function InstitutionDialog({institution, onClose}: {institution: Institution | undefined; onClose: () => void}) {
  const [name, setName] = useState(institution?.name ?? '');
  const [type, setType] = useState<string>(institution?.type ?? '');
  const [variations, setVariations] = useState(institution?.variations.join('\n') ?? '');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    institutionSchema,
    institution ? mutators.institutions.update : mutators.institutions.create,
    onClose,
    m.saved_successfully,
    REQUIRED,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    void save({id: institution?.id ?? nanoid(), name, type, variations: variationsOf(variations)});
  }

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={institution ? m.institution_edit_title() : m.institution_new_title()}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="institution-form">
        <Field label={`${m.institution_name()} *`} error={errors.name}>
          {p => (
            <TextInput
              {...p}
              name="name"
              value={name}
              maxLength={120}
              onChange={e => (setName(e.target.value), clearError('name'))}
              autoFocus
            />
          )}
        </Field>
        <Field label={`${m.institution_type()} *`} error={errors.type}>
          {p => (
            <Select {...p} name="type" value={type} onChange={e => (setType(e.target.value), clearError('type'))}>
              <option value="">{m.card_choose()}</option>
              {INSTITUTION_TYPES.map(t => (
                <option key={t} value={t}>
                  {TYPE_LABEL[t]()}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label={m.institution_variations()} error={errors.variations}>
          {p => (
            <textarea
              {...p}
              name="variations"
              rows={3}
              className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset aria-[invalid=true]:ring-rose-500"
              value={variations}
              placeholder={m.institution_variations_hint()}
              onChange={e => (setVariations(e.target.value), clearError('variations'))}
            />
          )}
        </Field>
        <DialogActions saving={saving} onCancel={onClose} testid="save-institution" />
      </form>
    </Dialog>
  );
}
