import {useState} from 'react';
import {useQuery, useZero} from '@rocicorp/zero/react';
import type {Row} from '@rocicorp/zero';
import {Bell, Plus, Users} from 'lucide-react';
import {clsx} from 'clsx';
import {toast} from '../lib/toast.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {notificationQueries} from './queries.ts';
import {Button} from '../ui/controls.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {audienceOf} from './labels.ts';
import {NotificationForm, type Notice} from './NotificationForm.tsx';
import * as m from '../paraglide/messages.js';

type ListedNotice = Row<ReturnType<typeof notificationQueries.list>>;

/**
 * admin/notifications (spec §2, adminNotifications): the notices shown after sign-in — write, edit,
 * retire — and who read each one and when. Live: another administrator's change, and a user reading a
 * notice in their popup, show at once.
 */
export function AdminNotificationsPage() {
  usePageTitle(m.section_admin_notifications());
  const zero = useZero();
  const [rows, details] = useQuery(notificationQueries.list());
  const [editing, setEditing] = useState<Notice | 'new'>();

  async function setActive(row: ListedNotice, active: boolean) {
    const outcome = await confirmed(zero.mutate(mutators.notifications.setActive({id: row.id, active})));
    if (!outcome.ok) toast.error(outcome.message);
  }

  return (
    <section className="space-y-5" data-testid="admin-notifications-page">
      <PageHeader title={m.section_admin_notifications()} subtitle={m.notifications_admin_intro()}>
        <Button onClick={() => setEditing('new')} data-testid="notification-new">
          <Plus className="size-4" aria-hidden />
          {m.notifications_new()}
        </Button>
      </PageHeader>
      {rows.length === 0 && (
        <EmptyState icon={Bell} loading={details.type !== 'complete'}>
          {m.notifications_none()}
        </EmptyState>
      )}
      <ul className="space-y-3">
        {rows.map(row => (
          <NotificationItem
            key={row.id}
            row={row}
            onEdit={() => setEditing(row)}
            onActive={active => void setActive(row, active)}
          />
        ))}
      </ul>
      {editing && <NotificationForm notice={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
    </section>
  );
}

function NotificationItem({row, onEdit, onActive}: {row: ListedNotice; onEdit: () => void; onActive: (active: boolean) => void}) {
  const [showReads, setShowReads] = useState(false);
  const [from, until] = [row.shownFrom, row.shownUntil].map(at => (at != null ? formatLocalDateTime(at) : '…'));
  return (
    <li
      className={clsx('rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200', !row.active && 'opacity-60')}
      data-testid="notification-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          {/* A notice is written in any language: each reads in its own direction, whatever the screen's. */}
          <h2 className="font-medium break-words text-slate-900" dir="auto">
            {row.title}
            {!row.active && <span className="ms-2 text-xs font-normal text-slate-500">{m.notifications_retired()}</span>}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line text-slate-600" dir="auto">
            {row.body}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500">
            <span className="inline-flex items-center gap-1" data-testid="notification-audience-shown">
              <Users className="size-3.5" aria-hidden />
              <span className="sr-only">{m.notifications_audience()}:</span>
              {audienceOf(row)}
            </span>
            {/* Each moment kept whole, the range in the page's direction: in Hebrew "from" stands on the right. */}
            {(row.shownFrom != null || row.shownUntil != null) && (
              <span>
                <bdi>{from}</bdi> – <bdi>{until}</bdi>
              </span>
            )}
          </p>
        </div>
        <div className="flex shrink-0 gap-1">
          <Button variant="ghost" onClick={onEdit}>
            {m.action_edit()}
          </Button>
          <Button variant="ghost" onClick={() => onActive(!row.active)}>
            {row.active ? m.notifications_retire() : m.notifications_restore()}
          </Button>
        </div>
      </div>
      <button
        type="button"
        onClick={() => setShowReads(shown => !shown)}
        aria-expanded={showReads}
        className="mt-2 text-sm text-brand-700 hover:underline"
        data-testid="notification-reads"
      >
        {m.notifications_read_by({count: row.reads.length})}
      </button>
      {showReads && <NotificationReads id={row.id} />}
    </li>
  );
}

/** Who read the notice and when, first reader first; grows as users read it. */
function NotificationReads({id}: {id: string}) {
  const [reads] = useQuery(notificationQueries.reads({id}));
  return (
    <ul className="mt-2 space-y-1 text-sm text-slate-700" data-testid="notification-readers">
      {reads.map(r => (
        <li key={r.userID} className="flex justify-between gap-3">
          <span>{r.reader?.name}</span>
          <span className="text-slate-500" dir="ltr">
            {formatLocalDateTime(r.readAt)}
          </span>
        </li>
      ))}
    </ul>
  );
}
