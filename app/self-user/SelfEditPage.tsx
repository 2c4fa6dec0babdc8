import {useParams} from '@tanstack/react-router';
import {ArrowRight, BadgeCheck, Lock, MailCheck, Save} from 'lucide-react';
import {useEffect, useState, type FormEvent} from 'react';
import {errorCodeOf} from '../../permissions/errors.ts';
import {ERROR_TEXT} from '../lib/dictionary.ts';
import {type FieldErrors, fieldErrorsOf, focusFirstInvalid, validate} from '../lib/field-errors.ts';
import {call} from '../login/api.ts';
import {AuthFrame} from '../ui/AuthFrame.tsx';
import {loginErrorText} from '../login/errors.ts';
import {LanguageSwitcher} from '../ui/LanguageSwitcher.tsx';
import {Button} from '../ui/controls.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {CardFormFields, withoutErrorsOf} from '../candidates/card/CardFormFields.tsx';
import {SELF_EDITABLE_FIELDS} from '../candidates/card/fields.ts';
import {cardPatch, type CardForm} from '../candidates/card/form.ts';
import {formFromDetails} from '../candidates/card/form-of-card.ts';
import {selfUpdateSchema, type SelfTicket} from './edit.ts';
import {SelfPhoto} from './SelfPhoto.tsx';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';
import {notify} from '../ui/notify.ts';

const NO_LOOKUPS = {sectors: [], statuses: [], communities: [], institutions: []};

/** A refusal in words: the dictionary's for typed errors, this page's own, else the sign-in texts. */
function refusalText(error: string, message: string) {
  if (error === 'ticketLocked') return m.candidate_source_locked();
  if (error === 'ticketClosed') return m.self_edit_closed();
  const code = errorCodeOf({code: error});
  return code ? ERROR_TEXT[code]() : loginErrorText(error, message);
}

/** The photo calls' refusals in the same words (the file's own, size and type, UploadControl says). */
const photoRefusalText = (error: string | undefined) => (error ? refusalText(error, '') || undefined : undefined);

const HEADER_LINK =
  'inline-flex items-center gap-1.5 rounded-lg bg-white/10 px-3 py-1.5 text-sm font-medium text-white ring-1 ring-white/30 hover:bg-white/20';

type Loaded = {ticket: SelfTicket; initial: CardForm};
type Stage = {type: 'loading'} | {type: 'refused'; text: string} | {type: 'form'; loaded: Loaded};

/**
 * The candidate's own edit form (issue 15): the spec's edit link /home/tickets/edit/{ticketID} opened
 * with a self-user session. Outside the staff shell and without Zero: the values come from and go to
 * GET/POST /api/peoples/self-update, only the fields a candidate may change (SELF_EDITABLE_FIELDS),
 * checked here and again on the server with the same schema; the photo (SelfPhoto) changes at once,
 * apart from Save. Without a self-user session, back to the self-user login.
 */
