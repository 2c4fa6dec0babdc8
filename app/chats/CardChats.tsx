import {useQuery} from '@rocicorp/zero/react';
import {ArrowRight, MessageSquarePlus, MessagesSquare} from 'lucide-react';
import {useState} from 'react';
import {chatQueries} from './queries.ts';
import {Button} from '../ui/controls.tsx';
import {SideSheet} from '../ui/SideSheet.tsx';
import {useRouteContext} from '@tanstack/react-router';
import {ChatList} from './ChatList.tsx';
import {Conversation} from './Conversation.tsx';
import {NewChatForm} from './NewChatForm.tsx';
import {unreadOf} from './labels.ts';
import * as m from '../paraglide/messages.js';

type View = {kind: 'list'} | {kind: 'new'} | {kind: 'chat'; id: string};

/**
 * The card's side panel (issue 17): the conversations about this card that the user is in, one of them
 * open in place, and a new one with the card's shadchan suggested. Only members who may see the card
 * can be added (the server checks each), so the panel never shows the card to anyone else.
 */
export function CardChats({card}: {card: {id: string; ownerID: string}}) {
  const {session} = useRouteContext({from: '/shell'});
  const me = session.user!.ID;
  const [chats] = useQuery(chatQueries.forCard({profileID: card.id}));
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<View>({kind: 'list'});
  const unread = chats.reduce((sum, chat) => sum + unreadOf(chat.members, me), 0);

  return (
    <SideSheet
      side="right"
      title={m.chats_card_panel()}
      testid="card-chats"
      open={open}
      onOpenChange={next => {
        setOpen(next);
        if (!next) setView({kind: 'list'});
      }}
      wide
      trigger={
        <button
          type="button"
          className="relative inline-flex items-center gap-2 rounded-lg px-3.5 py-2 text-sm font-medium whitespace-nowrap text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
          data-testid="card-chats-open"
        >
          <MessagesSquare className="size-4" aria-hidden />
          {m.chats_card_discuss()}
          {chats.length > 0 && <span className="text-xs text-slate-500 tabular-nums">({chats.length})</span>}
          {unread > 0 && (
            <span
              className="absolute -end-1.5 -top-1.5 flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-[11px] font-bold text-brand-800"
              data-testid="card-chats-unread"
            >
              {unread}
            </span>
          )}
        </button>
      }
    >
      {view.kind === 'list' && (
        <div className="space-y-4">
          <Button className="w-full" onClick={() => setView({kind: 'new'})} data-testid="card-chat-new">
            <MessageSquarePlus className="size-4" aria-hidden />
            {m.chats_new()}
          </Button>
          {chats.length === 0 ? (
            <p className="py-6 text-center text-sm text-slate-500">{m.chats_card_empty()}</p>
          ) : (
            <ChatList chats={chats} showCard={false} onOpen={id => setView({kind: 'chat', id})} />
          )}
        </div>
      )}
      {view.kind !== 'list' && (
        <button
          type="button"
          onClick={() => setView({kind: 'list'})}
          className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          data-testid="card-chats-back"
        >
          <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
          {m.chats_card_all()}
        </button>
      )}
      {view.kind === 'new' && (
        <NewChatForm
          profileID={card.id}
          suggested={[card.ownerID]}
          onCancel={() => setView({kind: 'list'})}
          onStarted={id => setView({kind: 'chat', id})}
        />
      )}
      {view.kind === 'chat' && <Conversation key={view.id} chatID={view.id} compact />}
    </SideSheet>
  );
}
