import {Button} from '../../ui/controls.tsx';
import {Dialog} from '../../ui/Dialog.tsx';
import * as m from '../../paraglide/messages.js';

/**
 * The public candidate form's last question (spec §5: once sent, the form cannot be changed). A module of its own,
 * fetched with the form's checks when the form is first touched, so the form draws without the dialog (issue 35).
 */
export function CandidateSendDialog({
  open,
  sending,
  onBack,
  onSend,
}: {
  open: boolean;
  sending: boolean;
  onBack: () => void;
  onSend: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={next => !next && !sending && onBack()} title={m.candidate_form_confirm_title()}>
      <p
        className="rounded-xl bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        data-testid="candidate-form-final"
      >
        {m.candidate_form_final()}
      </p>
      <div className="mt-6 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onBack} disabled={sending}>
          {m.candidate_form_back()}
        </Button>
        <Button onClick={onSend} disabled={sending} data-testid="candidate-form-confirm">
          {sending ? m.sending() : m.candidate_form_confirm()}
        </Button>
      </div>
    </Dialog>
  );
}
