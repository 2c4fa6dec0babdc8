import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import type {Labels, Locale} from '../../zero-schema.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {communitySchema, sectorSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';

const LANGUAGES: ReadonlyArray<{locale: Locale; label: () => string}> = [
  {locale: 'he', label: m.places_label_he},
  {locale: 'en', label: m.places_label_en},
  {locale: 'de', label: m.places_label_de},
  {locale: 'ru', label: m.places_label_ru},
];

/** Spec §8's "enter name": a sector's or a community's name is no person's full name. */
const REQUIRED = {'labels.he': m.required_forename, name: m.required_forename};

/** A new sector or a rename: its name in each language (Hebrew required; the others fall back to it). */
export function SectorDialog({sector, onClose}: {sector: {id: string; labels: Labels} | undefined; onClose: () => void}) {
  const [labels, setLabels] = useState<Record<Locale, string>>({he: '', en: '', de: '', ru: '', ...sector?.labels});
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    sectorSchema,
    sector ? mutators.sectors.rename : mutators.sectors.create,
    onClose,
    m.saved_successfully,
    REQUIRED,
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({id: sector?.id ?? nanoid(), labels}));
  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={sector ? m.sector_edit_title() : m.sector_new_title()}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="sector-form">
        {LANGUAGES.map(({locale, label}) => (
          <Field key={locale} label={locale === 'he' ? `${label()} *` : label()} error={errors[`labels.${locale}`]}>
            {p => (
              <TextInput
                {...p}
                name={`labels.${locale}`}
                lang={locale}
                dir={locale === 'he' ? 'rtl' : 'ltr'}
                maxLength={60}
                value={labels[locale]}
                onChange={e => (setLabels(prev => ({...prev, [locale]: e.target.value})), clearError(`labels.${locale}`))}
                autoFocus={locale === 'he'}
              />
            )}
          </Field>
        ))}
        <DialogActions saving={saving} onCancel={onClose} testid="save-place" />
      </form>
    </Dialog>
  );
}

/** A new community or a rename: one name (a proper name, the same in every language). */
export function CommunityDialog({community, onClose}: {community: {id: string; name: string} | undefined; onClose: () => void}) {
  const [name, setName] = useState(community?.name ?? '');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    communitySchema,
    community ? mutators.communities.rename : mutators.communities.create,
    onClose,
    m.saved_successfully,
    REQUIRED,
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({id: community?.id ?? nanoid(), name}));
  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={community ? m.community_edit_title() : m.community_new_title()}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="community-form">
        <Field label={`${m.community_name()} *`} error={errors.name}>
          {p => (
            <TextInput
              {...p}
              name="name"
              maxLength={80}
              value={name}
              onChange={e => (setName(e.target.value), clearError('name'))}
              autoFocus
            />
          )}
        </Field>
        <DialogActions saving={saving} onCancel={onClose} testid="save-place" />
      </form>
    </Dialog>
  );
}
