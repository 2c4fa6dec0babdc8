import {useState} from 'react';
import {Dialog} from '../ui/Dialog.tsx';
import {Button} from '../ui/controls.tsx';
import {call, type AdminNotification} from './api.ts';
import * as m from '../paraglide/messages.js';

/**
 * Final login: the admins' notices, one at a time; `onDone` after the last. Moving on records that the
 * user read the notice (server/notifications/routes.ts), so it is not shown again.
 */
export function AdminNotifications({items, onDone}: {items: AdminNotification[]; onDone: () => void}) {
  const [index, setIndex] = useState(0);
  const item = items[index];
  if (!item) return null;
  const last = index === items.length - 1;
  // After the last one the page leaves: its reading must be stored before, or the navigation cancels the call.
  const next = async () => {
    const read = call(`/api/users/admin-notifications/${encodeURIComponent(item.id)}/read`, {});
    if (!last) return setIndex(i => i + 1);
    await read;
    onDone();
  };
  return (
    <Dialog
      open
      onOpenChange={open => !open && void next()}
      title={item.title}
      description={m.notifications_counter({current: index + 1, total: items.length})}
    >
      <div data-testid="admin-notification">
        <p className="whitespace-pre-line text-sm leading-relaxed text-slate-700">{item.body}</p>
        <div className="mt-6 flex justify-end">
          <Button onClick={() => void next()} data-testid="admin-notification-next">
            {last ? m.notifications_done() : m.notifications_next()}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
