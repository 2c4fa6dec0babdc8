import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {ArrowRight, Heart, Plus} from 'lucide-react';
import {useDeferredValue, useState} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {engagedCoupleQueries} from './queries.ts';
import type {ListedCouple} from './queries.ts';
import {ConnectionBadge} from '../ConnectionBadge.tsx';
import {LanguageSwitcher} from '../ui/LanguageSwitcher.tsx';
import {Button, Select, SearchInput} from '../ui/controls.tsx';
import {useConfirm} from '../ui/confirm.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {CoupleDialog} from './CoupleDialog.tsx';
import {STATUS_LABEL, STATUS_TONE, isolated} from './labels.ts';
import {COUPLE_STATUSES, type CoupleListArgs} from './schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * /meorasim (editEngagedCouples; spec §2, §3, §5; issue 15): the engaged couples, outside the staff
 * shell and loaded only when opened. A live list with search and a status filter, pending reports
 * first; record a couple, edit, confirm or reject a report, undo a confirmed couple.
 */
export function MeorasimPage() {
  usePageTitle(m.section_meorasim());
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim().slice(0, 50));
  const [status, setStatus] = useState<CoupleListArgs['status']>('');
  const [rows, details] = useQuery(engagedCoupleQueries.list({search, status}));
  const [editing, setEditing] = useState<ListedCouple | 'new'>();
  // Pending reports wait for a decision: they come first, the rest newest first as the query gives them.
  const shown = [...rows.filter(r => r.status === 'pending'), ...rows.filter(r => r.status !== 'pending')];

  return (
    <div className="min-h-dvh bg-slate-50">
      {/* The shell's brand bar in small: the way back, and whether this list is live. */}
      <header className="sticky top-0 z-30 bg-brand-700 text-white shadow-md">
        <div className="mx-auto flex h-14 max-w-5xl items-center gap-3 px-4">
          <Link
            to="/home"
            className="flex items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white"
            data-testid="meorasim-back"
          >
            <ArrowRight className="size-4 ltr:rotate-180" aria-hidden />
            {m.couples_back()}
          </Link>
          <div className="flex-1" />
          <ConnectionBadge />
          <LanguageSwitcher />
        </div>
      </header>
      <main className="mx-auto max-w-5xl space-y-5 px-4 py-6" data-testid="meorasim-page">
        <PageHeader title={m.section_meorasim()} subtitle={m.couples_subtitle()}>
          <Button onClick={() => setEditing('new')} data-testid="new-couple">
            <Plus className="size-4" aria-hidden />
            {m.couples_new_title()}
          </Button>
        </PageHeader>

        <div className="flex flex-wrap items-end gap-3">
          <SearchInput
            label={m.couples_search()}
            className="w-full max-w-sm"
            value={typed}
            maxLength={50}
            onChange={e => setTyped(e.target.value)}
            data-testid="couple-search"
          />
          <div className="w-full sm:w-56">
            <Select
              aria-label={m.couples_status()}
              value={status}
              onChange={e => setStatus(e.target.value as CoupleListArgs['status'])}
              data-testid="couple-status-filter"
            >
              <option value="">{m.couples_all_statuses()}</option>
              {COUPLE_STATUSES.map(s => (
                <option key={s} value={s}>
                  {STATUS_LABEL[s]()}
                </option>
              ))}
            </Select>
          </div>
        </div>

        {shown.length === 0 ? (
          details.type === 'complete' ? (
            <EmptyState icon={Heart}>{search || status ? m.no_results() : m.couples_empty()}</EmptyState>
          ) : (
            <ListLoading />
          )
        ) : (
          <ul className="divide-y divide-slate-100 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="couples">
            {shown.map(row => (
              <CoupleRow key={row.id} couple={row} onEdit={() => setEditing(row)} />
            ))}
          </ul>
        )}
      </main>
      {editing && <CoupleDialog couple={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </div>
  );
}

function CoupleRow({couple, onEdit}: {couple: ListedCouple; onEdit: () => void}) {
  const zero = useZero();
  const ask = useConfirm();
  const names = `${couple.maleName} – ${couple.femaleName}`;
  const liveCards = couple.cards.filter(c => c.revokedAt == null);

  async function act(action: 'confirm' | 'reject' | 'undo') {
    const question = {
      confirm: {title: m.couples_confirm_title(), description: m.couples_confirm_hint(), confirmLabel: m.couples_confirm()},
      reject: {
        title: m.couples_reject_title(),
        description: m.couples_reject_hint(),
        confirmLabel: m.couples_reject(),
        destructive: true,
      },
      undo: {
        title: m.couples_undo_title(),
        description: m.couples_undo_hint(),
        confirmLabel: m.couples_undo(),
        destructive: true,
      },
    }[action];
    if (!(await ask({...question, title: `${question.title} ${names}?`}))) return;
    const outcome = await confirmed(zero.mutate(mutators.engagedCouples[action]({id: couple.id})));
    if (outcome.ok) toast.success(m.saved_successfully());
    else toast.error(outcome.message);
  }

  const side = (name: string, idNumber: string | null | undefined, card: {id: string} | undefined, testid: string) => (
    <span className="inline-flex flex-wrap items-baseline gap-x-1.5" data-testid={testid}>
      {card ? (
        <Link
          to="/home/tickets/$id"
          params={{id: card.id}}
          className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
        >
          <bdi>{name}</bdi>
        </Link>
      ) : (
        <bdi className="font-medium text-slate-900">{name}</bdi>
      )}
      {idNumber && (
        <bdi dir="ltr" className="text-xs text-slate-500 tabular-nums">
          {idNumber}
        </bdi>
      )}
    </span>
  );

  return (
    <li
      className="flex flex-col gap-x-4 gap-y-3 px-4 py-3 sm:flex-row sm:items-start"
      data-testid="couple-row"
      data-status={couple.status}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          {side(couple.maleName, couple.maleIDNumber, couple.male, 'couple-male')}
          <Heart className="size-3.5 text-rose-400" aria-hidden />
          {side(couple.femaleName, couple.femaleIDNumber, couple.female, 'couple-female')}
          <span
            className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1', STATUS_TONE[couple.status])}
            data-testid="couple-status"
          >
            {STATUS_LABEL[couple.status]()}
          </span>
        </p>
        <p className="flex flex-wrap gap-x-3 text-sm text-slate-500">
          {couple.fatherName && <span>{m.couples_father_of({name: isolated(couple.fatherName)})}</span>}
          {couple.shadchan && <span>{m.couples_made_by({name: isolated(couple.shadchan.name)})}</span>}
          {couple.rabbi && <span>{m.couples_rabbi_of({name: isolated(couple.rabbi)})}</span>}
          <span>
            {m.couples_submitted({
              who: isolated(couple.submitter?.name ?? m.couples_by_candidate()),
              when: isolated(formatLocalDate(couple.submittedAt)),
            })}
          </span>
        </p>
        {couple.note && <p className="text-sm whitespace-pre-line text-slate-600">{couple.note}</p>}
        {liveCards.length > 0 && (
          <p className="flex flex-wrap gap-2 text-xs" data-testid="couple-cards">
            {liveCards.map(c => (
              <span
                key={c.id}
                className="rounded-md bg-brand-50 px-2 py-0.5 text-brand-800 ring-1 ring-brand-200"
                data-testid="couple-card"
              >
                {m.couples_card_issued({name: isolated(c.fullName)})} ·{' '}
                <bdi dir="ltr" className="font-mono">
                  {c.code}
                </bdi>
              </span>
            ))}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {couple.status === 'pending' && (
          <>
            <Button onClick={() => void act('confirm')} data-testid="couple-confirm">
              {m.couples_confirm()}
            </Button>
            <Button variant="secondary" onClick={() => void act('reject')} data-testid="couple-reject">
              {m.couples_reject()}
            </Button>
          </>
        )}
        {couple.status === 'confirmed' && (
          <Button variant="secondary" onClick={() => void act('undo')} data-testid="couple-undo">
            {m.couples_undo()}
          </Button>
        )}
        <Button variant="secondary" onClick={onEdit} data-testid="couple-edit">
          {m.action_edit()}
        </Button>
      </div>
    </li>
  );
}
