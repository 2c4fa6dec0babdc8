import {useEffect, useState} from 'react';
import {BadgeCheck, CheckCircle2, Hourglass, Lock, LogOut, MailCheck, Pencil, XCircle} from 'lucide-react';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {BonusCardSection} from './BonusCardSection.tsx';
import {Button} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {MazalTovSection} from './MazalTovSection.tsx';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';
import {notify} from '../ui/notify.ts';

type TicketInfo = {
  ticketID: string;
  ticketFullName: string;
  name: string;
  gender: 'male' | 'female';
  deleted: boolean;
  /** A card the candidate sent, not yet verified through one of its numbers (spec §4). */
  locked: boolean;
  /** Awaiting an approver: it can be signed in to, not closed. */
  pending: boolean;
};

/**
 * The self-user's page (spec §2, §4): a gendered greeting, the ticket's name, the edit link while the
 * ticket is open, and closing the ticket (confirmed first: it cannot be undone). Without a self-user
 * session, back to the self-user login.
 */
export function SelfHomePage() {
  usePageTitle(m.self_home_title());
  const confirm = useConfirm();
  const [ticket, setTicket] = useState<TicketInfo>();
  const [closing, setClosing] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    void call<TicketInfo>('/api/users/self-user/ticket-info', undefined, 'GET').then(result => {
      if (result.ok) setTicket(result.data);
      else location.assign('/self-user/login');
    });
  }, []);

  async function closeTicket() {
    if (!ticket) return;
    const sure = await confirm({
      title: m.self_home_close_ticket(),
      description: m.self_home_close_confirm(),
      confirmLabel: m.self_home_close_ticket(),
      destructive: true,
    });
    if (!sure) return;
    setClosing(true);
    const result = await call('/api/peoples/delete-people', {peopleId: ticket.ticketID});
    setClosing(false);
    if (!result.ok && result.error === 'ticketPending') return setError(m.self_home_pending());
    if (!result.ok && result.error !== 'ticketClosed') return setError(loginErrorText(result.error, result.message));
    if (result.ok) notify('success', m.ticket_closed_success());
    setTicket({...ticket, deleted: true});
  }

  async function signOut() {
    await call('/api/users/self-user/logout', {});
    location.assign('/self-user/login');
  }

  return (
    <AuthFrame
      corner={
        <button
          type="button"
          onClick={() => void signOut()}
          className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-white/90 hover:bg-white/10"
        >
          <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
          {m.sign_out()}
        </button>
      }
    >
      <div data-testid="self-home">
        {!ticket ? (
          <Loading />
        ) : (
          <div className="space-y-5">
            <h1 className="text-2xl font-semibold text-slate-900">
              {ticket.gender === 'female'
                ? m.self_home_greeting_female({name: ticket.name})
                : m.self_home_greeting_male({name: ticket.name})}
            </h1>
            <div className="rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
              <p className="text-xs font-medium text-slate-500">{m.self_home_ticket_label()}</p>
              <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="ticket-name">
                <bdi>{ticket.ticketFullName}</bdi>
              </p>
            </div>
            {error && (
              <p role="alert" className="rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200">
                {error}
              </p>
            )}
            {ticket.deleted ? (
              <p
                className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800"
                data-testid="ticket-closed"
              >
                <CheckCircle2 className="size-5" aria-hidden />
                {m.self_home_ticket_closed()}
              </p>
            ) : (
              <div className="space-y-2">
                {ticket.pending && (
                  <p
                    className="flex gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
                    data-testid="ticket-pending"
                  >
                    <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {m.self_home_pending()}
                  </p>
                )}
                {ticket.locked ? (
                  <p
                    className="flex gap-2 rounded-xl bg-slate-50 px-4 py-3 text-sm text-slate-700 ring-1 ring-slate-200"
                    data-testid="ticket-locked"
                  >
                    <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
                    {m.candidate_source_locked()}
                  </p>
                ) : (
                  <a
                    href={`/home/tickets/edit/${encodeURIComponent(ticket.ticketID)}`}
                    className="flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3.5 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-800"
                    data-testid="edit-ticket"
                  >
                    <Pencil className="size-4" aria-hidden />
                    {m.self_home_edit_ticket()}
                  </a>
                )}
                <a
                  href="/self-user/verify-phone"
                  className="flex items-center justify-center gap-2 rounded-lg px-3.5 py-2.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                  data-testid="verify-phones"
                >
                  <BadgeCheck className="size-4" aria-hidden />
                  {m.self_verify_title()}
                </a>
                <a
                  href="/self-user/verify-email"
                  className="flex items-center justify-center gap-2 rounded-lg px-3.5 py-2.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
                  data-testid="verify-email"
                >
                  <MailCheck className="size-4" aria-hidden />
                  {m.self_verify_email_title()}
                </a>
                <MazalTovSection ticket={ticket} />
                {!ticket.pending && (
                  <Button
                    variant="secondary"
                    className="w-full py-2.5"
                    disabled={closing}
                    onClick={() => void closeTicket()}
                    data-testid="close-ticket"
                  >
                    <XCircle className="size-4" aria-hidden />
                    {m.self_home_close_ticket()}
                  </Button>
                )}
              </div>
            )}
            {ticket.deleted && <BonusCardSection ticketID={ticket.ticketID} />}
          </div>
        )}
      </div>
    </AuthFrame>
  );
}
