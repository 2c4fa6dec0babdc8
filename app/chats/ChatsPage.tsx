import {useQuery} from '@rocicorp/zero/react';
import {Link, useNavigate, useParams} from '@tanstack/react-router';
import {ArrowRight, MessageSquarePlus, MessagesSquare} from 'lucide-react';
import {clsx} from 'clsx';
import {useState} from 'react';
import {chatQueries} from './queries.ts';
import {Button} from '../ui/controls.tsx';
import {Dialog} from '../ui/Dialog.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {PhoneActions} from '../ui/PhoneActions.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {ChatList} from './ChatList.tsx';
import {Conversation} from './Conversation.tsx';
import {NewChatForm} from './NewChatForm.tsx';
import {CHATS_PATH, chatPath} from './paths.ts';
import * as m from '../paraglide/messages.js';

/**
 * "My chats" (spec §2 control panel, issue 17): the user's conversations beside the open one (/chats/$id),
 * live. On a phone one of the two at a time: the list, or the conversation with a way back.
 */
export function ChatsPage() {
  usePageTitle(m.section_chats());
  const {id} = useParams({strict: false}) as {id?: string};
  const navigate = useNavigate();
  const [chats, result] = useQuery(chatQueries.list());
  const [starting, setStarting] = useState(false);
  const startButton = (
    <Button onClick={() => setStarting(true)} data-testid="chat-new">
      <MessageSquarePlus className="size-4" aria-hidden />
      {m.chats_new()}
    </Button>
  );

  return (
    <div className="space-y-5">
      <PageHeader title={m.section_chats()}>
        {/* In a conversation the phone's bottom belongs to its composer: "new" stays up here. */}
        {id ? startButton : <PhoneActions>{startButton}</PhoneActions>}
      </PageHeader>
      <div className="grid items-start gap-5 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <div className={clsx(id && 'max-lg:hidden')}>
          {chats.length === 0 && result.type !== 'complete' ? <ListLoading /> : <ChatList chats={chats} selectedID={id} />}
        </div>
        <div className={clsx(!id && 'max-lg:hidden')}>
          {id ? (
            <>
              <Link
                to={CHATS_PATH}
                className="mb-3 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline lg:hidden"
                data-testid="chat-back"
              >
                <ArrowRight className="size-4 ltr:-scale-x-100" aria-hidden />
                {m.chats_back()}
              </Link>
              <Conversation key={id} chatID={id} />
            </>
          ) : (
            <EmptyState icon={MessagesSquare}>{m.chats_pick()}</EmptyState>
          )}
        </div>
      </div>
      <Dialog open={starting} onOpenChange={setStarting} title={m.chats_new()}>
        <NewChatForm
          onCancel={() => setStarting(false)}
          onStarted={chatID => {
            setStarting(false);
            void navigate({to: chatPath(chatID)});
          }}
        />
      </Dialog>
    </div>
  );
}
