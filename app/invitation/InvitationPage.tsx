import {CheckCircle2} from 'lucide-react';
import {useEffect, useState, type FormEvent} from 'react';
import {submittedPassword} from '../auth/new-password.ts';
import {fieldErrorsOf, focusFirstInvalid, type FieldErrors} from '../lib/field-errors.ts';
import {PASSWORD_MIN} from '../lib/passwords.ts';
import {call} from '../login/api.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {PasswordPair} from '../ui/PasswordPair.tsx';
import type {PublicPageProps} from '../public/page-props.ts';
import * as m from '../paraglide/messages.js';

type State = 'valid' | 'expired' | 'used' | 'blocked' | 'unknown';

const CLOSED: Record<Exclude<State, 'valid'>, () => string> = {
  expired: m.invitation_expired,
  used: m.invitation_used,
  blocked: m.invitation_blocked,
  unknown: m.invitation_unknown,
};

/**
 * /invitation/{token} (issue 30): a new staff member (or one whose password an administrator reset)
 * chooses a password. The server says first whether the link may be used; an expired, used or unknown
 * link, or a blocked account, gets its own clear page and nothing changes.
 */
export function InvitationPage({params}: PublicPageProps) {
  usePageTitle(m.invitation_title());
  const token = params.token!;
  const [link, setLink] = useState<{state: State; name?: string}>();
  const [done, setDone] = useState(false);
  const [failed, setFailed] = useState<string>();

  useEffect(() => {
    void call<{state: State; name?: string}>(`/api/users/invitation/${encodeURIComponent(token)}`, undefined, 'GET').then(r =>
      r.ok ? setLink(r.data) : setFailed(r.error === 'tooManyRequests' ? m.error_too_many_requests() : m.error_unable_to_save()),
    );
  }, [token]);

  if (done) {
    return (
      <AuthFrame title={m.invitation_done_title()}>
        <div className="space-y-4 text-center" data-testid="invitation-done">
          <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden />
          <p className="text-slate-700">{m.invitation_done_detail()}</p>
          <a href="/login" className="block rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700">
            {m.invitation_go_login()}
          </a>
        </div>
      </AuthFrame>
    );
  }
  if (!link)
    return (
      <AuthFrame title={m.invitation_title()} error={failed}>
        {null}
      </AuthFrame>
    );
  if (link.state !== 'valid') {
    return (
      <AuthFrame title={m.invitation_title()}>
        <p className="text-slate-700" role="alert" data-testid="invitation-closed" data-state={link.state}>
          {CLOSED[link.state]()}
        </p>
        <a href="/login" className="mt-6 block text-center text-sm font-medium text-brand-700 hover:underline">
          {m.invitation_go_login()}
        </a>
      </AuthFrame>
    );
  }
  return (
    <ChoosePassword token={token} name={link.name ?? ''} onDone={() => setDone(true)} onClosed={state => setLink({state})} />
  );
}

function ChoosePassword(props: {token: string; name: string; onDone: () => void; onClosed: (state: State) => void}) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const typed = submittedPassword(form);
    if (!typed.ok) return setErrors(typed.errors);
    const {password} = typed;
    setSaving(true);
    const r = await call(`/api/users/invitation/${encodeURIComponent(props.token)}`, {password});
    setSaving(false);
    if (r.ok) return props.onDone();
    if (r.error === 'invitationClosed') return props.onClosed(r.message as State);
    setErrors(r.issues ? fieldErrorsOf(r.issues) : {password: m.error_unable_to_save()});
    focusFirstInvalid(form);
  }

  return (
    <AuthFrame title={m.invitation_title()}>
      <form onSubmit={e => void submit(e)} noValidate className="space-y-4" data-testid="invitation-form">
        <p className="text-slate-700">{m.invitation_greeting({name: props.name})}</p>
        <PasswordPair errors={errors} onEdit={field => setErrors(({[field]: _, ...rest}) => rest)} />
        <p className="text-xs text-slate-500">{m.invitation_password_hint({min: PASSWORD_MIN})}</p>
        <Button type="submit" disabled={saving} className="w-full py-2.5" data-testid="invitation-submit">
          {m.invitation_submit()}
        </Button>
      </form>
    </AuthFrame>
  );
}
