import {useZero} from '@rocicorp/zero/react';
import {Link, useNavigate, useRouteContext} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {nanoid} from 'nanoid';
import {useEffect, useRef, useState, type FormEvent} from 'react';
import {toast} from '../../lib/toast.ts';
import {AlertTriangle, ExternalLink} from 'lucide-react';
import {can} from '../../../permissions/context.ts';
import {ERROR_TEXT} from '../../lib/dictionary.ts';
import {type FieldErrors, focusFirstInvalid, validate} from '../../lib/field-errors.ts';
import {confirmed} from '../../lib/mutate.ts';
import {call} from '../../login/api.ts';
import {mutators} from '../../mutators.ts';
import {contextOf} from '../../session.ts';
import {Button} from '../../ui/controls.tsx';
import {usePageTitle} from '../../ui/page-title.ts';
import {SaveBar} from '../../ui/SaveBar.tsx';
import {useLeaveGuard} from '../../ui/use-leave-guard.ts';
import {withoutErrorsOf} from './CardFormFields.tsx';
import {CardFormSections} from './CardFormSections.tsx';
import {duplicateQueryOf, type DuplicateMatch} from './duplicates.ts';
import {cardArgs, formsDiffer, type CardForm} from './form.ts';
import {INITIAL_STATUS_ID, cardCreateSchema, type CardCreate} from './mutators.ts';
import * as m from '../../paraglide/messages.js';

const EMPTY: CardForm = {gender: '', sectorID: '', statusID: INITIAL_STATUS_ID, database: 'general', temporary: ''};

const REASON: Record<DuplicateMatch['reasons'][number], () => string> = {
  idNumber: m.dup_reason_id,
  phone: m.dup_reason_phone,
  name: m.dup_reason_name,
};

/** An ID number is said to exist only of a card the user may open; of any other, the generic refusal. */
const idTakenText = (match: DuplicateMatch) => (match.visible ? ERROR_TEXT.idExists : ERROR_TEXT.idNumberUnavailable)();

/**
 * A new card (spec §2 "new profile"), asked with the same sections as the edit form. Before it is
 * saved the server is asked for cards that may be the same person (same ID number, a shared phone, the
 * same name and date of birth); they are shown first, and saving over an existing ID number is refused.
 */
