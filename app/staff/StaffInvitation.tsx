import {KeyRound, Send} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {call} from '../login/api.ts';
import {sendInvitation, staffInvitationPath} from './invite.ts';
import {useConfirm} from '../ui/confirm.tsx';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

type Invited = {
  id: string;
  name: string;
  role: string;
  detail?: {invitedAt?: number | null; joinedAt?: number | null} | undefined;
};

/**
 * Whether a staff member has joined (chosen a password), or when they were invited, live; and what
 * may be done: send the invitation (again: the old link stops working), or reset the password of one
 * who joined (their sessions end, the password stops working, a new invitation goes out). Nobody here
 * sees or types anyone's password.
 */
export function StaffInvitation({user, mayReset}: {user: Invited; mayReset: boolean}) {
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const invitedAt = user.detail?.invitedAt ?? null;
  const joinedAt = user.detail?.joinedAt ?? null;
  if (user.role === 'blocked') return null;

  async function invite() {
    const again = invitedAt !== null;
    if (
      !(await confirm({
        title: m.staff_invite_confirm({name: user.name}),
        description: m.staff_invite_detail(),
        confirmLabel: again ? m.staff_invite_again() : m.staff_invite(),
      }))
    )
      return;
    setBusy(true);
    await sendInvitation(staffInvitationPath(user.id));
    setBusy(false);
  }

  async function reset() {
    const ask = {
      title: m.staff_reset_confirm({name: user.name}),
      description: m.staff_reset_detail(),
      confirmLabel: m.staff_reset_password(),
      destructive: true,
    };
    if (!(await confirm(ask))) return;
    setBusy(true);
    const r = await call(`/api/staff/${encodeURIComponent(user.id)}/reset-password`);
    setBusy(false);
    if (r.ok) toast.success(m.staff_reset_done());
    else toast.error(m.error_unable_to_save());
  }

  return (
    <div
      className="flex flex-wrap items-center gap-3 rounded-2xl bg-white px-5 py-3 shadow-sm ring-1 ring-slate-200"
      data-testid="staff-invitation"
      data-state={joinedAt !== null ? 'joined' : invitedAt !== null ? 'invited' : 'none'}
    >
      <span className="text-sm text-slate-600">{m.staff_invitation_label()}:</span>
      <span className="text-sm font-medium text-slate-900">
        {joinedAt !== null
          ? m.staff_invitation_joined({date: formatLocalDate(joinedAt)})
          : invitedAt !== null
            ? m.staff_invitation_pending({date: formatLocalDate(invitedAt)})
            : m.staff_invitation_none()}
      </span>
      <div className="ms-auto flex flex-wrap gap-2">
        {joinedAt === null && (
          <Button variant="secondary" disabled={busy} onClick={() => void invite()} data-testid="staff-invite">
            <Send className="size-4" aria-hidden />
            {invitedAt !== null ? m.staff_invite_again() : m.staff_invite()}
          </Button>
        )}
        {joinedAt !== null && mayReset && (
          <Button variant="secondary" disabled={busy} onClick={() => void reset()} data-testid="staff-reset-password">
            <KeyRound className="size-4" aria-hidden />
            {m.staff_reset_password()}
          </Button>
        )}
      </div>
    </div>
  );
}
