import {useState} from 'react';
import type {FieldErrors} from '../lib/field-errors.ts';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {AuthFrame, CodeField} from '../ui/AuthFrame.tsx';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {DateInput} from '../ui/DateInput.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';

type Details = {tz: string; birthday: string; phone: string; name: string};
const EMPTY: Details = {tz: '', birthday: '', phone: '', name: ''};
const digits = (text: string) => text.replace(/\D/g, '');

type Checks = typeof import('./self-login-checks.ts');
const loadChecks = () => import('./self-login-checks.ts');

/**
 * Self-user login (spec §2, §4, §5): a candidate or parent proves who they are with the ticket's ID
 * number, birth date, one of its registered phones and the full name, then the missed-call code.
 * Status: none → calledSuccess → numberVerified, which goes to /self-user/home.
 */
export function SelfLoginPage() {
  usePageTitle(m.self_login_title());
  const [details, setDetails] = useState(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof Details, boolean>>>({});
  const [status, setStatus] = useState<'none' | 'calledSuccess'>('none');
  const [code, setCode] = useState('');
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string>();
  // Until the first keystroke has fetched the checks nothing is typed, so nothing is valid and no error is shown.
  const [checks, setChecks] = useState<Checks>();

  const checked = checks ? checks.checkDetails(details) : {ok: false as const, errors: {} as FieldErrors};
  const errors = checked.ok ? {} : checked.errors;
  const set = (key: keyof Details, value: string) => {
    if (!checks) void loadChecks().then(setChecks);
    setDetails(d => ({...d, [key]: key === 'tz' || key === 'phone' ? digits(value) : value}));
    setTouched(t => ({...t, [key]: true}));
  };

  async function sendCode() {
    setWaiting(true);
    setError(undefined);
    const result = await call('/api/users/self-user/login/call-me', details);
    setWaiting(false);
    // Self-users have no email sign-in to fall back on when the day's calls are used up.
    if (!result.ok && result.error === 'callsUnavailable') return setError(m.self_login_calls_unavailable());
    if (!result.ok) return setError(loginErrorText(result.error, result.message));
    setStatus('calledSuccess');
  }

  async function verify() {
    setWaiting(true);
    setError(undefined);
    const result = await call('/api/users/self-user/login/verify-number', {verifyCode: code.trim()});
    setWaiting(false);
    if (!result.ok) {
      if (result.error === 'codeExpired') setStatus('none');
      return setError(loginErrorText(result.error, result.message));
    }
    location.assign('/self-user/home');
  }

  const fields: Array<{key: keyof Details; label: string; type: string; inputMode?: 'numeric'; autoComplete: string}> = [
    {key: 'tz', label: m.field_id_number(), type: 'text', inputMode: 'numeric', autoComplete: 'off'},
    {key: 'birthday', label: m.field_birth_date(), type: 'date', autoComplete: 'bday'},
    {key: 'phone', label: m.self_login_phone_label(), type: 'tel', inputMode: 'numeric', autoComplete: 'tel'},
    {key: 'name', label: m.field_full_name(), type: 'text', autoComplete: 'name'},
  ];
  return (
    <AuthFrame title={m.self_login_title()} subtitle={m.self_login_subtitle()} error={error}>
      {status === 'none' ? (
        <form
          className="space-y-4"
          noValidate
          onSubmit={e => {
            e.preventDefault();
            if (checked.ok && !waiting) void sendCode();
          }}
        >
          {fields.map(f => (
            <Field key={f.key} label={f.label} error={touched[f.key] ? errors[f.key] : undefined}>
              {p =>
                f.type === 'date' ? (
                  <DateInput
                    fieldProps={p}
                    name={f.key}
                    autoComplete={f.autoComplete}
                    value={details[f.key]}
                    onChange={value => set(f.key, value)}
                  />
                ) : (
                  <TextInput
                    {...p}
                    name={f.key}
                    type={f.type}
                    inputMode={f.inputMode}
                    autoComplete={f.autoComplete}
                    dir={f.key === 'name' ? undefined : 'ltr'}
                    className={f.key === 'name' ? undefined : 'text-start rtl:text-end'}
                    value={details[f.key]}
                    onChange={e => set(f.key, e.target.value)}
                  />
                )
              }
            </Field>
          ))}
          <Button type="submit" disabled={!checked.ok || waiting} className="w-full py-2.5" data-testid="send-code">
            {waiting ? m.sending() : m.login_send_code()}
          </Button>
        </form>
      ) : (
        <form
          className="space-y-4"
          onSubmit={e => {
            e.preventDefault();
            if (checks?.codeLooksRight(code) && !waiting) void verify();
          }}
        >
          <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="code-hint">
            {m.login_code_hint_hungup()}
          </p>
          <Field label={m.login_code_label()}>{p => <CodeField fieldProps={p} value={code} onChange={setCode} />}</Field>
          <Button type="submit" disabled={code.trim() === '' || waiting} className="w-full py-2.5" data-testid="verify-code">
            {waiting ? m.verifying() : m.login_submit()}
          </Button>
          <button
            type="button"
            onClick={() => setStatus('none')}
            className="w-full text-center text-sm text-slate-500 hover:text-brand-700"
          >
            {m.login_back()}
          </button>
        </form>
      )}
      <nav className="mt-6 border-t border-slate-100 pt-5 text-center text-sm">
        <a href="/login" className="text-brand-700 hover:underline">
          {m.self_login_staff_link()}
        </a>
      </nav>
    </AuthFrame>
  );
}
