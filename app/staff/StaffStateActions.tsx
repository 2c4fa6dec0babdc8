import {useZero} from '@rocicorp/zero/react';
import {Ban, CheckCircle2, Undo2} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button} from '../ui/controls.tsx';
import {StateBadge} from './StaffListPage.tsx';
import {staffStateOf} from './schema.ts';
import * as m from '../paraglide/messages.js';

type Staff = {id: string; name: string; role: string; approvedAt?: number | null | undefined};

/**
 * A staff member's state and what can be done to it, each after a confirmation: approve a pending
 * user, block (signed out at once everywhere: server/staff/staff-members.ts) or unblock. Nobody blocks
 * themselves; the server also refuses it.
 */
export function StaffStateActions({user, self}: {user: Staff; self: boolean}) {
  const zero = useZero();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const state = staffStateOf(user);

  async function act(kind: 'approve' | 'block' | 'unblock') {
    const name = user.name;
    const ask = {
      approve: {title: m.staff_approve_confirm({name}), description: m.staff_approve_detail(), confirmLabel: m.staff_approve()},
      block: {
        title: m.staff_block_confirm({name}),
        description: m.staff_block_detail(),
        confirmLabel: m.staff_block(),
        destructive: true,
      },
      unblock: {title: m.staff_unblock_confirm({name}), description: m.staff_unblock_detail(), confirmLabel: m.staff_unblock()},
    }[kind];
    if (!(await confirm(ask))) return;
    setBusy(true);
    const outcome = await confirmed(zero.mutate(mutators.staff[kind]({id: user.id})));
    setBusy(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    toast.success({approve: m.staff_approved, block: m.staff_blocked, unblock: m.staff_unblocked}[kind]());
  }

  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm ring-1 ring-slate-200"
      data-testid="staff-state-actions"
    >
      <span className="text-sm text-slate-600">{m.staff_filter_state()}:</span>
      <StateBadge state={state} />
      <div className="ms-auto flex flex-wrap gap-2">
        {state === 'pending' && (
          <Button variant="secondary" disabled={busy} onClick={() => void act('approve')} data-testid="staff-approve">
            <CheckCircle2 className="size-4" aria-hidden />
            {m.staff_approve()}
          </Button>
        )}
        {state !== 'blocked' && !self && (
          <Button variant="danger" disabled={busy} onClick={() => void act('block')} data-testid="staff-block">
            <Ban className="size-4" aria-hidden />
            {m.staff_block()}
          </Button>
        )}
        {state === 'blocked' && (
          <Button variant="secondary" disabled={busy} onClick={() => void act('unblock')} data-testid="staff-unblock">
            <Undo2 className="size-4" aria-hidden />
            {m.staff_unblock()}
          </Button>
        )}
      </div>
    </div>
  );
}
