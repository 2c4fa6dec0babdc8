import {Link, useRouteContext} from '@tanstack/react-router';
import {Lightbulb, Plus} from 'lucide-react';
import {useDeferredValue, useState} from 'react';
import {can} from '../../permissions/context.ts';
import {contextOf} from '../session.ts';
import {mayOpen, sectionAt} from '../shell/sections.ts';
import {useSite} from '../site/use-site.ts';
import {Labelled, SearchInput, Select, buttonClass} from '../ui/controls.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import * as m from '../paraglide/messages.js';
import {IdeaRow} from './IdeaRow.tsx';
import {ADD_IDEA_PATH, ANSWER_LABEL, BOX_LABEL} from './labels.ts';
import {IDEA_ANSWERS, IDEA_BOXES, type IdeaBox} from './schema.ts';
import {useIdeaBank} from './use-bank.ts';
import type {IdeaAnswer} from '../tables/ideas.ts';

const LIMIT = 200;

/**
 * The ideas bank (/ideas, ideasBank; issue 17): the ideas the user sent and received (an administrator,
 * every one), filtered by box, answer and a name, live. Open ideas first by default; the sender sees
 * each recipient's answer as it is given, and a recipient answers here.
 */
export function IdeasBankPage() {
  usePageTitle(m.section_ideas());
  const {session} = useRouteContext({from: '/shell'});
  const me = session.user!.ID;
  const site = useSite();
  const ctx = contextOf(session.user!);
  const mayAdd = site.ideaBank && mayOpen(sectionAt('/add-shidduch-idea'), ctx);
  const mayAccept = can(ctx, 'editTickets');
  const [box, setBox] = useState<IdeaBox>('all');
  const [status, setStatus] = useState<IdeaAnswer | ''>('open');
  const [typed, setTyped] = useState('');
  const search = useDeferredValue(typed.trim());
  const [ideas, details] = useIdeaBank({
    box,
    ...(status ? {status} : {}),
    ...(search ? {search} : {}),
    limit: LIMIT,
  });

  return (
    <section className="space-y-5" data-testid="ideas-page">
      <PageHeader title={m.section_ideas()} subtitle={m.ideas_subtitle()}>
        {mayAdd && (
          <Link to={ADD_IDEA_PATH} className={buttonClass()} data-testid="ideas-add">
            <Plus className="size-4" aria-hidden />
            {m.section_add_idea()}
          </Link>
        )}
      </PageHeader>

      <div className="grid gap-3 sm:grid-cols-[1fr_10rem_10rem] sm:items-end">
        <SearchInput
          label={m.ideas_search()}
          value={typed}
          onChange={e => setTyped(e.target.value)}
          maxLength={50}
          data-testid="ideas-search"
        />
        <Labelled label={m.ideas_filter_box()}>
          <Select value={box} onChange={e => setBox(e.target.value as IdeaBox)} data-testid="ideas-box">
            {IDEA_BOXES.map(b => (
              <option key={b} value={b}>
                {BOX_LABEL[b]()}
              </option>
            ))}
          </Select>
        </Labelled>
        <Labelled label={m.ideas_filter_status()}>
          <Select value={status} onChange={e => setStatus(e.target.value as IdeaAnswer | '')} data-testid="ideas-status">
            <option value="">{m.ideas_status_any()}</option>
            {IDEA_ANSWERS.map(a => (
              <option key={a} value={a}>
                {ANSWER_LABEL[a]()}
              </option>
            ))}
          </Select>
        </Labelled>
      </div>

      {ideas.length === 0 ? (
        details.type === 'complete' ? (
          <EmptyState icon={Lightbulb}>{m.ideas_empty()}</EmptyState>
        ) : (
          <ListLoading />
        )
      ) : (
        <ul
          className="divide-y divide-slate-100 overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
          data-testid="ideas-list"
        >
          {ideas.map(idea => (
            <IdeaRow key={idea.id} idea={idea} me={me} mayAccept={mayAccept} />
          ))}
        </ul>
      )}
    </section>
  );
}
