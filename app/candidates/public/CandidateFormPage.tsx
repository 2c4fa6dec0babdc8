import {CheckCircle2, Link2Off, Send, ShieldCheck} from 'lucide-react';
import {useEffect, useState, type FormEvent} from 'react';
import {flushSync} from 'react-dom';
import type {FieldErrors} from '../../lib/field-errors.ts';
import {call} from '../../login/api.ts';
import {AuthFrame} from '../../ui/AuthFrame.tsx';
import {LanguageSwitcher} from '../../ui/LanguageSwitcher.tsx';
import {Button} from '../../ui/controls.tsx';
import {lazyPage} from '../../ui/lazy-page.tsx';
import {usePageTitle} from '../../ui/page-title.ts';
import {CardFormFields, withoutErrorsOf, type CardLookups} from '../card/CardFormFields.tsx';
import {cardArgs, formsDiffer, type CardForm} from '../card/form.ts';
import {Loading} from '../../ui/Loading.tsx';
import type {PublicPageProps} from '../../public/page-props.ts';
import * as m from '../../paraglide/messages.js';

/** `communityID`: a community's registration link presets the card's community (and the server keeps it). */
type FormData = {shadchanName: string; communityID: string | null} & Pick<
  CardLookups,
  'sectors' | 'communities' | 'institutions'
>;
type Stage = {type: 'loading'} | {type: 'invalid'} | {type: 'form'; data: FormData} | {type: 'sent'; shadchanName: string};

const EMPTY: CardForm = {gender: '', sectorID: ''};

/** The form's text as the candidate variant of the card schema expects it (staff-only values left out). */
const STAFF_ONLY = new Set(['id', 'statusID', 'openFrom', 'colour']);
function candidateValues(form: CardForm) {
  return Object.fromEntries(Object.entries(cardArgs('', form)).filter(([key]) => !STAFF_ONLY.has(key)));
}

/*
 * What the form needs only once it is touched, fetched then (issue 35): the card's schema, which checks the phone
 * numbers with libphonenumber (~30 kB), the errors' wordings with valibot, and the last question's dialog.
 */
const loadSchema = () => import('../card/schema.ts').then(p => p.candidateCardSchema);
const loadFieldErrors = () => import('../../lib/field-errors.ts');
const CandidateSendDialog = lazyPage(() => import('./CandidateSendDialog.tsx').then(p => p.CandidateSendDialog));
const loadChecks = () => Promise.all([loadSchema(), loadFieldErrors(), CandidateSendDialog.preload()]);

/** A refusal's wording, fetched with the refusal (issue 35). */
const loadRefusalText = () => import('./refusal-text.ts').then(p => p.refusalText);

/**
 * The public form behind a shadchan's personal link (spec §4 "a profile sent by the candidate", §5
 * "once the form is uploaded no further changes can be made", confirmed first). Outside the shell and
 * without Zero: the option lists come from the API, the same card form and schema check the values,
 * and the server checks them again and files the card as pending for an approver.
 */
export function CandidateFormPage({params}: PublicPageProps) {
  return <PublicCandidateForm base={`/api/peoples/add-people-by-user/${encodeURIComponent(params.userID!)}`} />;
}

/** A community's registration link (issue 13): the same form, the community preset. */
export function RegistrationFormPage({params}: PublicPageProps) {
  return <PublicCandidateForm base={`/api/register/${encodeURIComponent(params.token!)}`} />;
}

