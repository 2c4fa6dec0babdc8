import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useNavigate, useParams} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {useState, type FormEvent} from 'react';
import {toast} from '../../lib/toast.ts';
import {validate, type FieldErrors} from '../../lib/field-errors.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {candidateQueries} from '../queries.ts';
import {Button} from '../../ui/controls.tsx';
import {withoutErrorsOf} from './CardFormFields.tsx';
import {CardFormSections} from './CardFormSections.tsx';
import {SaveBar} from '../../ui/SaveBar.tsx';
import {usePageTitle} from '../../ui/page-title.ts';
import {cardPatch} from './form.ts';
import {formFromCard} from './form-of-card.ts';
import {cardPatchSchema} from './mutators.ts';
import {fieldLabel} from './labels.ts';
import {useLiveMerge} from '../../lib/use-live-merge.ts';
import {useLeaveGuard} from '../../ui/use-leave-guard.ts';
import {CardPresence} from './CardPresence.tsx';
import {CardUnavailable} from './CardUnavailable.tsx';
import {Loading} from '../../ui/Loading.tsx';
import * as m from '../../paraglide/messages.js';

/**
 * Editing a whole card (spec §2 edit, /home/tickets/edit/{id}): the catalogue's sections, a sticky
 * save bar and a warning before leaving with unsaved changes. The form stays live: what others save
 * meanwhile merges in (app/lib/use-live-merge.ts), fields both changed ask the user to choose, and a
 * save sends only the user's changes against the revision the form shows, so nobody is locked out and
 * no edit is lost.
 */
export function CardEditPage() {
  const {id} = useParams({strict: false}) as {id: string};
  const zero = useZero();
  const navigate = useNavigate();
  const [card, details] = useQuery(candidateQueries.card({id}));
  // The profile may already be here from the list while its details still sync: wait for them, or the
  // form would start from empty details.
  const arrived = card !== undefined && (card.detail !== undefined || details.type === 'complete');
  const live = useLiveMerge(arrived ? {values: formFromCard(card), revision: card.revision} : undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The card that already has the typed ID number, when the server named one this user may open.
  const [idNumberCard, setIDNumberCard] = useState<string>();
  const [saving, setSaving] = useState(false);
  usePageTitle(card ? `${m.card_edit()} · ${card.forename} ${card.surname}` : m.card_edit());

  const dirty = live.changed.length > 0;
  useLeaveGuard(dirty, saving);

  const merged = live.state;
  if (!card || !merged) {
    return card ? <Loading /> : <CardUnavailable details={details} />;
  }
  const form = merged.mine;
  const conflicted = Object.keys(merged.conflicts);
  // Never "all saved" beside a red error: the bar says what is wrong until it is fixed.
  const hasErrors = Object.keys(errors).length > 0;

  const set = (key: string, value: string | string[]) => {
    live.set(key, value);
    setErrors(e => withoutErrorsOf(key, e));
  };
  const resolve = (key: string, choice: 'mine' | 'theirs') => {
    live.resolve(key, choice);
    setErrors(e => withoutErrorsOf(key, e));
  };

  // The first field in error (or in conflict) comes into view with focus, wherever it is in the long form.
  const showErrors = (found: FieldErrors, otherCard?: string) => {
    setErrors(found);
    setIDNumberCard(otherCard);
    requestAnimationFrame(() => {
      const field = document.querySelector<HTMLElement>(
        '[data-testid=card-form] [aria-invalid=true], [data-testid=card-form] [data-merge=conflict] :is(input, select, textarea)',
      );
      if (!field) return;
      // The whole conflict box (both values and the choice), not only its input, in view and clear of the save bar.
      (field.closest<HTMLElement>('[data-merge=conflict]') ?? field).scrollIntoView({block: 'center'});
      field.focus({preventScroll: true});
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (conflicted.length > 0) {
      showErrors(errors);
      toast.error(m.card_conflicts_pending());
      return;
    }
    const checked = validate(cardPatchSchema, cardPatch(id, merged!.revision, form, live.changed));
    if (!checked.ok) {
      showErrors(checked.errors);
      toast.error(checked.summary);
      return;
    }
    setSaving(true);
    const outcome = await confirmed(zero.mutate(mutators.cards.save(checked.value)));
    if (!outcome.ok) {
      setSaving(false);
      showErrors(outcome.fields, outcome.profileID);
      toast.error(outcome.message);
      return;
    }
    // Still "saving" while leaving, so the unsaved-changes guard lets the page go.
    live.markSaved();
    toast.success(m.saved_successfully());
    void navigate({to: '/home/tickets/$id', params: {id}});
  }

  const takenNames = [...live.taken].map(fieldLabel).join(', ');
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
      <p className="sr-only" aria-live="polite">
        {takenNames && m.card_merged_notice({fields: takenNames})}
      </p>

      <CardFormSections
        form={form}
        set={set}
        errors={errors}
        idNumberCard={idNumberCard}
        merge={{taken: live.taken, conflicts: merged.conflicts, resolve}}
      />

      <SaveBar>
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3 sm:px-6">
          <p
            className={clsx(
              'text-sm',
              conflicted.length > 0 || hasErrors
                ? 'font-medium text-rose-700'
                : dirty
                  ? 'font-medium text-amber-700'
                  : 'text-slate-500',
            )}
            data-testid="card-dirty"
            aria-live="polite"
          >
            {conflicted.length > 0 ? (
              <>
                {m.card_conflicts_count({count: conflicted.length})}{' '}
                <button
                  type="button"
                  className="font-semibold underline"
                  onClick={() => showErrors(errors)}
                  data-testid="card-conflicts-jump"
                >
                  {m.card_conflicts_jump()}
                </button>
              </>
            ) : hasErrors ? (
              m.error_invalid_input()
            ) : dirty ? (
              m.card_unsaved()
            ) : (
              m.card_all_saved()
            )}
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
      </SaveBar>
    </form>
  );
}
