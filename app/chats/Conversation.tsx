import {useQuery, useZero} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {SendHorizontal, UserRound, Users} from 'lucide-react';
import {nanoid} from 'nanoid';
import {clsx} from 'clsx';
import {useEffect, useRef, useState, type FormEvent} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {validate} from '../lib/field-errors.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {chatQueries} from './queries.ts';
import {Button} from '../ui/controls.tsx';
import {chatName, otherNames, unreadOf} from './labels.ts';
import {chatSendSchema, MESSAGE_MAX} from './schema.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

/**
 * One conversation, live: its messages (oldest at the top, the latest in view) and a box to write the
 * next. While it is open and in view, whatever arrives is marked read at once (the member's read
 * pointer), so the menu's badge and the shell's notice clear. `compact`: inside the card's side panel,
 * which names no card (it is on the card's own page).
 */
export function Conversation({chatID, compact = false}: {chatID: string; compact?: boolean}) {
  const zero = useZero();
  const {session} = useRouteContext({from: '/shell'});
  const me = session.user!.ID;
  const [chat, result] = useQuery(chatQueries.chat({id: chatID}));
  const unread = chat ? unreadOf(chat.members, me) : 0;
  const list = useRef<HTMLOListElement>(null);
  const messages = chat ? [...chat.messages].reverse() : [];
  const latest = messages.at(-1)?.id;

  useEffect(() => {
    if (unread === 0) return;
    const read = () => document.visibilityState === 'visible' && void zero.mutate(mutators.chats.markRead({chatID}));
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [zero, chatID, unread]);

  // The latest message in view: on opening, and whenever one arrives (the list scrolls, not the page).
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [latest]);

  if (!chat) {
    return result.type === 'complete' ? (
      <p className="py-16 text-center text-sm text-slate-500" data-testid="chat-not-found">
        {m.chats_not_found()}
      </p>
    ) : (
      <Loading />
    );
  }
  const group = chat.members.length > 2;
  return (
    <section
      className={clsx('flex min-h-0 flex-col', !compact && 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200')}
      aria-label={chatName(chat, me)}
      data-testid="conversation"
    >
      <header className={clsx('border-b border-slate-100', compact ? 'pb-3' : 'px-5 py-4')}>
        <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900" data-testid="conversation-title">
          {group ? <Users className="size-4 shrink-0" aria-hidden /> : <UserRound className="size-4 shrink-0" aria-hidden />}
          <bdi className="min-w-0 truncate">{chatName(chat, me)}</bdi>
        </h2>
        {group && chat.title && (
          <p className="mt-0.5 truncate text-xs text-slate-500">
            <bdi>{otherNames(chat.members, me)}</bdi>
          </p>
        )}
        {!compact && chat.profile && (
          <Link
            to="/home/tickets/$id"
            params={{id: chat.profile.id}}
            className="mt-1 inline-block text-sm text-brand-700 hover:underline"
            data-testid="conversation-card"
          >
            {m.chats_about_card({name: `${chat.profile.forename} ${chat.profile.surname}`})}
          </Link>
        )}
      </header>
      <ol
        ref={list}
        className={clsx('flex-1 space-y-3 overflow-y-auto py-4', compact ? 'max-h-[55vh]' : 'max-h-[60vh] min-h-64 px-5')}
        aria-live="polite"
        data-testid="chat-messages"
      >
        {messages.map(message => {
          const own = message.authorID === me;
          return (
            <li key={message.id} className={clsx('flex', own ? 'justify-end' : 'justify-start')} data-testid="chat-message">
              <div
                className={clsx(
                  'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm',
                  own ? 'bg-brand-700 text-white' : 'bg-slate-100 text-slate-900',
                )}
              >
                <p
                  className={clsx(
                    'flex flex-wrap items-baseline gap-x-2 text-xs font-medium',
                    own ? 'text-white/75' : 'text-slate-600',
                  )}
                >
                  <bdi>{own ? m.chats_you() : message.author?.name}</bdi>
                  <span dir="ltr" className="tabular-nums opacity-80">
                    {formatLocalDateTime(message.createdAt)}
                  </span>
                </p>
                {/* Its own direction: a Hebrew message reads right to left on an English screen too. */}
                <p dir="auto" className="mt-0.5 break-words whitespace-pre-line" data-testid="chat-message-body">
                  {message.body}
                </p>
              </div>
            </li>
          );
        })}
      </ol>
      <Composer chatID={chatID} compact={compact} />
    </section>
  );
}

/** The box for the next message: Enter sends, Shift+Enter starts a new line. */
function Composer({chatID, compact}: {chatID: string; compact: boolean}) {
  const zero = useZero();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string>();
  const fieldID = `chat-body-${chatID}`;

  async function send(e?: FormEvent) {
    e?.preventDefault();
    const checked = validate(chatSendSchema, {id: nanoid(), chatID, body});
    if (!checked.ok) return setError(checked.errors.body ?? Object.values(checked.errors)[0]);
    setBody('');
    setError(undefined);
    const outcome = await confirmed(zero.mutate(mutators.chats.send(checked.value)));
    if (!outcome.ok) {
      setBody(checked.value.body);
      toast.error(outcome.message);
    }
  }

  return (
    <form
      onSubmit={e => void send(e)}
      noValidate
      className={clsx('border-t border-slate-100 pt-3', !compact && 'px-5 pb-4')}
      data-testid="chat-composer"
    >
      <label htmlFor={fieldID} className="sr-only">
        {m.chats_message_label()}
      </label>
      <div className="flex items-end gap-2">
        <textarea
          id={fieldID}
          rows={2}
          maxLength={MESSAGE_MAX}
          value={body}
          onChange={e => (setBody(e.target.value), setError(undefined))}
          onKeyDown={e => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) void send(e);
          }}
          placeholder={m.chats_message_placeholder()}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${fieldID}-error` : undefined}
          className="block min-w-0 flex-1 resize-none rounded-lg border-0 px-3 py-2 text-base shadow-sm lg:text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none aria-[invalid=true]:ring-rose-500"
          data-testid="chat-body"
        />
        <Button type="submit" data-testid="chat-send">
          <SendHorizontal className="size-4 rtl:-scale-x-100" aria-hidden />
          <span className="max-sm:sr-only">{m.chats_send()}</span>
        </Button>
      </div>
      {error && (
        <p id={`${fieldID}-error`} role="alert" className="mt-1 text-sm text-rose-600">
          {error}
        </p>
      )}
    </form>
  );
}
