import {useQuery, useZero} from '@rocicorp/zero/react';
import {lazy, Suspense} from 'react';
import {Link, useNavigate, useParams, useRouteContext} from '@tanstack/react-router';
import {toast} from '../../lib/toast.ts';
import {SAY} from '../../lib/dictionary.ts';
import {confirmed} from '../../lib/mutate.ts';
import {mutators} from '../../mutators.ts';
import {useRestoreCard} from './use-restore-card.ts';
import {ArchiveRestore, EyeOff, History, Pencil, Printer, Trash2, Undo2, UserRound} from 'lucide-react';
import {clsx} from 'clsx';
import {can} from '../../../permissions/context.ts';
import {currentLocale} from '../../i18n.ts';
import {labelOf} from '../../lookups.ts';
import {ageOn, formatDate, formatLocalDate, msToIsoDate} from '../../lib/dates.ts';
import {LocalDate} from '../../settings/LocalDate.tsx';
import {hebrewDateOf} from '../../lib/hebrew-date.ts';
import {candidateQueries} from '../queries.ts';
import {lookupQueries} from '../../lookups.ts';
import {contextOf} from '../../session.ts';
import {OwnerContact} from './OwnerContact.tsx';
import {useConfirm} from '../../ui/confirm.tsx';
import {usePageTitle} from '../../ui/page-title.ts';
import {PhoneActions} from '../../ui/PhoneActions.tsx';
import {genderLabel} from '../labels.ts';
import {CardValue} from './CardValue.tsx';
import {CardNotes} from './CardNotes.tsx';
import {CardManage} from './CardManage.tsx';
import {CardMissing} from './CardMissing.tsx';
import {CandidateSourceBadge} from './CandidateSourceBadge.tsx';
import {canRestoreValues, restorableField} from './lifecycle.ts';
import {CardPresence} from './CardPresence.tsx';
import {CardFiles, CardPhoto} from './CardFiles.tsx';
import {CARD_SECTIONS, type CardField} from './fields.ts';
import {STATE_LABEL, fieldLabel} from './labels.ts';
import {historyValue} from './history-value.ts';
import {COLOUR_CLASS} from './colours.ts';
import {usePrintLog} from './use-print-log.ts';
import {Timeline} from '../../activities/Timeline.tsx';
import {TransferHistoryEntry, isTransferEntry} from '../../activities/TimelineHistoryEntry.tsx';
import {MazalTovButton} from '../../engaged-couples/MazalTovButton.tsx';
import {CardChats} from '../../chats/CardChats.tsx';
import {CardContactButton} from '../../contact/CardContactButton.tsx';
import {CardUnavailable} from './CardUnavailable.tsx';
import * as m from '../../paraglide/messages.js';
import type {CardDetails} from '../../tables/profiles.ts';
import {Loading} from '../../ui/Loading.tsx';

// Its own script (the rules' words and the catalogue's options), loaded when an open card is shown.
const SuggestionsPanel = lazy(() => import('../../suggestions/SuggestionsPanel.tsx').then(s => ({default: s.SuggestionsPanel})));

const STATE_BADGE = {
  active: '',
  pending: 'bg-amber-100 text-amber-900',
  engaged: 'bg-emerald-100 text-emerald-900',
  blocked: 'bg-rose-100 text-rose-900',
} as const;

const shownFor = (field: CardField, gender: 'male' | 'female') => !field.gender || field.gender === gender;

/**
 * A candidate's card (spec §2 "candidate profile view, full view and print"), live: another shadchan's
 * saved edit appears at once. The same page prints as a clean résumé (print CSS hides the shell).
 */
