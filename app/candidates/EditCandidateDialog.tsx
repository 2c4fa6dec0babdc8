import {useQuery, useZero} from '@rocicorp/zero/react';
import {useState, type FormEvent} from 'react';
import {toast} from 'sonner';
import {queries} from '../queries.ts';
import {mutators} from '../mutators.ts';
import {currentLocale} from '../i18n.ts';
import {labelOf} from '../lookups.ts';
import {confirmed} from '../lib/mutate.ts';
import {validate, type FieldErrors} from '../lib/field-errors.ts';
import {Dialog} from '../ui/Dialog.tsx';
import {Button, Field, Select, TextInput} from '../ui/controls.tsx';
import {candidateUpdateSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';

export type EditableCandidate = {id: string; forename: string; surname: string; city: string; statusID: string};

/** Edit a candidate's city and status. Other open screens see the change as soon as it is saved. */
export function EditCandidateDialog({candidate, onClose}: {candidate: EditableCandidate; onClose: () => void}) {
  const zero = useZero();
  const [statuses] = useQuery(queries.lookups.statuses());
  const [city, setCity] = useState(candidate.city);
  const [statusID, setStatusID] = useState(candidate.statusID);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const locale = currentLocale();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(candidateUpdateSchema, {id: candidate.id, city, statusID});
    if (!checked.ok) return setErrors(checked.errors);
    setSaving(true);
    const outcome = await confirmed(zero.mutate(mutators.candidates.update(checked.value)));
    setSaving(false);
    if (!outcome.ok) {
      setErrors(outcome.fields);
      toast.error(outcome.message);
      return;
    }
    toast.success(m.updated_successfully());
    onClose();
  }

  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={m.edit_candidate_title({name: `${candidate.forename} ${candidate.surname}`})}>
      <form onSubmit={e => void submit(e)} noValidate className="space-y-4" data-testid="edit-candidate-form">
        <Field label={m.field_city()} error={errors.city}>
          {p => <TextInput {...p} name="city" value={city} onChange={e => (setCity(e.target.value), setErrors({}))} autoFocus />}
        </Field>
        <Field label={m.field_status()} error={errors.statusID}>
          {p => (
            <Select {...p} name="statusID" value={statusID} onChange={e => (setStatusID(e.target.value), setErrors({}))}>
              {statuses.map(s => (
                <option key={s.id} value={s.id}>
                  {labelOf(s.labels, locale)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={onClose}>
            {m.action_cancel()}
          </Button>
          <Button type="submit" disabled={saving} data-testid="save-candidate">
            {saving ? m.saving() : m.action_save()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
