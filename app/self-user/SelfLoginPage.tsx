import {useState} from 'react';
import {AlertCircle} from 'lucide-react';
import * as v from 'valibot';
import {selfCallMeSchema, selfVerifySchema} from '../auth/self-user-schemas.ts';
import {validate} from '../lib/field-errors.ts';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {LanguageSwitcher} from '../shell/LanguageSwitcher.tsx';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';

type Details = {tz: string; birthday: string; phone: string; name: string};
const EMPTY: Details = {tz: '', birthday: '', phone: '', name: ''};
const digits = (text: string) => text.replace(/\D/g, '');

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

  const checked = validate(selfCallMeSchema, details);
  const errors = checked.ok ? {} : checked.errors;
  const set = (key: keyof Details, value: string) => {
    setDetails(d => ({...d, [key]: key === 'tz' || key === 'phone' ? digits(value) : value}));
    setTouched(t => ({...t, [key]: true}));
  };

  async function sendCode() {
    setWaiting(true);
    setError(undefined);
    const result = await call('/api/users/self-user/login/call-me', details);
    setWaiting(false);
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
    <div className="flex min-h-screen flex-col bg-gradient-to-b from-brand-700 to-brand-800">
      <div className="flex justify-end p-4">
        <LanguageSwitcher />
      </div>
      <main className="flex flex-1 justify-center px-4 pt-[4vh] pb-10">
        <div className="h-fit w-full max-w-md rounded-2xl bg-white p-8 shadow-2xl">
          <div className="mb-6 flex items-center gap-3">
            <img src="/favicon.svg" alt="" className="size-11" />
            <div>
              <h1 className="text-2xl font-semibold text-slate-900">{m.self_login_title()}</h1>
              <p className="text-sm text-slate-500">{m.self_login_subtitle()}</p>
            </div>
          </div>
          {error && (
            <div role="alert" className="mb-4 flex gap-2.5 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200" data-testid="login-error">
              <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              <div>
                <p className="font-semibold">{m.error_title()}</p>
                <p>{error}</p>
              </div>
            </div>
          )}
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
                  {p => (
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
                  )}
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
                if (v.is(selfVerifySchema, {verifyCode: code}) && !waiting) void verify();
              }}
            >
              <p className="rounded-xl bg-brand-50 px-4 py-3 text-sm text-brand-800" data-testid="code-hint">
                {m.login_code_hint_hungup()}
              </p>
              <Field label={m.login_code_label()}>
                {p => (
                  <TextInput
                    {...p}
                    name="verifyCode"
                    dir="ltr"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    autoFocus
                    value={code}
                    onChange={e => setCode(e.target.value)}
                    className="text-center text-lg tracking-[0.4em]"
                  />
                )}
              </Field>
              <Button type="submit" disabled={code.trim() === '' || waiting} className="w-full py-2.5" data-testid="verify-code">
                {waiting ? m.verifying() : m.login_submit()}
              </Button>
              <button type="button" onClick={() => setStatus('none')} className="w-full text-center text-sm text-slate-500 hover:text-brand-700">
                {m.login_back()}
              </button>
            </form>
          )}
          <nav className="mt-6 border-t border-slate-100 pt-5 text-center text-sm">
            <a href="/login" className="text-brand-700 hover:underline">
              {m.self_login_staff_link()}
            </a>
          </nav>
        </div>
      </main>
    </div>
  );
}
