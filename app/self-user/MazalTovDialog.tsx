import {useRef, useState, type FormEvent} from 'react';
import {selfMazalTovSchema} from '../engaged-couples/schema.ts';
import {fieldErrorsOf, focusFirstInvalid, validate, type FieldErrors} from '../lib/field-errors.ts';
import {call} from '../login/api.ts';
import {Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import * as m from '../paraglide/messages.js';

type Values = {otherName: string; otherIDNumber: string; fatherName: string; rabbi: string; note: string};
const EMPTY: Values = {otherName: '', otherIDNumber: '', fatherName: '', rabbi: '', note: ''};

/**
 * The mazal tov's form (MazalTovSection.tsx): who they are engaged to (name and ID number), the father's name, the
 * rabbi and a note, sent to POST /api/engaged-couples/mazal-tov. A module of its own, fetched when the candidate
 * reaches for the button, so the self-user home draws without the dialog and the form's checks (issue 35).
 */
export function MazalTovDialog({
  gender,
  open,
  setOpen,
  onSent,
}: {
  gender: 'male' | 'female';
  open: boolean;
  setOpen: (open: boolean) => void;
  onSent: () => void;
}) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(formRef.current);
  };
  function set(field: keyof Values, value: string) {
    setValues(prev => ({...prev, [field]: value}));
    setErrors(({[field]: _, ...rest}) => rest);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(selfMazalTovSchema, values);
    if (!checked.ok) return showErrors(checked.errors);
    setSaving(true);
    const result = await call<{coupleID: string}>('/api/engaged-couples/mazal-tov', checked.value);
    setSaving(false);
    if (result.ok) {
      setOpen(false);
      onSent();
      return;
    }
    if (result.issues) return showErrors(fieldErrorsOf(result.issues));
    setProblem(result.error === 'alreadyReported' ? m.couples_self_already() : m.couples_self_failed());
  }

  const text = (field: keyof Values, label: string, props: {dir?: 'ltr'; maxLength: number; inputMode?: 'numeric'}) => (
    <Field label={label} error={errors[field]}>
      {p => <TextInput {...p} {...props} name={field} value={values[field]} onChange={e => set(field, e.target.value)} />}
    </Field>
  );

  return (
    <Dialog open={open} onOpenChange={setOpen} title={m.couples_mazal_tov_title()} description={m.couples_self_hint()}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="self-mazal-tov-form">
        {text('otherName', `${gender === 'female' ? m.couples_groom() : m.couples_bride()}: ${m.couples_name()} *`, {
          maxLength: 120,
        })}
        {text('otherIDNumber', `${m.couples_id_number()} *`, {dir: 'ltr', maxLength: 11, inputMode: 'numeric'})}
        {text('fatherName', m.couples_father_name(), {maxLength: 120})}
        {text('rabbi', m.couples_rabbi(), {maxLength: 120})}
        {text('note', m.couples_note(), {maxLength: 2000})}
        {problem && (
          <p role="alert" className="text-sm text-rose-600">
            {problem}
          </p>
        )}
        <DialogActions saving={saving} onCancel={() => setOpen(false)} testid="send-mazal-tov" />
      </form>
    </Dialog>
  );
}
