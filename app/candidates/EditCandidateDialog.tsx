import {useQuery} from '@rocicorp/zero/react';
import {useState, type FormEvent} from 'react';
import {queries} from '../queries.ts';
import {mutators} from '../mutators.ts';
import {LookupOptions} from '../LookupOptions.tsx';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {Dialog} from '../ui/Dialog.tsx';
import {Button, Field, Select, TextInput} from '../ui/controls.tsx';
import {candidateUpdateSchema} from './schema.ts';
import * as m from '../paraglide/messages.js';

export type EditableCandidate = {id: string; forename: string; surname: string; city: string; statusID: string};

/** Edit a candidate's city and status. Other open screens see the change as soon as it is saved. */
export function EditCandidateDialog({candidate, onClose}: {candidate: EditableCandidate; onClose: () => void}) {
  const [statuses] = useQuery(queries.lookups.statuses());
  const [city, setCity] = useState(candidate.city);
  const [statusID, setStatusID] = useState(candidate.statusID);
  const {errors, saving, save, clearError} = useMutationForm(
    candidateUpdateSchema,
    mutators.candidates.update,
    onClose,
    m.updated_successfully,
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    void save({id: candidate.id, city, statusID});
  }

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={m.edit_candidate_title({name: `${candidate.forename} ${candidate.surname}`})}
    >
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="edit-candidate-form">
        <Field label={m.field_city()} error={errors.city}>
          {p => (
            <TextInput {...p} name="city" value={city} onChange={e => (setCity(e.target.value), clearError('city'))} autoFocus />
          )}
        </Field>
        <Field label={m.field_status()} error={errors.statusID}>
          {p => (
            <Select {...p} name="statusID" value={statusID} onChange={e => (setStatusID(e.target.value), clearError('statusID'))}>
              <LookupOptions rows={statuses} />
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
