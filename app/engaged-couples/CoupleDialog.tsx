import {useQuery} from '@rocicorp/zero/react';
import {nanoid} from 'nanoid';
import {useEffect, useState, type FormEvent} from 'react';
import {CandidatePicker} from '../activities/CandidatePicker.tsx';
import {personName} from '../activities/labels.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {candidateQueries} from '../candidates/queries.ts';
import {engagedCoupleQueries} from './queries.ts';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {coupleSchema} from './schema.ts';
import {isolated} from './labels.ts';
import type {ListedCouple} from './queries.ts';
import * as m from '../paraglide/messages.js';

type Side = 'male' | 'female';
type Values = {
  maleProfileID: string;
  maleName: string;
  maleIDNumber: string;
  femaleProfileID: string;
  femaleName: string;
  femaleIDNumber: string;
  fatherName: string;
  shadchanID: string;
  rabbi: string;
  note: string;
};

const valuesOf = (c: ListedCouple | undefined): Values => ({
  maleProfileID: c?.maleProfileID ?? '',
  maleName: c?.maleName ?? '',
  maleIDNumber: c?.maleIDNumber ?? '',
  femaleProfileID: c?.femaleProfileID ?? '',
  femaleName: c?.femaleName ?? '',
  femaleIDNumber: c?.femaleIDNumber ?? '',
  fatherName: c?.fatherName ?? '',
  shadchanID: c?.shadchanID ?? '',
  rabbi: c?.rabbi ?? '',
  note: c?.note ?? '',
});

/** What the mazal-tov form starts from: the card it was opened on, as one side. */
export type ReportFrom = {side: Side; profileID: string; name: string; idNumber: string};

/**
 * The couple form (spec §3 "Engaged couple", §5): each side a card chosen from the system and/or a
 * typed name and ID number, the father's name, the making shadchan, the approving rabbi; who submitted
 * it and when are shown. An editor records a new couple (confirmed at once) or edits one; with `report`
 * it is the shadchan's mazal-tov form: a pending couple, the reporter its making shadchan.
 */
export function CoupleDialog({couple, report, onClose}: {couple?: ListedCouple; report?: ReportFrom; onClose: () => void}) {
  const [values, setValues] = useState<Values>(() => ({
    ...valuesOf(couple),
    ...(report
      ? {
          [`${report.side}ProfileID`]: report.profileID,
          [`${report.side}Name`]: report.name,
          [`${report.side}IDNumber`]: report.idNumber,
        }
      : {}),
  }));
  const [shadchanim] = useQuery(!report && engagedCoupleQueries.shadchanim());
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    coupleSchema,
    report ? mutators.engagedCouples.report : couple ? mutators.engagedCouples.edit : mutators.engagedCouples.record,
    onClose,
    report ? m.couples_reported : m.saved_successfully,
  );

  function set(field: keyof Values, value: string) {
    setValues(prev => ({...prev, [field]: value}));
    clearError(field);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    await save({
      ...values,
      id: couple?.id ?? nanoid(),
      maleProfileID: values.maleProfileID || null,
      femaleProfileID: values.femaleProfileID || null,
      shadchanID: values.shadchanID || null,
    });
  }

  const text = (field: keyof Values, label: string, props: {dir?: 'ltr'; maxLength: number; inputMode?: 'numeric'}) => (
    <Field label={label} error={errors[field]}>
      {p => <TextInput {...p} {...props} name={field} value={values[field]} onChange={e => set(field, e.target.value)} />}
    </Field>
  );

  const sideFields = (side: Side) => (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-slate-200 p-3" data-testid={`couple-${side}`}>
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {side === 'male' ? m.couples_groom() : m.couples_bride()}
      </legend>
      {report?.side === side ? (
        <p className="text-sm font-medium text-slate-900">
          <bdi>{report.name}</bdi>
        </p>
      ) : (
        <>
          <Field label={m.couples_card()} error={errors[`${side}ProfileID`]}>
            {p => (
              <SidePicker
                side={side}
                value={values[`${side}ProfileID`]}
                fieldProps={p}
                onChange={(id, chosen) =>
                  setValues(prev => ({
                    ...prev,
                    [`${side}ProfileID`]: id,
                    ...(chosen && !prev[`${side}Name`] ? {[`${side}Name`]: chosen.name} : {}),
                    ...(chosen && !prev[`${side}IDNumber`] ? {[`${side}IDNumber`]: chosen.idNumber} : {}),
                  }))
                }
              />
            )}
          </Field>
          {text(`${side}Name`, `${m.couples_name()} *`, {maxLength: 120})}
        </>
      )}
      {text(`${side}IDNumber`, m.couples_id_number(), {dir: 'ltr', maxLength: 11, inputMode: 'numeric'})}
    </fieldset>
  );

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={report ? m.couples_mazal_tov_title() : couple ? m.couples_edit_title() : m.couples_new_title()}
      description={m.couples_id_rule()}
      wide
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="couple-form">
        <div className="grid gap-4 md:grid-cols-2">
          {sideFields('male')}
          {sideFields('female')}
        </div>
        {text('fatherName', m.couples_father_name(), {maxLength: 120})}
        <div className="grid gap-4 sm:grid-cols-2">
          {!report && (
            <Field label={m.couples_shadchan()} error={errors.shadchanID}>
              {p => (
                <Select {...p} name="shadchanID" value={values.shadchanID} onChange={e => set('shadchanID', e.target.value)}>
                  <option value="">{m.card_choose()}</option>
                  {(shadchanim ?? []).map(u => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          {text('rabbi', m.couples_rabbi(), {maxLength: 120})}
        </div>
        <Field label={m.couples_note()} error={errors.note}>
          {p => (
            <textarea
              {...p}
              name="note"
              rows={report ? 2 : 3}
              maxLength={2000}
              value={values.note}
              onChange={e => set('note', e.target.value)}
              className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
            />
          )}
        </Field>
        {couple && (
          <p className="text-sm text-slate-500" data-testid="couple-submitted">
            {m.couples_submitted({
              who: isolated(couple.submitter?.name ?? m.couples_by_candidate()),
              when: isolated(formatLocalDateTime(couple.submittedAt)),
            })}
          </p>
        )}
        <DialogActions saving={saving} onCancel={onClose} testid="save-couple" />
      </form>
    </Dialog>
  );
}

/**
 * The activity form's side picker. The chosen card's name and ID number (the user may see that card) are
 * handed on, to fill the side's empty fields: §5 counts the ID numbers the couple holds.
 */
function SidePicker({
  side,
  value,
  fieldProps,
  onChange,
}: {
  side: Side;
  value: string;
  fieldProps: {id: string; 'aria-invalid': boolean; 'aria-describedby'?: string};
  onChange: (id: string, chosen?: {name: string; idNumber: string}) => void;
}) {
  const [chosen] = useQuery(value !== '' && candidateQueries.card({id: value}));
  const chosenName = chosen ? personName(chosen) : undefined;
  const chosenIDNumber = chosen?.detail?.idNumber ?? '';
  useEffect(() => {
    if (chosenName) onChange(value, {name: chosenName, idNumber: chosenIDNumber});
    // When the chosen card, then its detail, arrive (the handler is a new function on every render);
    // only empty fields are filled.
  }, [chosenName, chosenIDNumber]);
  return (
    <CandidatePicker side={side} value={value} onChange={id => onChange(id)} fieldProps={fieldProps} disabled={false} engaged />
  );
}
