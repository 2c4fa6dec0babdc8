import {ArrowRight, BadgeCheck, Mail, Pencil} from 'lucide-react';
import {useEffect, useState} from 'react';
import {call} from '../login/api.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {loginErrorText} from '../login/errors.ts';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {SELF_VERIFY_EMAIL_PATH, type TicketEmail} from './verify.ts';
import {CodeEntryForm} from './CodeEntryForm.tsx';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';
import {notify} from '../ui/notify.ts';

/** A refusal in words: this page's own, else the sign-in texts (rate limits, wrong or expired code). */
function refusalText(error: string, message: string) {
  if (error === 'ticketClosed') return m.self_edit_closed();
  if (error === 'noEmail') return m.self_verify_email_none();
  return loginErrorText(error, message);
}

/**
 * The candidate's email verification screen (spec §2, §4; issue 15): the ticket's email, verified or
 * not; "send a code" mails a code to it, and entering the code verifies it. Without an email, the way
 * to add one on the edit form. Outside the shell, with the self-user session (without one, back to the
 * self-user login).
 */
export function SelfVerifyEmailPage() {
  usePageTitle(m.self_verify_email_title());
  const [ticket, setTicket] = useState<TicketEmail>();
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState(false);

  async function load() {
    const result = await call<TicketEmail>(SELF_VERIFY_EMAIL_PATH, undefined, 'GET');
    if (result.ok) setTicket(result.data);
    else if (result.error === 'notSignedIn') location.assign('/self-user/login');
    else setError(refusalText(result.error, result.message));
  }
  useEffect(() => void load(), []);

  async function sendCode() {
    setError(undefined);
    setWaiting(true);
    const result = await call(`${SELF_VERIFY_EMAIL_PATH}/send-code`, {});
    setWaiting(false);
    if (!result.ok) return setError(refusalText(result.error, result.message));
    setSent(true);
  }

  return (
    <AuthFrame title={m.self_verify_email_title()} error={error} corner={<BackHome />}>
      <div data-testid="self-verify-email">
        {!ticket ? (
          !error && <Loading />
        ) : !ticket.email ? (
          <div className="space-y-4">
            <p className="text-sm text-slate-600" data-testid="verify-email-none">
              {m.self_verify_email_none()}
            </p>
            <a
              href={`/home/tickets/edit/${encodeURIComponent(ticket.ticketID)}`}
              className="flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3.5 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-800"
              data-testid="verify-email-add"
            >
              <Pencil className="size-4" aria-hidden />
              {m.self_verify_email_add()}
            </a>
          </div>
        ) : sent ? (
          <CodeEntryForm
            target={<EmailLine email={ticket.email} />}
            hint={m.self_verify_email_hint()}
            verifyPath={`${SELF_VERIFY_EMAIL_PATH}/verify`}
            refusalText={refusalText}
            onVerified={async () => {
              notify('success', m.self_verify_email_done());
              setSent(false);
              await load();
            }}
            onBack={() => setSent(false)}
          />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{m.self_verify_email_intro()}</p>
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl px-4 py-3 ring-1 ring-slate-200">
              <EmailLine email={ticket.email} />
              {ticket.verified ? (
                <span className="flex items-center gap-1 text-sm font-medium text-emerald-700" data-testid="email-verified">
                  <BadgeCheck className="size-4" aria-hidden />
                  {m.self_verify_verified()}
                </span>
              ) : (
                <Button variant="secondary" disabled={waiting} onClick={() => void sendCode()} data-testid="verify-email-send">
                  {m.self_verify_email_send()}
                </Button>
              )}
            </div>
          </div>
        )}
      </div>
    </AuthFrame>
  );
}

/** The address, left-to-right inside any language, broken anywhere rather than overflowing a phone's width. */
function EmailLine({email}: {email: string}) {
  return (
    <span className="flex min-w-0 items-center gap-2 text-slate-900" data-testid="verify-email-address">
      <Mail className="size-4 shrink-0 text-slate-400" aria-hidden />
      <bdi dir="ltr" className="min-w-0 font-medium break-all">
        {email}
      </bdi>
    </span>
  );
}

function BackHome() {
  return (
    <a
      href="/self-user/home"
      className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-white/90 hover:bg-white/10"
      data-testid="self-verify-email-back"
    >
      <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
      {m.self_edit_back()}
    </a>
  );
}
