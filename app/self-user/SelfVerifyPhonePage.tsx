import {ArrowRight, BadgeCheck, Phone} from 'lucide-react';
import {useEffect, useState} from 'react';
import {call} from '../login/api.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {loginErrorText} from '../login/errors.ts';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import type {TicketPhones} from './verify.ts';
import {CodeEntryForm} from './CodeEntryForm.tsx';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';
import {notify} from '../ui/notify.ts';

/** A refusal in words: this page's own, else the sign-in texts (rate limits, wrong or expired code). */
const refusalText = (error: string, message: string, issues?: Array<{message: string}>) =>
  issues?.some(i => i.message === 'phoneNotOnTicket') ? m.self_verify_not_on_ticket() : loginErrorText(error, message);

/**
 * The candidate's phone verification screen (spec §2, §4; issue 15): the ticket's own numbers, each
 * verified or not; a number to verify gets a hung-up call and the caller's last six digits are the
 * code, as at the self-user sign-in. Outside the shell, with the self-user session (without one, back
 * to the self-user login).
 */
export function SelfVerifyPhonePage() {
  usePageTitle(m.self_verify_title());
  const [phones, setPhones] = useState<TicketPhones['phones']>();
  const [calling, setCalling] = useState<TicketPhones['phones'][number]>();
  const [error, setError] = useState<string>();
  const [waiting, setWaiting] = useState(false);

  async function load() {
    const result = await call<TicketPhones>('/api/peoples/self-verify', undefined, 'GET');
    if (result.ok) setPhones(result.data.phones);
    else location.assign('/self-user/login');
  }
  useEffect(() => void load(), []);

  async function callMe(phone: TicketPhones['phones'][number]) {
    setError(undefined);
    setWaiting(true);
    const result = await call('/api/peoples/self-verify/call-me', {phone: phone.phone});
    setWaiting(false);
    if (!result.ok) return setError(refusalText(result.error, result.message, result.issues));
    setCalling(phone);
  }

  return (
    <AuthFrame title={m.self_verify_title()} error={error} corner={<BackToTicket />}>
      <div data-testid="self-verify">
        {!phones ? (
          <Loading />
        ) : calling ? (
          <CodeEntryForm
            target={
              <p className="text-sm text-slate-600">
                <bdi dir="ltr" className="font-medium text-slate-900">
                  {calling.shown}
                </bdi>
              </p>
            }
            hint={m.login_code_hint_hungup()}
            verifyPath="/api/peoples/self-verify/verify"
            refusalText={refusalText}
            onVerified={async () => {
              notify('success', m.self_verify_done());
              setCalling(undefined);
              await load();
            }}
            onBack={() => setCalling(undefined)}
          />
        ) : (
          <div className="space-y-4">
            <p className="text-sm text-slate-600">{phones.length > 0 ? m.self_verify_intro() : m.self_verify_none()}</p>
            <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
              {phones.map(phone => (
                <li
                  key={phone.phone}
                  className="flex items-center justify-between gap-3 px-4 py-3"
                  data-testid="verify-phone-row"
                >
                  <span className="flex items-center gap-2 text-slate-900">
                    <Phone className="size-4 text-slate-400" aria-hidden />
                    <bdi dir="ltr">{phone.shown}</bdi>
                  </span>
                  {phone.verified ? (
                    <span className="flex items-center gap-1 text-sm font-medium text-emerald-700" data-testid="phone-verified">
                      <BadgeCheck className="size-4" aria-hidden />
                      {m.self_verify_verified()}
                    </span>
                  ) : (
                    <Button variant="secondary" disabled={waiting} onClick={() => void callMe(phone)} data-testid="verify-phone">
                      {m.self_verify_action()}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </AuthFrame>
  );
}

function BackToTicket() {
  return (
    <a
      href="/self-user/home"
      className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-white/90 hover:bg-white/10"
      data-testid="self-verify-back"
    >
      <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
      {m.self_edit_back()}
    </a>
  );
}
