import {useQuery, useZero} from '@rocicorp/zero/react';
import {useNavigate} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Eye, FolderInput, FolderLock, Lock, LockOpen} from 'lucide-react';
import {useState} from 'react';
import {toast} from '../../lib/toast.ts';
import type {Row} from '@rocicorp/zero';
import {can, type AuthContext} from '../../../permissions/context.ts';
import {decidesPending} from '../../../permissions/profiles.ts';
import type {ProfileState, Schema} from '../../../zero-schema.ts';
import {SAY} from '../../lib/dictionary.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {candidateQueries} from '../queries.ts';
import {permissionQueries} from '../../staff/permission-queries.ts';
import {roleLabel} from '../../lib/role-labels.ts';
import {Button, TextInput} from '../../ui/controls.tsx';
import {useConfirm} from '../../ui/confirm.tsx';
import {STATE_LABEL} from './labels.ts';
import * as m from '../../paraglide/messages.js';

type Card = Row<Schema['tables']['profile']>;

/** Runs a card mutation and reports its outcome; true when the server accepted it. */
async function run(zero: ReturnType<typeof useZero>, write: Parameters<ReturnType<typeof useZero>['mutate']>[0], done?: string) {
  const outcome = await confirmed(zero.mutate(write));
  if (!outcome.ok) toast.error(outcome.message);
  else if (done) toast.success(done);
  return outcome.ok;
}

/**
 * The card's status panel (spec §4): its state (active, engaged, blocked; approving a pending one),
 * closing and reopening, its database (leaving the personal database is confirmed first: it opens the
 * card to every shadchan), and who may see it. Only what this user may change is offered.
 */
export function CardManage({card, ctx}: {card: Card; ctx: AuthContext}) {
  const zero = useZero();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const mayEdit = can(ctx, 'editTickets');
  const [me] = useQuery(permissionQueries.me());
  const owns = card.ownerID === ctx.userID || ctx.role === 'admin';
  if (!mayEdit) return null;

  async function closeCard() {
    if (!(await confirm({title: m.card_close_confirm(), confirmLabel: m.card_close(), destructive: true}))) return;
    if (!(await run(zero, mutators.cards.close({id: card.id}), SAY.profileClosed()))) return;
    // Without showDeletedProfiles the closed card is gone from this user's view as well.
    if (!can(ctx, 'showDeletedProfiles')) void navigate({to: '/home'});
  }

  async function moveDatabase() {
    const toGeneral = card.database === 'personal';
    if (toGeneral && !(await confirm({title: m.card_to_general_confirm(), confirmLabel: m.card_to_general()}))) return;
    await run(zero, mutators.cards.setDatabase({id: card.id, database: toGeneral ? 'general' : 'personal'}), SAY.updated());
  }

  const states: ProfileState[] = can(ctx, 'deleteProfiles') ? ['active', 'engaged', 'blocked'] : ['active', 'engaged'];
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:hidden" data-testid="card-manage">
      <h2 className="mb-4 text-base font-semibold text-slate-900">{m.card_manage()}</h2>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-4">
        {card.state === 'pending'
          ? decidesPending(ctx, card, me) && (
              <Button
                onClick={() => void run(zero, mutators.cards.approve({ids: [card.id]}), SAY.updated())}
                data-testid="card-approve"
              >
                {m.pending_approve()}
              </Button>
            )
          : states.includes(card.state) && (
              <fieldset className="flex flex-wrap items-center gap-2">
                <legend className="sr-only">{m.card_state()}</legend>
                <span className="text-sm text-slate-500" aria-hidden>
                  {m.card_state()}
                </span>
                <div className="inline-flex overflow-hidden rounded-lg ring-1 ring-slate-300">
                  {states.map(state => (
                    <label
                      key={state}
                      className={clsx(
                        'cursor-pointer px-3 py-1.5 text-sm font-medium focus-within:ring-2 focus-within:ring-brand-500 focus-within:ring-inset',
                        card.state === state ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 hover:bg-slate-50',
                      )}
                    >
                      <input
                        type="radio"
                        name="card-state"
                        value={state}
                        className="sr-only"
                        checked={card.state === state}
                        onChange={() =>
                          void run(
                            zero,
                            mutators.cards.setState({id: card.id, state: state as 'active' | 'engaged' | 'blocked'}),
                            SAY.updated(),
                          )
                        }
                        data-testid={`card-state-${state}`}
                      />
                      {STATE_LABEL[state]()}
                    </label>
                  ))}
                </div>
              </fieldset>
            )}
        {owns && (
          <Button variant="secondary" onClick={() => void moveDatabase()} data-testid="card-database">
            {card.database === 'personal' ? (
              <FolderInput className="size-4" aria-hidden />
            ) : (
              <FolderLock className="size-4" aria-hidden />
            )}
            {card.database === 'personal' ? m.card_to_general() : m.card_to_personal()}
          </Button>
        )}
        {card.closedAt ? (
          can(ctx, 'showDeletedProfiles') && (
            <Button
              variant="secondary"
              onClick={() => void run(zero, mutators.cards.reopen({id: card.id}), m.card_reopened())}
              data-testid="card-reopen"
            >
              <LockOpen className="size-4" aria-hidden />
              {m.card_reopen()}
            </Button>
          )
        ) : (
          <Button variant="secondary" onClick={() => void closeCard()} data-testid="card-close">
            <Lock className="size-4" aria-hidden />
            {m.card_close()}
          </Button>
        )}
      </div>
      {owns && <CardVisibility card={card} />}
    </section>
  );
}

