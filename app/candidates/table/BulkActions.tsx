import {useZero} from '@rocicorp/zero/react';
import {Archive, Trash2, X} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../../lib/toast.ts';
import {can, type AuthContext} from '../../../permissions/context.ts';
import {SAY} from '../../lib/dictionary.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {Button} from '../../ui/controls.tsx';
import {useConfirm} from '../../ui/confirm.tsx';
import * as m from '../../paraglide/messages.js';

/**
 * What can be done to the chosen cards at once: the card's own actions that make sense for many,
 * each only for those who hold its permission (the server checks every card again): closing them
 * (editTickets), and moving them to the recycling bin (deleteProfiles; restorable there). Each card
 * is its own mutation, so one refusal (a card that changed hands meanwhile) does not undo the rest;
 * the user is told how many went through.
 */
/** At most this many cards at once, as the pending page's bulk approval takes (lifecycle.ts someIDs). */
const MAX_BULK = 200;

export function BulkActions({ctx, ids, onDone}: {ctx: AuthContext; ids: readonly string[]; onDone: () => void}) {
  const zero = useZero();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const mayClose = can(ctx, 'editTickets');
  const mayDelete = can(ctx, 'deleteProfiles');
  if (ids.length === 0 || (!mayClose && !mayDelete)) return null;
  const tooMany = ids.length > MAX_BULK;

  async function apply(action: 'close' | 'delete') {
    const sure = await confirm({
      title: action === 'close' ? m.bulk_close_confirm({count: ids.length}) : SAY.deleteConfirm(),
      description: action === 'close' ? m.card_close_confirm() : SAY.inRecycleBin(),
      confirmLabel: action === 'close' ? m.bulk_close() : m.pending_delete_chosen(),
      destructive: true,
    });
    if (!sure) return;
    setBusy(true);
    const outcomes = await Promise.all(
      ids.map(id => confirmed(zero.mutate(action === 'close' ? mutators.cards.close({id}) : mutators.cards.delete({id})))),
    );
    setBusy(false);
    const done = outcomes.filter(o => o.ok).length;
    const report = m.bulk_done({done, total: ids.length});
    if (done === ids.length) toast.success(report);
    else {
      const refusal = outcomes.find(o => !o.ok);
      toast.error(report, {description: refusal && !refusal.ok ? refusal.message : undefined});
    }
    onDone();
  }

  return (
    <div
      className="flex flex-wrap items-center gap-2 rounded-2xl bg-brand-50 px-4 py-2 ring-1 ring-brand-100"
      role="toolbar"
      aria-label={m.bulk_toolbar()}
      data-testid="bulk-actions"
    >
      <span className="me-auto text-sm font-medium text-brand-800" aria-live="polite" data-testid="bulk-count">
        {m.pending_chosen({count: ids.length})}
        {tooMany && <span className="ms-2 font-normal text-rose-700">{m.bulk_too_many({max: MAX_BULK})}</span>}
      </span>
      {mayClose && (
        <Button variant="secondary" disabled={busy || tooMany} onClick={() => void apply('close')} data-testid="bulk-close">
          <Archive className="size-4" aria-hidden />
          {m.bulk_close()}
        </Button>
      )}
      {mayDelete && (
        <Button variant="secondary" disabled={busy || tooMany} onClick={() => void apply('delete')} data-testid="bulk-delete">
          <Trash2 className="size-4" aria-hidden />
          {m.pending_delete_chosen()}
        </Button>
      )}
      <button
        type="button"
        onClick={onDone}
        className="rounded-lg p-2 text-brand-700 hover:bg-brand-100"
        aria-label={m.bulk_clear()}
        data-testid="bulk-clear"
      >
        <X className="size-4" aria-hidden />
      </button>
    </div>
  );
}
