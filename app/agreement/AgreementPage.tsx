import {useEffect, useState} from 'react';
import {CheckCircle2, Printer} from 'lucide-react';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {LanguageSwitcher} from '../ui/LanguageSwitcher.tsx';
import {Button, Field, TextInput} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {currentLocale} from '../i18n.ts';
import {formatLocalTime, isoDateToTyped} from '../lib/dates.ts';
import {signOut} from '../session.ts';
import {signatureMatches, type AgreementState} from './schema.ts';
import type {PublicPageProps} from '../public/page-props.ts';
import * as m from '../paraglide/messages.js';

const CLAUSES = [
  m.agreement_clause_1,
  m.agreement_clause_2,
  m.agreement_clause_3,
  m.agreement_clause_4,
  m.agreement_clause_5,
  m.agreement_clause_6,
];

type Errors = {accepted?: string; fullName?: string; form?: string};

/**
 * user-agreement/{id} (spec §2): the commitment form a new shadchan signs before anything else. It lives
 * outside the shell, because until it is signed the server refuses the session everything but this form
 * (no Zero client yet); once signed it stays here to read and print, and leads on with a full load.
 */
export function AgreementPage({params}: PublicPageProps) {
  usePageTitle(m.section_user_agreement());
  const id = params.id!;
  const [state, setState] = useState<AgreementState>();
  const [accepted, setAccepted] = useState(false);
  const [fullName, setFullName] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    void call<AgreementState>(`/api/users/agreement/${encodeURIComponent(id)}`, undefined, 'GET').then(result =>
      result.ok ? setState(result.data) : setErrors({form: errorText(result.error, result.message)}),
    );
  }, [id]);

  /** Checked here for a quick answer near the fields; the server checks all of it again. */
  async function sign() {
    if (!state) return;
    const found: Errors = {};
    if (!accepted) found.accepted = m.agreement_error_not_accepted();
    if (fullName.trim().length < 2) found.fullName = m.agreement_error_name_required();
    else if (!signatureMatches(fullName, state.name)) found.fullName = m.agreement_error_name_mismatch({name: state.name});
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setWaiting(true);
    const result = await call<{signed: AgreementState['signed']}>(`/api/users/agreement/${encodeURIComponent(id)}`, {
      accepted,
      fullName,
      locale: currentLocale(),
    });
    setWaiting(false);
    if (result.ok) return setState({...state, signed: result.data.signed});
    const field = result.issues?.find(i => i.field === 'fullName');
    setErrors(
      field
        ? {
            fullName:
              field.message === 'nameMismatch'
                ? m.agreement_error_name_mismatch({name: state.name})
                : m.agreement_error_name_required(),
          }
        : {form: errorText(result.error, result.message)},
    );
  }

  const signed = state?.signed;
  return (
    <div className="min-h-screen bg-gradient-to-b from-brand-700 to-brand-800 print:bg-none">
      <div className="flex justify-end p-4 print:hidden">
        <LanguageSwitcher />
      </div>
      <main className="mx-auto max-w-2xl px-3 pb-10 sm:px-4 print:max-w-none print:p-0">
        <article
          className="rounded-2xl bg-white p-5 shadow-2xl sm:p-8 print:rounded-none print:p-0 print:shadow-none"
          data-testid="agreement"
        >
          <header className="mb-5 flex items-center gap-3">
            <img src="/favicon.svg" alt="" className="size-10" />
            <div>
              <h1 className="text-xl font-semibold text-slate-900 sm:text-2xl">{m.agreement_heading()}</h1>
              <p className="text-sm text-slate-500">{state?.name ?? m.loading()}</p>
            </div>
          </header>
          {errors.form && (
            <p role="alert" className="mb-4 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200">
              {errors.form}
            </p>
          )}
          <p className="mb-3 text-sm text-slate-600 print:hidden">{m.agreement_intro()}</p>
          <ol className="list-decimal space-y-2 ps-5 text-sm leading-relaxed text-slate-800 marker:text-slate-400">
            {CLAUSES.map((clause, i) => (
              <li key={i}>{clause()}</li>
            ))}
          </ol>

          {state && !signed && (
            <div className="mt-6 space-y-4 border-t border-slate-100 pt-5">
              <div>
                <label className="flex cursor-pointer items-start gap-2.5 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={accepted}
                    onChange={e => setAccepted(e.target.checked)}
                    className="mt-0.5 size-4 shrink-0 accent-brand-700"
                    aria-invalid={Boolean(errors.accepted)}
                    data-testid="agreement-checkbox"
                  />
                  {m.agreement_checkbox()}
                </label>
                {errors.accepted && (
                  <p role="alert" className="mt-1 text-sm text-rose-600" data-field-error>
                    {errors.accepted}
                  </p>
                )}
              </div>
              <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
                {/* The hint belongs to the name: on a phone the date comes below, and the hint must not follow it. */}
                <div className="space-y-1">
                  <Field label={m.agreement_full_name()} error={errors.fullName}>
                    {props => (
                      <TextInput
                        {...props}
                        value={fullName}
                        onChange={e => setFullName(e.target.value)}
                        autoComplete="name"
                        maxLength={200}
                        data-testid="agreement-name"
                      />
                    )}
                  </Field>
                  <p className="text-xs text-slate-500">{m.agreement_full_name_hint({name: state.name})}</p>
                </div>
                <div className="space-y-1.5">
                  <p className="text-sm font-medium text-slate-700">{m.agreement_date()}</p>
                  <p className="py-2 text-sm text-slate-900" data-testid="agreement-date">
                    <span dir="ltr">{isoDateToTyped(state.today)}</span>
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap items-center gap-3">
                <Button disabled={waiting} onClick={() => void sign()} className="px-6 py-2.5" data-testid="agreement-sign">
                  {m.agreement_sign()}
                </Button>
                <Button variant="ghost" disabled={waiting} onClick={() => void signOut().then(() => location.assign('/login'))}>
                  {m.sign_out()}
                </Button>
              </div>
            </div>
          )}

          {signed && (
            <div className="mt-6 space-y-4 border-t border-slate-100 pt-5">
              <p className="flex items-start gap-2 text-sm font-medium text-emerald-800" data-testid="agreement-signed">
                <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden />
                <span>
                  {m.agreement_signed({
                    name: signed.fullName,
                    date: isoDateToTyped(signed.signedOn) ?? signed.signedOn,
                    time: formatLocalTime(Date.parse(signed.signedAt)),
                  })}
                  {signed.ip && (
                    <span className="block text-xs font-normal text-slate-500">{m.agreement_signed_ip({ip: signed.ip})}</span>
                  )}
                </span>
              </p>
              <div className="flex flex-wrap gap-3 print:hidden">
                <Button onClick={() => location.assign('/home')} className="px-6 py-2.5" data-testid="agreement-continue">
                  {m.agreement_continue()}
                </Button>
                <Button variant="secondary" onClick={() => window.print()} data-testid="agreement-print">
                  <Printer className="size-4" aria-hidden />
                  {m.agreement_print()}
                </Button>
              </div>
            </div>
          )}
        </article>
      </main>
    </div>
  );
}

function errorText(code: string, message: string) {
  if (code === 'notFound') return m.agreement_error_not_found();
  if (code === 'alreadySigned') return m.agreement_error_already_signed();
  return loginErrorText(code, message);
}
