import {useZero} from '@rocicorp/zero/react';
import {Pencil, RotateCcw} from 'lucide-react';
import {toast} from '../lib/toast.ts';
import {confirmed} from '../lib/mutate.ts';
import {Button} from './controls.tsx';
import {useConfirm} from './confirm.tsx';
import * as m from '../paraglide/messages.js';

type Mutation = Parameters<ReturnType<typeof useZero>['mutate']>[0];

/**
 * Retiring a listed value (a sector, community, institution, representative) or bringing it back: it
 * stays on what already has it, so it is never deleted. Retiring is confirmed first, with `hint` saying
 * what it means; the outcome is told.
 */
export function useRetire(retire: (args: {id: string; retired: boolean}) => Mutation, hint: () => string) {
  const zero = useZero();
  const confirm = useConfirm();
  return async (row: {id: string; name: string}, retired: boolean) => {
    if (retired) {
      const sure = await confirm({
        title: m.places_retire_confirm({name: row.name}),
        description: hint(),
        confirmLabel: m.places_retire(),
        destructive: true,
      });
      if (!sure) return;
    }
    const outcome = await confirmed(zero.mutate(retire({id: row.id, retired})));
    if (outcome.ok) toast.success(m.updated_successfully());
    else toast.error(outcome.message);
  };
}

/** A listed value's edit button, and its retire button or, once retired, its restore button. */
export function EditRetireButtons({
  name,
  retired,
  onEdit,
  onRetire,
  testID,
}: {
  name: string;
  retired: boolean;
  onEdit: () => void;
  onRetire: (retired: boolean) => void;
  /** The kind of value, for the buttons' test ids (retire-<testID>, restore-<testID>). */
  testID: string;
}) {
  return (
    <div className="flex gap-2">
      {/* Named by its text, not an aria-label, so the name a voice user says ("עריכה") is the one they see. */}
      <Button variant="secondary" onClick={onEdit}>
        <Pencil className="size-4" aria-hidden />
        <span className="max-sm:sr-only">{m.action_edit()}</span>
        <span className="sr-only">
          {' '}
          <bdi>{name}</bdi>
        </span>
      </Button>
      {retired ? (
        <Button variant="secondary" onClick={() => onRetire(false)} data-testid={`restore-${testID}`}>
          <RotateCcw className="size-4" aria-hidden />
          {m.places_restore()}
        </Button>
      ) : (
        <Button variant="secondary" onClick={() => onRetire(true)} data-testid={`retire-${testID}`}>
          {m.places_retire()}
        </Button>
      )}
    </div>
  );
}
