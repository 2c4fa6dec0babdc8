import {useQuery} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {ArrowRightLeft, BellRing, ClipboardList, MessageCircle, Plus} from 'lucide-react';
import {clsx} from 'clsx';
import {useState} from 'react';
import type {Gender} from '../../zero-schema.ts';
import {mayChangeActivity} from '../../permissions/activities.ts';
import {can} from '../../permissions/context.ts';
import {LocalDate} from '../settings/LocalDate.tsx';
import {activityQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {commentText} from './ActivityComments.tsx';
import {TimelineTransfer} from './TimelineTransfer.tsx';
import {StageBadge, StatusLabel} from './TimelineStage.tsx';
import {activityPath, newActivitySearch} from './paths.ts';
import {personName} from './labels.ts';
import {PhoneActions} from '../ui/PhoneActions.tsx';
import * as m from '../paraglide/messages.js';

/** How many of an activity's comments the timeline shows: the latest; the rest are on its screen. */
const LATEST_COMMENTS = 2;

type Card = {id: string; gender: Gender; forename: string; surname: string};
export type TimelineActivity = ReturnType<typeof useTimeline>[number];

function useTimeline(cardID: string) {
  const [activities] = useQuery(activityQueries.ofCard({id: cardID}));
  return activities;
}

/**
 * The card's activities as a timeline (issue 12), newest first and live: what was done, by whom, the
 * other side (only when the user may see that card), the reminder and the latest comments. From here
 * a new activity starts with this card filled in, and chosen activities move to another card.
 */
export function Timeline({card}: {card: Card}) {
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const mayEdit = can(ctx, 'editTickets');
  const activities = useTimeline(card.id);
  const [choosing, setChoosing] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setChosen(now => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const stopChoosing = () => (setChoosing(false), setChosen(new Set()));
  // An activity that left the card (moved by someone else meanwhile) is no longer among the chosen.
  const chosenHere = activities.filter(a => chosen.has(a.id)).map(a => a.id);

  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 print:hidden" data-testid="card-timeline">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <ClipboardList className="size-4" aria-hidden />
          {m.timeline_title()}
          <span className="text-sm font-normal text-slate-500 tabular-nums">({activities.length})</span>
        </h2>
        {mayEdit && (
          <div className="flex flex-wrap gap-2">
            {activities.length > 0 && !choosing && (
              <button
                type="button"
                onClick={() => setChoosing(true)}
                className="inline-flex items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
                data-testid="timeline-transfer"
              >
                <ArrowRightLeft className="size-4 rtl:-scale-x-100" aria-hidden />
                {m.transfer_start()}
              </button>
            )}
            <PhoneActions>
              <Link
                to={activityPath('new')}
                search={newActivitySearch(card.id)}
                className="inline-flex items-center justify-center gap-1.5 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800"
                data-testid="timeline-new"
              >
                <Plus className="size-4" aria-hidden />
                {m.timeline_new()}
              </Link>
            </PhoneActions>
          </div>
        )}
      </div>

      {choosing && <TimelineTransfer card={card} chosenIDs={chosenHere} onClose={stopChoosing} />}

      {activities.length === 0 ? (
        <p className="text-sm text-slate-500" data-testid="timeline-empty">
          {m.timeline_empty()}
        </p>
      ) : (
        <ol className="relative space-y-3 border-s-2 border-slate-100 ps-4">
          {activities.map(a => (
            <TimelineItem
              key={a.id}
              activity={a}
              otherSide={card.gender === 'male' ? 'female' : 'male'}
              choosing={choosing}
              chosen={chosen.has(a.id)}
              mayMove={mayChangeActivity(ctx, a)}
              onToggle={() => toggle(a.id)}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function TimelineItem({
  activity: a,
  otherSide,
  choosing,
  chosen,
  mayMove,
  onToggle,
}: {
  activity: TimelineActivity;
  otherSide: Gender;
  choosing: boolean;
  chosen: boolean;
  /** Moving an activity is changing it: its author's or an administrator's. */
  mayMove: boolean;
  onToggle: () => void;
}) {
  // The other side's card arrives only when the user may see it; a hidden one is just "another profile".
  const otherID = otherSide === 'male' ? a.maleProfileID : a.femaleProfileID;
  const other = otherSide === 'male' ? a.maleProfile : a.femaleProfile;
  const overdue = a.status === 'in_progress' && a.reminderAt != null && a.reminderAt <= Date.now();
  const latest = a.comments.slice(-LATEST_COMMENTS);
  return (
    <li className="relative" data-testid="timeline-item" data-activity-id={a.id}>
      <span className="absolute -start-[1.4rem] top-3 size-3 rounded-full bg-white ring-2 ring-brand-300" aria-hidden />
      <div
        className={clsx(
          'flex items-start gap-3 rounded-xl p-3 ring-1',
          chosen ? 'bg-brand-50 ring-brand-300' : 'ring-slate-100 hover:bg-slate-50',
        )}
      >
        {choosing && (
          <input
            type="checkbox"
            checked={chosen}
            onChange={onToggle}
            disabled={!mayMove}
            title={mayMove ? undefined : m.transfer_not_yours_hint()}
            aria-label={m.transfer_choose({title: a.title})}
            className="mt-1 size-4 shrink-0 accent-brand-700"
            data-testid="timeline-choose"
          />
        )}
        <div className="min-w-0 flex-1 space-y-1.5">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <StageBadge type={a.type} />
            <StatusLabel status={a.status} />
            {a.code && (
              <span className="text-xs text-slate-500 tabular-nums" dir="ltr" data-testid="timeline-code">
                #{a.code}
              </span>
            )}
            <span className="ms-auto text-xs text-slate-500 tabular-nums">
              <LocalDate ms={a.createdAt} />
            </span>
          </div>
          <Link to={activityPath(a.id)} className="block font-medium text-slate-900 hover:text-brand-700 hover:underline">
            <bdi>{a.title}</bdi>
          </Link>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-600">
            {otherID && (
              <span data-testid="timeline-other">
                {m.timeline_with()}{' '}
                {other ? <bdi className="font-medium text-slate-800">{personName(other)}</bdi> : m.timeline_other_hidden()}
              </span>
            )}
            <span>
              {m.timeline_by()} <bdi>{a.author?.name}</bdi>
            </span>
            {a.reminderAt != null && (
              <span className={clsx('inline-flex items-center gap-1', overdue && 'font-semibold text-amber-700')}>
                <BellRing className="size-3.5" aria-hidden />
                <span dir="ltr" className="tabular-nums">
                  <LocalDate ms={a.reminderAt} withTime />
                </span>
              </span>
            )}
          </p>
          {a.comments.length > 0 && (
            <div className="space-y-1 border-t border-slate-100 pt-1.5 text-sm">
              <p className="flex items-center gap-1 text-xs text-slate-500">
                <MessageCircle className="size-3.5" aria-hidden />
                {m.timeline_comments({count: a.comments.length})}
              </p>
              {latest.map(c => (
                <p key={c.id} className="text-slate-700">
                  <bdi className="font-medium">{c.author?.name}</bdi>: <bdi className="break-words">{commentText(c)}</bdi>
                </p>
              ))}
            </div>
          )}
        </div>
      </div>
    </li>
  );
}
