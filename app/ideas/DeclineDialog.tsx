import {useState, type FormEvent} from 'react';
import {useMutationForm} from '../lib/use-mutation-form.ts';
import {mutators} from '../mutators.ts';
import {Dialog, DialogActions} from '../ui/Dialog.tsx';
import {Field} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {ideaDeclineSchema} from './schema.ts';

/** A recipient declines an idea: the reason is required, and the sender reads it beside their answer. */
export function DeclineDialog({ideaID, onClose}: {ideaID: string; onClose: () => void}) {
  const [reason, setReason] = useState('');
  const {errors, saving, save, clearError, formRef} = useMutationForm(
    ideaDeclineSchema,
    mutators.ideas.decline,
    onClose,
    m.ideas_declined_toast,
    {reason: m.ideas_reason_required},
  );
  const submit = (e: FormEvent) => (e.preventDefault(), void save({ideaID, reason}));
  return (
    <Dialog open onOpenChange={open => !open && onClose()} title={m.ideas_decline_title()} description={m.ideas_decline_hint()}>
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-4" data-testid="idea-decline-form">
        <Field label={`${m.ideas_reason()} *`} error={errors.reason}>
          {p => (
            <textarea
              {...p}
              name="reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={e => (setReason(e.target.value), clearError('reason'))}
              className="block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
              data-testid="idea-decline-reason"
            />
          )}
        </Field>
        <DialogActions saving={saving} onCancel={onClose} testid="idea-decline-save" />
      </form>
    </Dialog>
  );
}
