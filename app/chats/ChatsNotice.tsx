import {Link} from '@tanstack/react-router';
import {MessageCircle} from 'lucide-react';
import {CHATS_PATH} from './paths.ts';
import * as m from '../paraglide/messages.js';

/**
 * The shell's unread messages notice (spec §2): a chat bubble in the top bar with the user's unread
 * count, leading to "my chats". Without unread messages it stays, quiet, as the way to the chats.
 */
export function ChatsNotice({unread}: {unread: number}) {
  return (
    <Link
      to={CHATS_PATH}
      className="relative rounded-lg p-2 text-white/85 hover:bg-white/10 hover:text-white"
      aria-label={unread > 0 ? m.chats_notice({count: unread}) : m.section_chats()}
      title={unread > 0 ? m.chats_notice({count: unread}) : m.section_chats()}
      data-testid="chats-notice"
    >
      <MessageCircle className="size-5 rtl:-scale-x-100" aria-hidden />
      {unread > 0 && (
        <span
          className="absolute -end-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-[11px] font-bold text-brand-800"
          data-testid="chats-notice-count"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