export function CardPage() {
  const {id} = useParams({strict: false}) as {id: string};
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const zero = useZero();
  const restoreCard = useRestoreCard();
  const navigate = useNavigate();
  const confirm = useConfirm();
  const [card, details] = useQuery(candidateQueries.card({id}));
  usePrintLog(id);
  const [communities] = useQuery(lookupQueries.communities());
  const [sectors] = useQuery(lookupQueries.sectors());
  const [statuses] = useQuery(lookupQueries.statuses());
  const [staff] = useQuery(lookupQueries.staffNames());
  const locale = currentLocale();
  usePageTitle(card ? `${card.forename} ${card.surname}` : m.card_view());

  if (!card) return <CardUnavailable details={details} />;
  const values: CardDetails = card.detail?.details ?? {};
  // The profile may be here from the list before its details sync: no "empty" sections meanwhile.
  const sections = card.detail || details.type === 'complete' ? CARD_SECTIONS : [];
  const community = communities.find(c => c.id === card.communityID)?.name;
  const facts: Array<[string, string | undefined]> = [
    [m.field_id_number(), card.detail?.idNumber ?? undefined],
    [m.field_birth_date(), formatDate(card.birthDate)],
    [m.card_hebrew_birth_date(), hebrewDateOf(msToIsoDate(card.birthDate))],
    [m.pf_community(), community],
    [m.card_open_from(), card.openFrom ? formatDate(card.openFrom) : m.card_open_now()],
    [m.card_entry_date(), formatDate(card.entryDate)],
    [m.card_created_at(), formatLocalDate(card.createdAt)],
    [m.card_updated_at(), formatLocalDate(card.updatedAt)],
  ];

  // Irreversible-looking, so confirmed first; the card stays restorable from the recycling bin, and
  // the toast that says so takes it back at once.
  async function moveToBin() {
    const sure = await confirm({
      title: SAY.deleteConfirm(),
      description: SAY.inRecycleBin(),
      confirmLabel: m.card_delete(),
      destructive: true,
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.cards.delete({id})));
    if (!outcome.ok) return toast.error(outcome.message);
    toast.success(SAY.inRecycleBin(), {action: {label: m.action_undo(), onClick: () => void restoreCard(id)}});
    void navigate({to: '/home'});
  }

  return (
    <article className="mx-auto max-w-5xl space-y-6 print:max-w-none print:space-y-3" data-testid="card">
      {card.deletedAt && (
        <div
          role="status"
          className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-rose-50 p-4 text-sm text-rose-900 ring-1 ring-rose-200 print:hidden"
          data-testid="card-in-bin"
        >
          {m.card_in_bin()}
          {can(ctx, 'deleteProfiles') && (
            <button
              type="button"
              onClick={() => void restoreCard(id)}
              className="inline-flex items-center gap-1.5 rounded-lg bg-white px-3 py-1.5 font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
              data-testid="card-restore"
            >
              <ArchiveRestore className="size-4" aria-hidden />
              {m.card_restore()}
            </button>
          )}
        </div>
      )}
      {card.closedAt && (
        <div
          role="status"
          className="rounded-xl bg-slate-100 p-4 text-sm text-slate-800 ring-1 ring-slate-300 print:hidden"
          data-testid="card-closed"
        >
          {m.card_closed_banner()}
        </div>
      )}
      <header
        data-testid="card-header"
        className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 print:p-0 print:shadow-none print:ring-0"
      >
        <div className="flex flex-wrap items-start gap-5">
          <CardPhoto
            profileID={id}
            name={`${card.forename} ${card.surname}`}
            ringClass={card.colour ? COLOUR_CLASS[card.colour] : 'ring-brand-100'}
          >
            <div
              className={clsx(
                'flex size-16 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-2xl font-semibold text-brand-700 ring-4',
                card.colour ? COLOUR_CLASS[card.colour] : 'ring-brand-100',
              )}
              aria-hidden
            >
              {card.forename.slice(0, 1)}
            </div>
          </CardPhoto>
          <div className="min-w-0 flex-1">
            <h1 className="text-2xl font-semibold text-slate-900" data-testid="card-name">
              <bdi>
                {card.forename} {card.surname}
              </bdi>
            </h1>
            <p className="mt-1 text-slate-600">
              {genderLabel[card.gender]()} · {m.card_age()} {ageOn(card.birthDate)} · <bdi>{card.city}</bdi>
            </p>
            <div className="mt-3 flex flex-wrap gap-2 text-xs font-medium">
              <span
                className="rounded-full bg-brand-50 px-2.5 py-1 text-brand-700 ring-1 ring-brand-100"
                data-testid="card-status"
              >
                {labelOf(statuses.find(s => s.id === card.statusID)?.labels, locale)}
              </span>
              <span className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-700" data-testid="card-sector">
                {labelOf(sectors.find(s => s.id === card.sectorID)?.labels, locale)}
              </span>
              <CandidateSourceBadge card={card} />
              {card.database === 'personal' && (
                <span className="rounded-full bg-gold-100 px-2.5 py-1 text-amber-800">{m.database_personal_badge()}</span>
              )}
              {card.state !== 'active' && (
                <span className={clsx('rounded-full px-2.5 py-1', STATE_BADGE[card.state])} data-testid="card-state">
                  {STATE_LABEL[card.state]()}
                </span>
              )}
              {card.visibility === 'chosen' && (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-slate-700">
                  <EyeOff className="size-3.5" aria-hidden />
                  {m.card_visibility_badge()}
                </span>
              )}
              <span
                className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-1 text-slate-700"
                data-testid="card-owner"
              >
                <UserRound className="size-3.5" aria-hidden />
                <bdi>{staff.find(u => u.id === card.ownerID)?.name}</bdi>
              </span>
              {can(ctx, 'showShadchanDetails') && <OwnerContact profileID={id} />}
            </div>
            <CardPresence profileID={id} mode="view" className="mt-3" />
          </div>
          <div className="flex flex-wrap gap-2 print:hidden">
            {can(ctx, 'editTickets') && (
              <PhoneActions>
                <Link
                  to="/home/tickets/edit/$id"
                  params={{id}}
                  className="inline-flex items-center justify-center gap-2 rounded-lg bg-brand-700 px-3.5 py-2 text-sm font-medium whitespace-nowrap text-white hover:bg-brand-800"
                  data-testid="card-edit"
                >
                  <Pencil className="size-4" aria-hidden />
                  {m.card_edit()}
                </Link>
              </PhoneActions>
            )}
            {can(ctx, 'showTickets') && <MazalTovButton card={card} />}
            <CardChats card={card} />
            <CardContactButton card={card} />
            {can(ctx, 'deleteProfiles') && !card.deletedAt && (
              <button
                type="button"
                onClick={() => void moveToBin()}
                className="inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-rose-700 ring-1 ring-rose-200 hover:bg-rose-50"
                data-testid="card-delete"
              >
                <Trash2 className="size-4" aria-hidden />
                {m.card_delete()}
              </button>
            )}
            <button
              type="button"
              onClick={() => window.print()}
              className="inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
              data-testid="card-print"
            >
              <Printer className="size-4" aria-hidden />
              {m.card_print()}
            </button>
          </div>
        </div>
        <dl className="mt-5 grid gap-x-6 gap-y-3 border-t border-slate-100 pt-4 text-sm sm:grid-cols-2 lg:grid-cols-4 print:grid-cols-4">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-500">{label}</dt>
                <dd className="font-medium text-slate-900 tabular-nums">
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
        </dl>
      </header>
      {card.detail && <CardMissing id={id} details={values} mayEdit={can(ctx, 'editTickets')} />}

      <div className="grid gap-6 lg:grid-cols-2 print:grid-cols-2 print:gap-3">
        {sections.map(section => {
          const filled = section.fields.filter(
            (f: CardField) =>
              shownFor(f, card.gender) &&
              values[f.key] !== undefined &&
              f.kind.type !== 'idNumber' &&
              f.kind.type !== 'community',
          );
          return (
            <section
              key={section.id}
              className="break-inside-avoid rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:p-3 print:shadow-none"
              data-testid={`card-section-${section.id}`}
            >
              <h2 className="mb-3 text-base font-semibold text-slate-900">{section.title()}</h2>
              {filled.length === 0 ? (
                <p className="text-sm text-slate-500">{m.card_empty_section()}</p>
              ) : (
                <dl className="grid gap-x-4 gap-y-2.5 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
                  {filled.map((f: CardField) => (
                    <div key={f.key} className="contents">
                      <dt className="text-slate-500">{f.label()}</dt>
                      <dd className="text-slate-900" data-testid={`card-value-${f.key}`}>
                        <CardValue field={f} value={values[f.key]!} />
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </section>
          );
        })}
      </div>

      <Timeline card={card} />
      {card.state === 'active' && !card.deletedAt && !card.closedAt && (
        <Suspense fallback={<Loading size="small" />}>
          <SuggestionsPanel key={id} card={card} mayEdit={can(ctx, 'editTickets')} />
        </Suspense>
      )}
      <CardManage card={card} ctx={ctx} />
      <CardFiles profileID={id} />
      <CardNotes profileID={id} />
      {can(ctx, 'viewChangeHistory') && <CardHistory id={id} mayRestore={canRestoreValues(ctx)} />}
    </article>
  );
}

/**
 * The card's revision history (view change history): who changed what, when, old → new. A card value
 * can be set back to what it was before a change (confirmed first); that is a new revision itself.
 */
function CardHistory({id, mayRestore}: {id: string; mayRestore: boolean}) {
  const zero = useZero();
  const confirm = useConfirm();
  const [rows] = useQuery(candidateQueries.history({id}));
  async function restore(revisionID: string, field: string) {
    const sure = await confirm({
      title: m.card_history_restore_confirm({field: fieldLabel(field)}),
      confirmLabel: m.card_history_restore(),
    });
    if (!sure) return;
    const outcome = await confirmed(zero.mutate(mutators.cards.restoreValue({revisionID})));
    if (outcome.ok) toast.success(SAY.updated());
    else toast.error(outcome.message);
  }
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:hidden" data-testid="card-history">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <History className="size-4" aria-hidden />
        {m.card_history()}
      </h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-500">{m.card_history_empty()}</p>
      ) : (
        <ul className="divide-y divide-slate-100 text-sm">
          {rows.slice(0, 50).map(r => (
            <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2" data-testid="history-entry">
              <span dir="ltr" className="text-slate-500 tabular-nums">
                <LocalDate ms={r.createdAt} withTime />
              </span>
              <bdi className="font-medium text-slate-700" data-testid="history-author">
                {r.byCandidate ? m.card_history_by_candidate() : r.author?.name}
              </bdi>
              {r.field === 'created' ? (
                <span className="text-slate-700">
                  {r.importedFrom ? m.card_history_imported({file: r.importedFrom}) : m.card_history_created()}
                </span>
              ) : isTransferEntry(r.field) ? (
                <TransferHistoryEntry profileID={id} value={r.newValue} />
              ) : (
                <>
                  <span className="text-slate-700">{fieldLabel(r.field)}:</span>
                  <bdi className="text-slate-500 line-through">{historyValue(r.field, r.oldValue)}</bdi>
                  <bdi className="text-slate-900">{historyValue(r.field, r.newValue)}</bdi>
                </>
              )}
              {mayRestore && restorableField(r.field) && (
                <button
                  type="button"
                  onClick={() => void restore(r.id, r.field)}
                  className="ms-auto inline-flex items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
                  data-testid="history-restore"
                >
                  <Undo2 className="size-3.5 rtl:-scale-x-100" aria-hidden />
                  {m.card_history_restore()}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