function PublicCandidateForm({base}: {base: string}) {
  const [stage, setStage] = useState<Stage>({type: 'loading'});
  const [form, setForm] = useState<CardForm>(EMPTY);
  // What the form starts from (with a registration link's community): leaving it untouched asks nothing.
  const [initial, setInitial] = useState<CardForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string>();
  // The values the last question would send; the dialog stays mounted once asked, so it closes as it opened.
  const [confirming, setConfirming] = useState<{values: ReturnType<typeof candidateValues>; open: boolean}>();
  const [sending, setSending] = useState(false);
  usePageTitle(m.candidate_form_title());

  useEffect(() => {
    void call<FormData>(`${base}/form`, undefined, 'GET').then(result => {
      setStage(result.ok ? {type: 'form', data: result.data} : {type: 'invalid'});
      if (result.ok && result.data.communityID) {
        const preset = {...EMPTY, communityID: result.data.communityID};
        setInitial(preset);
        setForm(preset);
      }
    });
  }, [base]);

  // Leaving with a half-filled form asks first.
  const dirty = stage.type === 'form' && formsDiffer(form, initial);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const set = (key: string, value: string | string[]) => {
    void loadChecks();
    setForm(f => ({...f, [key]: value}));
    const rest = withoutErrorsOf(key, errors);
    setErrors(rest);
    // The banner said the fields had errors: it goes with the last of them.
    if (Object.keys(errors).length > 0 && Object.keys(rest).length === 0) setBanner(undefined);
  };
  const showErrors = async (found: FieldErrors) => {
    const {focusFirstInvalid} = await loadFieldErrors();
    // The submit awaits the schema's chunk, so its updates are no longer flushed with the click: the fields are
    // marked now, before the focus looks for the first of them.
    flushSync(() => setErrors(found));
    focusFirstInvalid(document.querySelector('[data-testid=candidate-form]'));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBanner(undefined);
    const values = candidateValues(form);
    const checks = await loadChecks().catch(() => undefined);
    if (!checks) return setBanner(m.error_network());
    const [schema, {validate}] = checks;
    const checked = validate(schema, values);
    if (!checked.ok) {
      void showErrors(checked.errors);
      setBanner(checked.summary);
      return;
    }
    setConfirming({values, open: true});
  }

  // The values as typed: the server parses them with the same schema.
  async function send(values: ReturnType<typeof candidateValues>) {
    setSending(true);
    const result = await call<{shadchanName: string}>(base, values);
    setSending(false);
    setConfirming(c => c && {...c, open: false});
    if (result.ok) {
      setStage({type: 'sent', shadchanName: result.data.shadchanName});
      window.scrollTo({top: 0});
      return;
    }
    if (result.error === 'invalidLink') return setStage({type: 'invalid'});
    const loaded = await Promise.all([loadRefusalText(), loadFieldErrors()]).catch(() => undefined);
    if (!loaded) return setBanner(m.error_network());
    const [refusalText, {fieldErrorsOf}] = loaded;
    setBanner(refusalText(result.error, result.message));
    void showErrors(fieldErrorsOf(result.issues ?? []));
  }

  if (stage.type === 'loading') {
    return (
      <AuthFrame>
        <Loading />
      </AuthFrame>
    );
  }
  if (stage.type === 'invalid') {
    return (
      <AuthFrame>
        <div className="py-4 text-center" data-testid="candidate-form-invalid">
          <Link2Off className="mx-auto size-12 text-rose-500" aria-hidden />
          <h1 className="mt-4 text-xl font-semibold text-slate-900">{m.candidate_form_invalid_link()}</h1>
          <p className="mt-2 text-sm text-slate-500">{m.candidate_form_invalid_link_hint()}</p>
        </div>
      </AuthFrame>
    );
  }
  if (stage.type === 'sent') {
    return (
      <AuthFrame>
        <div className="py-2 text-center" data-testid="candidate-form-sent">
          <CheckCircle2 className="mx-auto size-14 text-emerald-500" aria-hidden />
          <h1 className="mt-4 text-2xl font-semibold text-slate-900">{m.candidate_form_sent_title()}</h1>
          <p className="mt-2 text-slate-700">{m.candidate_form_sent_to({name: stage.shadchanName})}</p>
          <p className="mt-4 rounded-xl bg-slate-50 px-4 py-3 text-start text-sm leading-relaxed text-slate-600 ring-1 ring-slate-200">
            {m.candidate_form_sent_text()}
          </p>
          <a
            href="/self-user/login"
            className="mt-6 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-brand-700 px-3.5 py-2.5 text-sm font-medium text-white shadow-sm hover:bg-brand-800"
            data-testid="candidate-form-self-login"
          >
            <ShieldCheck className="size-4" aria-hidden />
            {m.candidate_form_sent_login()}
          </a>
        </div>
      </AuthFrame>
    );
  }

  const {data} = stage;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="bg-gradient-to-b from-brand-700 to-brand-800 text-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 pt-4 sm:px-6">
          <span className="flex items-center gap-2 text-lg font-semibold">
            <img src="/favicon.svg" alt="" className="size-8 rounded-lg bg-white/95 p-0.5" />
            {m.app_title()}
          </span>
          {/* The light switcher (shown on phones too) on a white chip, so it reads on the brand band. */}
          <div className="rounded-lg bg-white shadow-sm">
            <LanguageSwitcher onBrand={false} testid="candidate-form-language" />
          </div>
        </div>
        <div className="mx-auto max-w-5xl px-4 pt-6 pb-8 sm:px-6">
          <h1 className="text-2xl font-semibold sm:text-3xl">{m.candidate_form_title()}</h1>
          <p className="mt-2 flex items-center gap-2 text-white/90" data-testid="candidate-form-shadchan">
            <Send className="size-4 shrink-0 rtl:-scale-x-100" aria-hidden />
            <span>{m.candidate_form_goes_to({name: data.shadchanName})}</span>
          </p>
          <p className="mt-3 max-w-2xl text-sm text-white/80">{m.candidate_form_intro()}</p>
        </div>
      </header>

      <main>
        <form onSubmit={submit} noValidate className="mx-auto max-w-5xl px-4 py-6 sm:px-6" data-testid="candidate-form">
          {banner && (
            <div
              role="alert"
              className="mb-6 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
              data-testid="candidate-form-error"
            >
              <p className="font-semibold">{m.error_title()}</p>
              <p>{banner}</p>
            </div>
          )}
          <CardFormFields
            form={form}
            set={set}
            errors={errors}
            audience="candidate"
            lookups={{sectors: data.sectors, statuses: [], communities: data.communities, institutions: data.institutions}}
          />
          <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">{m.candidate_form_final()}</p>
            <Button type="submit" className="shrink-0 px-6 py-2.5" data-testid="candidate-form-submit">
              <Send className="size-4 rtl:-scale-x-100" aria-hidden />
              {m.candidate_form_send()}
            </Button>
          </div>
          <p className="mt-6 text-center text-xs text-slate-500">
            <a href="/privacy-and-terms" className="hover:text-brand-700 hover:underline">
              {m.login_privacy_link()}
            </a>
          </p>
        </form>
      </main>

      {confirming !== undefined && (
        <CandidateSendDialog
          open={confirming.open}
          sending={sending}
          onBack={() => setConfirming({...confirming, open: false})}
          onSend={() => void send(confirming.values)}
        />
      )}
    </div>
  );
}
