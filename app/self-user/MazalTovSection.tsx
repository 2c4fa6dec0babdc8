import {PartyPopper} from 'lucide-react';
import {useRef, useState, type FormEvent} from 'react';
import {selfMazalTovSchema} from '../engaged-couples/schema.ts';
import {fieldErrorsOf, focusFirstInvalid, validate, type FieldErrors} from '../lib/field-errors.ts';
import {call} from '../login/api.ts';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import * as m from '../paraglide/messages.js';

type Values = {otherName: string; otherIDNumber: string; fatherName: string; rabbi: string; note: string};
const EMPTY: Values = {otherName: '', otherIDNumber: '', fatherName: '', rabbi: '', note: ''};

/**
 * The candidate's mazal tov (issue 15) on the self-user home: for an open ticket, they name the one they
 * are engaged to (name and ID number), the father's name, the rabbi and a note; it reaches the office as
 * a pending couple (POST /api/engaged-couples/mazal-tov), their own ticket as one side.
 */
export function MazalTovSection({
  ticket,
}: {
  ticket: {gender: 'male' | 'female'; deleted: boolean; locked: boolean; pending: boolean};
}) {
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string>();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  if (ticket.deleted || ticket.locked || ticket.pending) return null;

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
      setSent(true);
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

  if (sent) {
    return (
      <p className="rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800" data-testid="mazal-tov-sent">
        {m.couples_reported()}
      </p>
    );
  }
  return (
    <>
      <Button variant="secondary" className="w-full py-2.5" onClick={() => setOpen(true)} data-testid="self-mazal-tov">
        <PartyPopper className="size-4" aria-hidden />
        {m.couples_self_button()}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={m.couples_mazal_tov_title()} description={m.couples_self_hint()}>
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="self-mazal-tov-form">
          {text('otherName', `${ticket.gender === 'female' ? m.couples_groom() : m.couples_bride()}: ${m.couples_name()} *`, {
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
    </>
  );
}
