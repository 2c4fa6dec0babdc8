import {useCallback, useEffect, useState} from 'react';
import {Bell, Plus} from 'lucide-react';
import {clsx} from 'clsx';
import {call} from '../login/api.ts';
import {loginErrorText} from '../login/errors.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {Button} from '../ui/controls.tsx';
import {EmptyState} from '../ui/EmptyState.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {NotificationForm} from './NotificationForm.tsx';
import type {NotificationRead, NotificationRow} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** A list of reads and the whole list are re-read this often while the screen is open (the tables are server-only). */
const REFRESH_MS = 10_000;

/**
 * admin/notifications (spec §2, adminNotifications): the notices shown after sign-in — write, edit,
 * retire — and who read each one and when. The notices are server-only, so the screen reads them
 * through /api/admin/notifications and refreshes every few seconds instead of syncing.
 */
export function AdminNotificationsPage() {
  usePageTitle(m.section_admin_notifications());
  const [rows, setRows] = useState<NotificationRow[]>();
  const [error, setError] = useState<string>();
  const [editing, setEditing] = useState<NotificationRow | 'new'>();

  const load = useCallback(async () => {
    const result = await call<NotificationRow[]>('/api/admin/notifications', undefined, 'GET');
    if (result.ok) setRows(result.data);
    else setError(loginErrorText(result.error, result.message));
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  async function setActive(row: NotificationRow, active: boolean) {
    const result = await call(`/api/admin/notifications/${encodeURIComponent(row.id)}/active`, {active});
    if (!result.ok) setError(loginErrorText(result.error, result.message));
    await load();
  }

  return (
    <section className="space-y-5">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{m.section_admin_notifications()}</h1>
          <p className="mt-1 text-sm text-slate-500">{m.notifications_admin_intro()}</p>
        </div>
        <Button onClick={() => setEditing('new')} data-testid="notification-new">
          <Plus className="size-4" aria-hidden />
          {m.notifications_new()}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-sm text-rose-600">
          {error}
        </p>
      )}
      {rows?.length === 0 && <EmptyState icon={Bell}>{m.notifications_none()}</EmptyState>}
      <ul className="space-y-3">
        {rows?.map(row => (
          <NotificationItem
            key={row.id}
            row={row}
            onEdit={() => setEditing(row)}
            onActive={active => void setActive(row, active)}
          />
        ))}
      </ul>
      {editing && (
        <NotificationForm
          row={editing}
          onClose={saved => {
            setEditing(undefined);
            if (saved) void load();
          }}
        />
      )}
    </section>
  );
}

function NotificationItem({
  row,
  onEdit,
  onActive,
}: {
  row: NotificationRow;
  onEdit: () => void;
  onActive: (active: boolean) => void;
}) {
  const [reads, setReads] = useState<NotificationRead[]>();
  const [from, until] = [row.from, row.until].map(at => (at ? formatLocalDateTime(Date.parse(at)) : '…'));
  async function toggleReads() {
    if (reads) return setReads(undefined);
    const result = await call<NotificationRead[]>(
      `/api/admin/notifications/${encodeURIComponent(row.id)}/reads`,
      undefined,
      'GET',
    );
    if (result.ok) setReads(result.data);
  }
  return (
    <li
      className={clsx('rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200', !row.active && 'opacity-60')}
      data-testid="notification-row"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 flex-1">
          {/* A notice is written in any language: each reads in its own direction, whatever the screen's. */}
          <h2 className="font-medium text-slate-900" dir="auto">
            {row.title}
            {!row.active && <span className="ms-2 text-xs font-normal text-slate-500">{m.notifications_retired()}</span>}
          </h2>
          <p className="mt-1 line-clamp-2 text-sm whitespace-pre-line text-slate-600" dir="auto">
            {row.body}
          </p>
          {/* Each moment kept whole, the range in the page's direction: in Hebrew "from" stands on the right. */}
          <p className="mt-1 text-xs text-slate-500">
            <bdi>{from}</bdi> – <bdi>{until}</bdi>
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
        onClick={() => void toggleReads()}
        className="mt-2 text-sm text-brand-700 hover:underline"
        data-testid="notification-reads"
      >
        {m.notifications_read_by({count: row.readCount})}
      </button>
      {reads && (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {reads.map(r => (
            <li key={r.userID} className="flex justify-between gap-3">
              <span>{r.name}</span>
              <span className="text-slate-500" dir="ltr">
                {formatLocalDateTime(Date.parse(r.readAt))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
