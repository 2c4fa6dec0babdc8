import {CheckCircle2} from 'lucide-react';
import {useEffect, useState, type FormEvent} from 'react';
import {AuthFrame, CodeField} from '../ui/AuthFrame.tsx';
import {Button, Field} from '../ui/controls.tsx';
import {lazyPage} from '../ui/lazy-page.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {call} from './api.ts';
import {CodeRequest} from './CodeRequest.tsx';
import {useCodeRequest} from './use-code-request.ts';
import {loginErrorText} from './errors.ts';
import type {CodeType} from './remembered.ts';
import * as m from '../paraglide/messages.js';

type Step = 'request' | 'code' | 'password' | 'done';

/** The new password's step, with its checks: fetched once a code is on its way (issue 35). */
const ForgotPasswordStep = lazyPage(() => import('./ForgotPasswordStep.tsx').then(p => p.ForgotPasswordStep));

/**
 * /forgot-password (issue 30): a code to the account's phone or email, as for signing in (the same
 * limits, and the same answer whether or not an account has them), then the code, then a new password,
 * which ends every session of the account.
 */
export function ForgotPasswordPage() {
  usePageTitle(m.forgot_title());
  const [step, setStep] = useState<Step>('request');
  const {tab, setTab, phone, email, codeType, fields: request} = useCodeRequest();
  const [sentBy, setSentBy] = useState<CodeType | 'email'>('hungup');
  const [code, setCode] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (step === 'code') void ForgotPasswordStep.preload();
  }, [step]);

  async function sendCode() {
    setWaiting(true);
    setError(undefined);
    const result =
      tab === 'phone'
        ? await call('/api/users/call-me', {phone, codeType, purpose: 'reset'})
        : await call('/api/users/get-code-to-email', {email, purpose: 'reset'});
    setWaiting(false);
    if (!result.ok && result.error === 'callsUnavailable') setTab('email');
    if (!result.ok) return setError(loginErrorText(result.error, result.message));
    setSentBy(tab === 'phone' ? codeType : 'email');
    setStep('code');
  }

  async function verify(e: FormEvent) {
    e.preventDefault();
    if (code.trim() === '') return;
    setWaiting(true);
    setError(undefined);
    const result = await call('/api/users/reset-password/verify', {verifyCode: code.trim()});
    setWaiting(false);
    if (!result.ok) {
      if (result.error === 'codeExpired') setStep('request');
      return setError(loginErrorText(result.error, result.message));
    }
    setStep('password');
  }

  const back = (
    <a href="/login" className="block text-center text-sm text-white/90 hover:text-white hover:underline">
      {m.invitation_go_login()}
    </a>
  );

  if (step === 'done') {
    return (
      <AuthFrame title={m.forgot_title()}>
        <div className="space-y-4 text-center" data-testid="forgot-done">
          <CheckCircle2 className="mx-auto size-12 text-emerald-600" aria-hidden />
          <p className="text-slate-700">{m.forgot_done()}</p>
          <a href="/login" className="block rounded-lg bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700">
            {m.invitation_go_login()}
          </a>
        </div>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={m.forgot_title()} subtitle={step === 'request' ? m.forgot_intro() : undefined} error={error} below={back}>
      {step === 'request' && <CodeRequest {...request} waiting={waiting} onSend={() => void sendCode()} />}
      {step === 'code' && (
        <form onSubmit={e => void verify(e)} className="space-y-4" data-testid="forgot-code">
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="code-hint">
            {sentBy === 'hungup' ? m.login_code_hint_hungup() : m.login_code_hint_sent()}
          </p>
          <Field label={m.login_code_label()}>{p => <CodeField fieldProps={p} value={code} onChange={setCode} />}</Field>
          <Button type="submit" disabled={waiting || code.trim() === ''} className="w-full py-2.5" data-testid="forgot-verify">
            {waiting ? m.verifying() : m.forgot_continue()}
          </Button>
        </form>
      )}
      {step === 'password' && (
        <ForgotPasswordStep report={setError} expired={() => setStep('request')} done={() => setStep('done')} />
      )}
    </AuthFrame>
  );
}
