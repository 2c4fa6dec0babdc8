import {Link, useRouteContext} from '@tanstack/react-router';
import {MessagesSquare, UserRound, Users} from 'lucide-react';
import {clsx} from 'clsx';
import type {ReactNode} from 'react';
import {formatLocalDateTime} from '../lib/dates.ts';
import {EmptyState} from '../ui/EmptyState.tsx';
import {chatName, unreadOf} from './labels.ts';
import {chatPath} from './paths.ts';
import * as m from '../paraglide/messages.js';

type Listed = {
  id: string;
  title?: string | null | undefined;
  lastMessageAt: number;
  members: readonly {userID: string; unreadCount: number; user?: {name: string} | undefined}[];
  messages: readonly {authorID: string; body: string}[];
  profile?: {forename: string; surname: string} | undefined;
};

/**
 * Conversations, the latest first: each one's name, its latest message, its card (where that is not the
 * page's own) and the user's unread count. A row links to the conversation, or (the card's panel)
 * opens it in place through `onOpen`.
 */
export function ChatList({
  chats,
  selectedID,
  onOpen,
  showCard = true,
}: {
  chats: readonly Listed[];
  selectedID?: string | undefined;
  onOpen?: (id: string) => void;
  showCard?: boolean;
}) {
  const {session} = useRouteContext({from: '/shell'});
  const me = session.user!.ID;
  if (chats.length === 0) return <EmptyState icon={MessagesSquare}>{m.chats_empty()}</EmptyState>;
  return (
    <ul
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      data-testid="chat-list"
    >
      {chats.map(chat => {
        const unread = unreadOf(chat.members, me);
        const last = chat.messages[0];
        const rowClass = clsx(
          'flex w-full items-start gap-3 px-4 py-3 text-start hover:bg-slate-50',
          chat.id === selectedID && 'bg-brand-50',
        );
        const content: ReactNode = (
          <>
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              {chat.members.length > 2 ? <Users className="size-4" aria-hidden /> : <UserRound className="size-4" aria-hidden />}
            </span>
            <span className="min-w-0 flex-1">
              <span className="flex items-baseline gap-2">
                <bdi
                  className={clsx('min-w-0 flex-1 truncate text-sm text-slate-900', unread > 0 && 'font-semibold')}
                  data-testid="chat-name"
                >
                  {chatName(chat, me)}
                </bdi>
                <span dir="ltr" className="shrink-0 text-[11px] text-slate-500 tabular-nums">
                  {formatLocalDateTime(chat.lastMessageAt)}
                </span>
              </span>
              {showCard && chat.profile && (
                <span className="block truncate text-xs text-brand-700">
                  {m.chats_about_card({name: `${chat.profile.forename} ${chat.profile.surname}`})}
                </span>
              )}
              {last && (
                <span className="mt-0.5 flex items-center gap-2">
                  <bdi className="min-w-0 flex-1 truncate text-xs text-slate-500" data-testid="chat-preview">
                    {last.authorID === me ? `${m.chats_you()}: ` : ''}
                    {last.body}
                  </bdi>
                  {unread > 0 && (
                    <>
                      <span
                        className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-gold-400 px-1.5 text-[11px] font-bold text-brand-800 tabular-nums"
                        aria-hidden
                        data-testid="chat-unread"
                      >
                        {unread}
                      </span>
                      <span className="sr-only">{m.chats_unread({count: unread})}</span>
                    </>
                  )}
                </span>
              )}
            </span>
          </>
        );
        return (
          <li key={chat.id} data-testid="chat-row">
            {onOpen ? (
              <button type="button" className={rowClass} onClick={() => onOpen(chat.id)}>
                {content}
              </button>
            ) : (
              <Link to={chatPath(chat.id)} className={rowClass} aria-current={chat.id === selectedID ? 'page' : undefined}>
                {content}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