export function SelfEditPage() {
  const {id} = useParams({strict: false}) as {id: string};
  usePageTitle(m.self_edit_title());
  const [stage, setStage] = useState<Stage>({type: 'loading'});
  const [form, setForm] = useState<CardForm>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function load() {
    const result = await call<SelfTicket>('/api/peoples/self-update', undefined, 'GET');
    if (!result.ok && result.error === 'notSignedIn') return location.assign('/self-user/login');
    if (!result.ok) return setStage({type: 'refused', text: refusalText(result.error, result.message)});
    // The link names a ticket: only the session's own opens here.
    if (result.data.ticketID !== id) return setStage({type: 'refused', text: ERROR_TEXT.notFound()});
    const initial = {gender: result.data.gender, ...formFromDetails(result.data.details)};
    setForm(initial);
    setStage({type: 'form', loaded: {ticket: result.data, initial}});
  }
  useEffect(() => {
    void load();
    // Loaded once per ticket link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);

  if (stage.type === 'loading') {
    return (
      <AuthFrame>
        <Loading />
      </AuthFrame>
    );
  }
  if (stage.type === 'refused') {
    return (
      <AuthFrame>
        <div className="space-y-5 text-center" data-testid="self-edit-refused">
          <Lock className="mx-auto size-10 text-slate-400" aria-hidden />
          <p className="text-slate-700">{stage.text}</p>
          <BackLink />
        </div>
      </AuthFrame>
    );
  }

  const {ticket, initial} = stage.loaded;
  const changed = SELF_EDITABLE_FIELDS.filter(key => JSON.stringify(form[key] ?? '') !== JSON.stringify(initial[key] ?? ''));

  const set = (key: string, value: string | string[]) => {
    setForm(f => ({...f, [key]: value}));
    setErrors(e => withoutErrorsOf(key, e));
  };
  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    focusFirstInvalid(document.querySelector('[data-testid=self-edit-form]'));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBanner(undefined);
    const patch = cardPatch(ticket.ticketID, ticket.revision, form, changed);
    const body = {ticketID: ticket.ticketID, revision: ticket.revision, details: patch.details ?? {}};
    const checked = validate(selfUpdateSchema, body);
    if (!checked.ok) {
      showErrors(checked.errors);
      setBanner(checked.summary);
      return;
    }
    setSaving(true);
    // The values as typed: the server parses them with the same schema.
    const result = await call<{revision: number}>('/api/peoples/self-update', body);
    setSaving(false);
    if (!result.ok) {
      if (result.error === 'notSignedIn') return location.assign('/self-user/login');
      setBanner(refusalText(result.error, result.message));
      showErrors(fieldErrorsOf(result.issues ?? []));
      return;
    }
    notify('success', m.self_edit_saved());
    await load();
  }

  return (
    <div className="min-h-screen bg-slate-50">
      <header className="bg-gradient-to-b from-brand-700 to-brand-800 text-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 pt-4 sm:px-6">
          <BackLink onBrand />
          <div className="rounded-lg bg-white shadow-sm">
            <LanguageSwitcher onBrand={false} testid="self-edit-language" />
          </div>
        </div>
        <div className="mx-auto max-w-5xl px-4 pt-6 pb-8 sm:px-6">
          <h1 className="text-2xl font-semibold sm:text-3xl">{m.self_edit_title()}</h1>
          <p className="mt-2 text-lg text-white/90" data-testid="self-edit-name">
            <bdi>{ticket.fullName}</bdi>
          </p>
          <p className="mt-3 max-w-2xl text-sm text-white/80">{m.self_edit_intro()}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <a href="/self-user/verify-phone" className={HEADER_LINK} data-testid="self-edit-verify">
              <BadgeCheck className="size-4" aria-hidden />
              {m.self_verify_title()}
            </a>
            <a href="/self-user/verify-email" className={HEADER_LINK} data-testid="self-edit-verify-email">
              <MailCheck className="size-4" aria-hidden />
              {m.self_verify_email_title()}
            </a>
          </div>
        </div>
      </header>
      <main>
        <div className="mx-auto max-w-5xl px-4 pt-6 sm:px-6">
          <SelfPhoto initial={ticket.photo} name={ticket.fullName} refusalText={photoRefusalText} />
        </div>
        <form onSubmit={submit} noValidate className="mx-auto max-w-5xl px-4 py-6 sm:px-6" data-testid="self-edit-form">
          {banner && (
            <div
              role="alert"
              className="mb-6 rounded-xl bg-rose-50 px-4 py-3 text-sm text-rose-800 ring-1 ring-rose-200"
              data-testid="self-edit-error"
            >
              <p className="font-semibold">{m.error_title()}</p>
              <p>{banner}</p>
            </div>
          )}
          <CardFormFields form={form} set={set} errors={errors} audience="self" lookups={NO_LOOKUPS} />
          <div className="mt-6 flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="self-edit-status">
              {changed.length > 0 ? m.card_unsaved() : m.card_all_saved()}
            </p>
            <Button
              type="submit"
              className="shrink-0 px-6 py-2.5"
              disabled={saving || changed.length === 0}
              data-testid="self-edit-save"
            >
              <Save className="size-4" aria-hidden />
              {m.self_edit_save()}
            </Button>
          </div>
        </form>
      </main>
    </div>
  );
}

/** Back to /self-user/home (a full load: that page is outside the router's shell too). */
function BackLink({onBrand = false}: {onBrand?: boolean}) {
  return (
    <a
      href="/self-user/home"
      className={
        onBrand
          ? 'inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-white/90 hover:bg-white/10'
          : 'inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline'
      }
      data-testid="self-edit-back"
    >
      <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
      {m.self_edit_back()}
    </a>
  );
}