/** All site contacts, or only chosen shadchanim and representatives (spec §6), chosen from the staff. */
function CardVisibility({card}: {card: Card}) {
  const zero = useZero();
  const [viewers, viewersDetails] = useQuery(candidateQueries.viewers({id: card.id}));
  const [staff] = useQuery(candidateQueries.staff());
  const [draft, setDraft] = useState<{visibility: 'all' | 'chosen'; ids: ReadonlySet<string>}>();
  const [filter, setFilter] = useState('');
  if (viewersDetails.type !== 'complete' && viewers.length === 0 && card.visibility === 'chosen') return null;

  const current = draft ?? {visibility: card.visibility, ids: new Set(viewers.map(v => v.userID))};
  const changed =
    draft !== undefined &&
    (draft.visibility !== card.visibility || draft.ids.size !== viewers.length || viewers.some(v => !draft.ids.has(v.userID)));
  const choices = staff.filter(u => u.id !== card.ownerID && (filter === '' || u.name.includes(filter.trim())));

  async function save() {
    const ok = await run(
      zero,
      mutators.cards.setVisibility({
        id: card.id,
        visibility: current.visibility,
        viewerIDs: current.visibility === 'chosen' ? [...current.ids] : [],
      }),
      SAY.saved(),
    );
    if (ok) setDraft(undefined);
  }

  return (
    <fieldset className="mt-5 border-t border-slate-100 pt-4" data-testid="card-visibility">
      <legend className="sr-only">{m.card_visibility()}</legend>
      <p className="mb-2 flex items-center gap-2 text-sm font-medium text-slate-700" aria-hidden>
        <Eye className="size-4" />
        {m.card_visibility()}
      </p>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(['all', 'chosen'] as const).map(option => (
          <label key={option} className="inline-flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name="card-visibility"
              value={option}
              className="accent-brand-700"
              checked={current.visibility === option}
              onChange={() => setDraft({...current, visibility: option})}
              data-testid={`card-visibility-${option}`}
            />
            {option === 'all' ? m.card_visibility_all() : m.card_visibility_chosen()}
          </label>
        ))}
      </div>
      {current.visibility === 'chosen' && (
        <div className="mt-3 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <TextInput
              className="max-w-60"
              value={filter}
              onChange={e => setFilter(e.target.value)}
              placeholder={m.card_visibility_filter()}
              aria-label={m.card_visibility_filter()}
            />
            <span className="text-sm text-slate-500">{m.card_visibility_count({count: current.ids.size})}</span>
          </div>
          <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-lg p-2 ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-3">
            {choices.map(u => (
              <li key={u.id}>
                <label className="flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-50">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-700"
                    checked={current.ids.has(u.id)}
                    onChange={e => {
                      const ids = new Set(current.ids);
                      if (e.target.checked) ids.add(u.id);
                      else ids.delete(u.id);
                      setDraft({...current, ids});
                    }}
                    data-testid="card-viewer"
                  />
                  <bdi>{u.name}</bdi>
                  <span className="text-xs text-slate-500">{roleLabel[u.role]()}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      )}
      {changed && (
        <div className="mt-3 flex gap-2">
          <Button onClick={() => void save()} data-testid="card-visibility-save">
            {m.card_visibility_save()}
          </Button>
          <Button variant="ghost" onClick={() => setDraft(undefined)}>
            {m.action_cancel()}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
