import {useQuery} from '@rocicorp/zero/react';
import {useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {lookupQueries} from '../lookups.ts';
import {mutators} from '../mutators.ts';
import {LookupOptions} from '../LookupOptions.tsx';
import {labelOf} from '../lookups.ts';
import {useLiveMerge} from '../lib/use-live-merge.ts';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {Field, Select, TextInput} from '../ui/controls.tsx';
import {MergeMark} from '../ui/MergeMark.tsx';
import {cardPatchSchema} from './card/mutators.ts';
import {CardPresence} from './card/CardPresence.tsx';
import {getLocale} from '../paraglide/runtime.js';
import * as m from '../paraglide/messages.js';

export type EditableCandidate = {id: string; forename: string; surname: string; city: string; statusID: string; revision: number};

/**
 * The list's quick edit of a candidate's city and status. Like the card's edit form it stays live:
 * `live` is the card's row as the list has it now (absent once it leaves the list), so what others save
 * meanwhile merges in, and a save sends only what the user changed.
 */
export function EditCandidateDialog({
  candidate,
  live,
  onClose,
}: {
  candidate: EditableCandidate;
  live: EditableCandidate | undefined;
  onClose: () => void;
}) {
  const [statuses] = useQuery(lookupQueries.statuses());
  const merge = useLiveMerge(live && {values: {city: live.city, statusID: live.statusID}, revision: live.revision});
  const [conflictsLeft, setConflictsLeft] = useState(false);
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    cardPatchSchema,
    mutators.cards.save,
    onClose,
    m.updated_successfully,
  );
  const state = merge.state;
  if (!state) return null;
  const {city, statusID} = state.mine as {city: string; statusID: string};

  function submit(e: FormEvent) {
    e.preventDefault();
    if (Object.keys(state!.conflicts).length > 0) {
      setConflictsLeft(true);
      toast.error(m.card_conflicts_pending());
      return;
    }
    if (merge.changed.length === 0) return onClose();
    void save({
      id: candidate.id,
      revision: state!.revision,
      ...Object.fromEntries(merge.changed.map(key => [key, state!.mine[key]])),
    });
  }

  const statusName = (id: unknown) => labelOf(statuses.find(s => s.id === id)?.labels, getLocale()) || String(id);
  const conflict = (key: 'city' | 'statusID', describe: (value: unknown) => string) => {
    const theirs = state.conflicts[key];
    return theirs === undefined ? undefined : {theirs: describe(theirs), mine: describe(state.mine[key])};
  };
  const resolve = (key: string) => (choice: 'mine' | 'theirs') => {
    merge.resolve(key, choice);
    clearError(key);
  };

  return (
    <Dialog
      open
      onOpenChange={open => !open && onClose()}
      title={m.edit_candidate_title({name: `${candidate.forename} ${candidate.surname}`})}
    >
      {/* The quick edit is editing too (issue 31): others on the card see it, and this user sees them. */}
      <CardPresence profileID={candidate.id} mode="edit" className="mb-3" />
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="edit-candidate-form">
        <MergeMark taken={merge.taken.has('city')} conflict={conflict('city', String)} onResolve={resolve('city')}>
          <Field label={m.field_city()} error={errors.city}>
            {p => (
              <TextInput
                {...p}
                name="city"
                value={city}
                onChange={e => (merge.set('city', e.target.value), clearError('city'))}
                autoFocus
              />
            )}
          </Field>
        </MergeMark>
        <MergeMark
          taken={merge.taken.has('statusID')}
          conflict={conflict('statusID', statusName)}
          onResolve={resolve('statusID')}
        >
          <Field label={m.field_status()} error={errors.statusID}>
            {p => (
              <Select
                {...p}
                name="statusID"
                value={statusID}
                onChange={e => (merge.set('statusID', e.target.value), clearError('statusID'))}
              >
                <LookupOptions rows={statuses} />
              </Select>
            )}
          </Field>
        </MergeMark>
        {conflictsLeft && Object.keys(state.conflicts).length > 0 && (
          <p role="alert" className="text-sm text-rose-700">
            {m.card_conflicts_pending()}
          </p>
        )}
        <DialogActions saving={saving} onCancel={onClose} testid="save-candidate" />
      </form>
    </Dialog>
  );
}
