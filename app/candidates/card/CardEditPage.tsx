import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useNavigate, useParams} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {useEffect, useState, type FormEvent} from 'react';
import {toast} from 'sonner';
import {validate, type FieldErrors} from '../../lib/field-errors.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {queries} from '../../queries.ts';
import {Button} from '../../ui/controls.tsx';
import {CardFormSections} from './CardFormSections.tsx';
import {usePageTitle} from '../../ui/page-title.ts';
import {useLeaveGuard} from '../../ui/use-leave-guard.ts';
import {cardArgs, formFromCard, formsDiffer, type CardForm} from './form.ts';
import {cardSaveSchema} from './mutators.ts';
import {CardPresence} from './CardPresence.tsx';
import * as m from '../../paraglide/messages.js';

/**
 * Editing a whole card (spec §2 edit, /home/tickets/edit/{id}): the catalogue's sections, a sticky
 * save bar, a warning before leaving with unsaved changes, and no silent overwrite of someone else's
 * newer save (the server refuses a save begun on an older revision; the form offers their version).
 */
export function CardEditPage() {
  const {id} = useParams({strict: false}) as {id: string};
  const zero = useZero();
  const navigate = useNavigate();
  const [card, details] = useQuery(queries.candidates.card({id}));
  const [loaded, setLoaded] = useState<{form: CardForm; revision: number}>();
  const [form, setForm] = useState<CardForm>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  // The card that already has the typed ID number, when the server named one this user may open.
  const [idNumberCard, setIDNumberCard] = useState<string>();
  const [saving, setSaving] = useState(false);
  usePageTitle(card ? `${m.card_edit()} · ${card.forename} ${card.surname}` : m.card_edit());

  const load = () => {
    if (!card) return;
    const fresh = formFromCard(card);
    setLoaded({form: fresh, revision: card.revision});
    setForm(fresh);
    setErrors({});
  };
  // The form starts from the card as it is when it first arrives; later saves by others are offered, not forced.
  // The profile may already be here from the list while its details still sync: wait for them, or an
  // empty form would be saved over them.
  const arrived = card !== undefined && (card.detail !== undefined || details.type === 'complete');
  useEffect(() => {
    if (arrived && !loaded) load();
  });

  const dirty = loaded !== undefined && formsDiffer(form, loaded.form);
  useLeaveGuard(dirty, saving);

  if (!card || !loaded) {
    return details.type === 'complete' && !card ? <p className="py-16 text-center text-slate-500">{m.card_not_found()}</p> : null;
  }
  const newerElsewhere = card.revision !== loaded.revision;

  const set = (key: string, value: string | string[]) => {
    setForm(f => ({...f, [key]: value}));
    setErrors(({[key]: _, [`details.${key}`]: __, ...rest}) => rest);
  };

  // The first field in error comes into view with focus, wherever it is in the long form.
  const showErrors = (found: FieldErrors, otherCard?: string) => {
    setErrors(found);
    setIDNumberCard(otherCard);
    requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-testid=card-form] [aria-invalid=true]')?.focus());
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = validate(cardSaveSchema, cardArgs(id, loaded!.revision, form));
    if (!checked.ok) {
      showErrors(checked.errors);
      toast.error(m.error_invalid_input());
      return;
    }
    setSaving(true);
    const outcome = await confirmed(zero.mutate(mutators.cards.save(checked.value)));
    setSaving(false);
    if (!outcome.ok) {
      showErrors(outcome.fields, outcome.profileID);
      toast.error(outcome.message);
      return;
    }
    toast.success(m.saved_successfully());
    setLoaded({form, revision: loaded!.revision + 1});
    void navigate({to: '/home/tickets/$id', params: {id}});
  }

  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-5xl pb-28" data-testid="card-form">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">
          {m.card_edit()} ·{' '}
          <bdi>
            {card.forename} {card.surname}
          </bdi>
        </h1>
        <Link to="/home/tickets/$id" params={{id}} className="text-sm font-medium text-brand-700 hover:underline">
          {m.card_view()}
        </Link>
      </div>
      <CardPresence profileID={id} mode="edit" className="-mt-3 mb-6" />
      {newerElsewhere && (
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="card-newer"
        >
          {m.card_newer_version()}
          <Button variant="secondary" onClick={load}>
            {m.card_load_newer()}
          </Button>
        </div>
      )}

      <CardFormSections form={form} set={set} errors={errors} idNumberCard={idNumberCard} />

      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white/95 backdrop-blur print:hidden">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p
            className={clsx('text-sm', dirty ? 'font-medium text-amber-700' : 'text-slate-500')}
            data-testid="card-dirty"
            aria-live="polite"
          >
            {dirty ? m.card_unsaved() : m.card_all_saved()}
          </p>
          <div className="flex gap-2">
            <Link
              to="/home/tickets/$id"
              params={{id}}
              className="rounded-lg px-3.5 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            >
              {m.action_cancel()}
            </Link>
            <Button type="submit" disabled={saving || !dirty} data-testid="card-save">
              {m.card_save()}
            </Button>
          </div>
        </div>
      </div>
    </form>
  );
}
