import {MessagesSquare} from 'lucide-react';
import {Dialog} from '../ui/Dialog.tsx';
import {Button, buttonClass} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';

/** Where the popup's link leads: the forum's own unread list (spec §2: /forum/unread hands over to the forum). */
export const FORUM_UNREAD_PATH = '/forum/unread';

/**
 * Final login (spec §4): when the forum is used and the user has unread posts there, one popup with the
 * count and a link to them, before the app opens. Closing it, or "later", goes on to where the user was
 * headed (`onDone`).
 */
export function ForumUnreadPopup({count, onDone}: {count: number; onDone: () => void}) {
  return (
    <Dialog open onOpenChange={open => !open && onDone()} title={m.forum_popup_title()}>
      <div data-testid="forum-popup">
        <p className="flex items-center gap-3 text-sm text-slate-700">
          <MessagesSquare className="size-6 shrink-0 text-brand-700" aria-hidden />
          <span data-testid="forum-popup-count">{m.forum_popup_body({count})}</span>
        </p>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onDone} data-testid="forum-popup-later">
            {m.forum_popup_later()}
          </Button>
          {/* A full load: /forum/** leaves for the forum itself (app/forum/ForumRedirect.tsx). */}
          <a href={FORUM_UNREAD_PATH} className={buttonClass('primary')} data-testid="forum-popup-open">
            {m.forum_popup_open()}
          </a>
        </div>
      </div>
    </Dialog>
  );
}
