import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {Check, Hourglass, Trash2} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {SAY} from '../lib/dictionary.ts';
import {ageOn, formatLocalDate} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {candidateQueries} from './queries.ts';
import {Button} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {EmptyState} from '../ui/EmptyState.tsx';
import {genderLabel} from './labels.ts';
import * as m from '../paraglide/messages.js';

/**
 * Temporary cards awaiting approval (spec §4 pending): whoever holds authorizeTemporaryProfiles, or a
 * community's coordinator for their community's (permissions/profiles.ts decidablePending), approves them one by one or chosen together, or moves the chosen ones to the recycling bin (after a
 * confirmation; they stay restorable there). Live: another approver's decision removes rows at once.
 */
export function PendingProfilesPage() {
  usePageTitle(m.section_temporary_profiles());
  const zero = useZero();
  const confirm = useConfirm();
  const [cards, details] = useQuery(candidateQueries.pending());
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [busy, setBusy] = useState(false);

  // Only cards still on the list count as chosen (another approver may have decided some meanwhile).
  const picked = cards.filter(c => chosen.has(c.id)).map(c => c.id);
  const allPicked = cards.length > 0 && picked.length === cards.length;
  const toggle = (id: string, on: boolean) =>
    setChosen(prev => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function decide(ids: string[], approve: boolean) {
    if (ids.length === 0) return;
    if (!approve) {
      const sure = await confirm({
        title: SAY.deleteConfirm(),
        description: SAY.inRecycleBin(),
        confirmLabel: m.pending_delete_chosen(),
        destructive: true,
      });
      if (!sure) return;
    }
    setBusy(true);
    const outcome = await confirmed(zero.mutate(approve ? mutators.cards.approve({ids}) : mutators.cards.discard({ids})));
    setBusy(false);
    if (!outcome.ok) return toast.error(outcome.message);
    toast.success(approve ? m.pending_approved({count: ids.length}) : SAY.inRecycleBin());
    setChosen(new Set());
  }

  return (
    <section className="space-y-5" data-testid="pending-profiles">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">{m.section_temporary_profiles()}</h1>
        <p className="mt-1 text-sm text-slate-500">{m.pending_intro()}</p>
      </div>
      {cards.length === 0 ? (
        <EmptyState icon={Hourglass} loading={details.type !== 'complete'}>
          {m.pending_empty()}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <div className="flex flex-wrap items-center gap-3 border-b border-slate-100 bg-slate-50 px-4 py-2.5">
            <label className="inline-flex items-center gap-2 text-sm font-medium text-slate-700">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={allPicked}
                onChange={e => setChosen(new Set(e.target.checked ? cards.map(c => c.id) : []))}
                data-testid="pending-select-all"
              />
              {m.pending_select_all()}
            </label>
            <span className="text-sm text-slate-500" aria-live="polite">
              {m.pending_chosen({count: picked.length})}
            </span>
            <div className="ms-auto flex gap-2">
              <Button
                onClick={() => void decide(picked, true)}
                disabled={busy || picked.length === 0}
                data-testid="pending-approve"
              >
                <Check className="size-4" aria-hidden />
                {m.pending_approve_chosen()}
              </Button>
              <Button
                variant="secondary"
                onClick={() => void decide(picked, false)}
                disabled={busy || picked.length === 0}
                data-testid="pending-discard"
              >
                <Trash2 className="size-4" aria-hidden />
                {m.pending_delete_chosen()}
              </Button>
            </div>
          </div>
          <ul className="divide-y divide-slate-100">
            {cards.map(card => (
              <li key={card.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3" data-testid="pending-card">
                <input
                  type="checkbox"
                  className="size-4 accent-brand-700"
                  checked={chosen.has(card.id)}
                  onChange={e => toggle(card.id, e.target.checked)}
                  aria-label={m.pending_choose({name: `${card.forename} ${card.surname}`})}
                  data-testid="pending-select"
                />
                <Link
                  to="/home/tickets/$id"
                  params={{id: card.id}}
                  className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                >
                  <bdi>
                    {card.surname} {card.forename}
                  </bdi>
                </Link>
                <span className="text-sm text-slate-500">
                  {genderLabel[card.gender]()} · {ageOn(card.birthDate)} · <bdi>{card.city}</bdi>
                </span>
                <span className="text-sm text-slate-500">
                  {card.source === 'candidate' ? m.pending_from_candidate() : <bdi>{card.owner?.name}</bdi>}
                </span>
                <span className="text-sm text-slate-500 tabular-nums">{formatLocalDate(card.createdAt)}</span>
                <button
                  type="button"
                  onClick={() => void decide([card.id], true)}
                  disabled={busy}
                  className="ms-auto inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50"
                  data-testid="pending-approve-one"
                >
                  <Check className="size-4" aria-hidden />
                  {m.pending_approve()}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
