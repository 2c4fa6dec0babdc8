import {useQuery} from '@rocicorp/zero/react';
import {nanoid} from 'nanoid';
import {useState, type FormEvent} from 'react';
import type {Row} from '@rocicorp/zero';
import type {Schema} from '../../zero-schema.ts';
import {formatPhone} from '../lib/phones.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {representativeInvitationPath, sendInvitation} from '../staff/invite.ts';
import {institutionQueries} from '../institutions/queries.ts';
import {lookupQueries} from '../lookups.ts';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {REPRESENTATIVE_ROLES, representativeSchema} from './schema.ts';
import {ROLE_LABEL} from './labels.ts';
import * as m from '../paraglide/messages.js';

type Representative = Row<Schema['tables']['representative']>;
type Values = {
  name: string;
  role: string;
  gender: string;
  email: string;
  phone: string;
  formCoordinator: string;
  inquiryContact: string;
  phoneHours: string;
  placeID: string;
};

const valuesOf = (r: Representative | undefined): Values => ({
  name: r?.name ?? '',
  role: r?.role ?? '',
  gender: r?.gender ?? '',
  email: r?.email ?? '',
  phone: r?.phone ? formatPhone(r.phone) : '',
  formCoordinator: r?.formCoordinator ?? '',
  inquiryContact: r?.inquiryContact ?? '',
  phoneHours: r?.phoneHours ?? '',
  placeID: r?.institutionID ?? r?.communityID ?? '',
});

/**
 * A new representative or an edit of one (spec §3): the place they represent follows the role (a
 * yeshiva, a seminary or a community; retired ones are offered only to the one who has it). An email or
 * phone is also how they sign in (server/representatives/account.ts).
 */
export function RepresentativeDialog({
  representative,
  onClose,
}: {
  representative: Representative | undefined;
  onClose: () => void;
}) {
  const [values, setValues] = useState(() => valuesOf(representative));
  const [id] = useState(() => representative?.id ?? nanoid());
  const [institutions] = useQuery(institutionQueries.all());
  const [communities] = useQuery(lookupQueries.communities());
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    representativeSchema,
    representative ? mutators.representatives.update : mutators.representatives.create,
    () => {
      // A new representative with a phone or email signs in: their invitation goes out at once (issue 30).
      if (!representative && (values.phone.trim() || values.email.trim())) void sendInvitation(representativeInvitationPath(id));
      onClose();
    },
    m.saved_successfully,
  );
  const kept = representative?.institutionID ?? representative?.communityID;
  const places = (values.role === 'community' ? communities : institutions.filter(i => i.type === values.role)).filter(
    place => place.retiredAt == null || place.id === kept,
  );

  function set(field: keyof Values, value: string) {
    setValues(prev => ({...prev, [field]: value, ...(field === 'role' ? {placeID: ''} : {})}));
    clearError(field);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    await save({...values, id});
  }

  const text = (field: keyof Values, label: string, props: {type?: string; dir?: 'ltr'; maxLength: number}) => (
    <Field label={label} error={errors[field]}>
      {p => <TextInput {...p} {...props} name={field} value={values[field]} onChange={e => set(field, e.target.value)} />}
    </Field>
  );

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={representative ? m.representative_edit_title() : m.representative_new_title()}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="representative-form">
        {text('name', `${m.representative_name()} *`, {maxLength: 100})}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={`${m.representative_role()} *`} error={errors.role}>
            {p => (
              <Select {...p} name="role" value={values.role} onChange={e => set('role', e.target.value)}>
                <option value="">{m.card_choose()}</option>
                {REPRESENTATIVE_ROLES.map(role => (
                  <option key={role} value={role}>
                    {ROLE_LABEL[role]()}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={`${m.representative_place()} *`} error={errors.placeID}>
            {p => (
              <Select
                {...p}
                name="placeID"
                value={values.placeID}
                disabled={!values.role}
                onChange={e => set('placeID', e.target.value)}
              >
                <option value="">{m.card_choose()}</option>
                {places.map(place => (
                  <option key={place.id} value={place.id}>
                    {place.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('email', m.representative_email(), {type: 'email', dir: 'ltr', maxLength: 200})}
          {text('phone', m.representative_phone(), {type: 'tel', dir: 'ltr', maxLength: 30})}
        </div>
        <Field label={m.field_gender()} error={errors.gender}>
          {p => (
            <Select {...p} name="gender" value={values.gender} onChange={e => set('gender', e.target.value)}>
              <option value="">{m.card_choose()}</option>
              <option value="male">{m.gender_male()}</option>
              <option value="female">{m.gender_female()}</option>
            </Select>
          )}
        </Field>
        <p className="text-sm text-slate-500">{m.representative_sign_in_hint()}</p>
        {text('formCoordinator', m.representative_form_coordinator(), {maxLength: 200})}
        {text('inquiryContact', m.representative_inquiry_contact(), {maxLength: 200})}
        {text('phoneHours', m.representative_phone_hours(), {maxLength: 200})}
        <DialogActions saving={saving} onCancel={onClose} testid="save-representative" />
      </form>
    </Dialog>
  );
}