export function CardNewPage() {
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const zero = useZero();
  const navigate = useNavigate();
  const [id] = useState(() => nanoid());
  const [form, setForm] = useState<CardForm>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The card that already has the typed ID number, when the server named one this user may open.
  const [idNumberCard, setIDNumberCard] = useState<string>();
  const [saving, setSaving] = useState(false);
  const [duplicates, setDuplicates] = useState<{card: CardCreate; matches: DuplicateMatch[]}>();
  usePageTitle(m.new_candidate_title());
  // The warning appears at the top of a long form: bring it into view and give it focus.
  const warning = useRef<HTMLElement>(null);
  useEffect(() => {
    warning.current?.scrollIntoView({block: 'start', behavior: 'smooth'});
    warning.current?.focus({preventScroll: true});
  }, [duplicates]);

  const dirty = formsDiffer(form, EMPTY);
  useLeaveGuard(dirty, saving);

  const set = (key: string, value: string | string[]) => {
    setForm(f => ({...f, [key]: value}));
    setErrors(errors => withoutErrorsOf(key, errors));
    setDuplicates(undefined);
  };
  const showErrors = (found: FieldErrors, otherCard?: string) => {
    setErrors(found);
    setIDNumberCard(otherCard);
    focusFirstInvalid(document.querySelector('[data-testid=card-form]'));
  };

  const database = form.database === 'personal' ? 'personal' : 'general';
  const mayUseTemporary = can(ctx, database === 'general' ? 'temporaryGeneralDatabase' : 'temporaryPersonalDatabase');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const values = cardArgs(id, form);
    const checked = validate(cardCreateSchema, {...values, database, temporary: mayUseTemporary && form.temporary === 'yes'});
    if (!checked.ok) {
      showErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    setSaving(true);
    const found = await call<{matches: DuplicateMatch[]}>('/api/profiles/duplicates', duplicateQueryOf(checked.value));
    setSaving(false);
    // Lookups are limited per user (the server answers 429): save nothing unchecked, say why.
    if (!found.ok && found.error === 'tooManyRequests') {
      toast.error(m.error_too_many_requests());
      return;
    }
    if (found.ok && found.data.matches.length > 0) {
      setDuplicates({card: checked.value, matches: found.data.matches});
      // The ID number's own field says it too, linking to the card when the user may open it.
      const idMatch = found.data.matches.find(d => d.reasons.includes('idNumber'));
      if (idMatch) {
        setErrors({idNumber: idTakenText(idMatch)});
        setIDNumberCard(idMatch.visible ? idMatch.id : undefined);
      }
      return;
    }
    await create(checked.value);
  }

  async function create(card: CardCreate) {
    setSaving(true);
    const outcome = await confirmed(zero.mutate(mutators.cards.create(card)));
    if (!outcome.ok) {
      setSaving(false);
      setDuplicates(undefined);
      showErrors(outcome.fields, outcome.profileID);
      toast.error(outcome.message);
      return;
    }
    toast.success(m.saved_successfully());
    void navigate({to: '/home/tickets/$id', params: {id: card.id}});
  }

  const databaseControl = (
    <fieldset className="space-y-2 sm:col-span-2 lg:col-span-3">
      <legend className="mb-1 text-sm font-medium text-slate-700">{m.field_database()}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {(['general', 'personal'] as const).map(option => (
          <label
            key={option}
            className={clsx(
              'flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1',
              database === option ? 'bg-brand-50 ring-brand-300' : 'ring-slate-200 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="database"
              value={option}
              checked={database === option}
              onChange={() => set('database', option)}
              className="mt-1 accent-brand-700"
            />
            <span>
              <span className="block text-sm font-medium text-slate-900">
                {option === 'general' ? m.database_general() : m.database_personal()}
              </span>
              <span className="block text-xs text-slate-600">
                {option === 'general' ? m.database_general_hint() : m.database_personal_hint()}
              </span>
            </span>
          </label>
        ))}
      </div>
      {mayUseTemporary && (
        <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            name="temporary"
            className="size-4 accent-brand-700"
            checked={form.temporary === 'yes'}
            onChange={e => set('temporary', e.target.checked ? 'yes' : '')}
          />
          {m.card_new_temporary()}
        </label>
      )}
    </fieldset>
  );

  const idMatch = duplicates?.matches.find(d => d.reasons.includes('idNumber'));
  const idTaken = idMatch !== undefined;
  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-5xl pb-28" data-testid="card-form">
      <div className="mb-6">
        <h1 className="text-2xl font-semibold text-slate-900">{m.new_candidate_title()}</h1>
        <p className="mt-1 text-sm text-slate-500">{m.card_new_hint()}</p>
      </div>

      {duplicates && (
        <section
          ref={warning}
          role="alert"
          tabIndex={-1}
          className="mb-6 scroll-mt-20 rounded-2xl bg-amber-50 p-5 text-amber-950 ring-1 ring-amber-200 focus:outline-none"
          data-testid="duplicates"
        >
          <h2 className="flex items-center gap-2 text-base font-semibold">
            <AlertTriangle className="size-5 text-amber-600" aria-hidden />
            {m.dup_title()}
          </h2>
          <p className="mt-1 text-sm">{idMatch ? idTakenText(idMatch) : m.dup_intro()}</p>
          <ul className="mt-3 divide-y divide-amber-200/70 rounded-xl bg-white/70 ring-1 ring-amber-200">
            {duplicates.matches.map((d, i) => (
              <li
                key={d.visible ? d.id : i}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
                data-testid="duplicate"
              >
                {d.visible ? (
                  <>
                    <bdi className="font-medium text-slate-900">{d.name}</bdi>
                    <bdi className="text-slate-600">{d.city}</bdi>
                  </>
                ) : (
                  <span className="text-slate-600">{m.dup_hidden()}</span>
                )}
                <span className="flex flex-wrap gap-1.5">
                  {d.reasons.map(r => (
                    <span key={r} className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      {REASON[r]()}
                    </span>
                  ))}
                </span>
                {d.visible && (
                  <Link
                    to="/home/tickets/$id"
                    params={{id: d.id}}
                    target="_blank"
                    className="ms-auto inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                    data-testid="duplicate-open"
                  >
                    {m.dup_open()}
                    <ExternalLink className="size-3.5" aria-hidden />
                  </Link>
                )}
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap gap-2">
            {!idTaken && (
              <Button onClick={() => void create(duplicates.card)} disabled={saving} data-testid="duplicates-save">
                {m.dup_save_anyway()}
              </Button>
            )}
            <Button variant="secondary" onClick={() => setDuplicates(undefined)}>
              {m.dup_back()}
            </Button>
          </div>
        </section>
      )}

      <CardFormSections form={form} set={set} errors={errors} idNumberCard={idNumberCard} admin={databaseControl} />

      <SaveBar>
        <div className="mx-auto flex max-w-5xl items-center justify-end gap-2 px-4 py-3 sm:px-6">
          <Link
            to="/home"
            className="rounded-lg px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {m.action_cancel()}
          </Link>
          <Button type="submit" disabled={saving} data-testid="card-save">
            {m.card_new_save()}
          </Button>
        </div>
      </SaveBar>
    </form>
  );
}
