import {useZero} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {Check, X} from 'lucide-react';
import {nanoid} from 'nanoid';
import {useState} from 'react';
import {toast} from '../lib/toast.ts';
import {activityPath} from '../activities/paths.ts';
import {isolated} from '../engaged-couples/labels.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import type {IdeaAnswer} from '../tables/ideas.ts';
import {Button} from '../ui/controls.tsx';
import * as m from '../paraglide/messages.js';
import {DeclineDialog} from './DeclineDialog.tsx';
import {ANSWER_LABEL, ANSWER_TONE} from './labels.ts';
import {PairNames} from './PairNames.tsx';
import type {ListedIdea} from './use-bank.ts';

function AnswerBadge({status}: {status: IdeaAnswer}) {
  return (
    <span className={clsx('rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', ANSWER_TONE[status])}>
      {ANSWER_LABEL[status]()}
    </span>
  );
}

/**
 * One idea in the bank: the pair, the note, who sent it and when, and each recipient's answer (the
 * sender follows them live). A recipient whose answer is still open accepts or declines here; accepting
 * makes an activity, so it is offered only with editTickets (`mayAccept`, as the server requires).
 */
export function IdeaRow({idea, me, mayAccept}: {idea: ListedIdea; me: string; mayAccept: boolean}) {
  const zero = useZero();
  const [declining, setDeclining] = useState(false);
  const [accepting, setAccepting] = useState(false);

  async function accept() {
    setAccepting(true);
    const title = m.ideas_activity_title({sender: idea.sender?.name ?? ''});
    const outcome = await confirmed(zero.mutate(mutators.ideas.accept({ideaID: idea.id, activityID: nanoid(), title})));
    setAccepting(false);
    if (!outcome.ok) return void toast.error(outcome.message);
    toast.success(m.ideas_accepted_toast());
  }

  return (
    <li className="space-y-2 px-4 py-3" data-testid="idea-row" data-idea={idea.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <PairNames male={idea.maleProfile} female={idea.femaleProfile} />
        <p className="text-xs text-slate-500">
          {idea.sentBy === me
            ? m.ideas_sent_by_me({date: isolated(formatLocalDate(idea.createdAt))})
            : m.ideas_sent_by({sender: isolated(idea.sender?.name ?? ''), date: isolated(formatLocalDate(idea.createdAt))})}
        </p>
      </div>
      <p className="text-sm whitespace-pre-line text-slate-700" data-testid="idea-note">
        {idea.note}
      </p>
      <ul className="space-y-1.5" aria-label={m.ideas_recipients()}>
        {idea.recipients.map(r => (
          <li
            key={r.userID}
            className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm"
            data-testid="idea-recipient"
            data-status={r.status}
          >
            <bdi className="text-slate-700">{r.userID === me ? m.ideas_you() : (r.recipient?.name ?? '')}</bdi>
            <AnswerBadge status={r.status} />
            {r.status === 'declined' && r.reason && (
              <span className="text-slate-500" data-testid="idea-reason">
                {m.ideas_reason_shown({reason: isolated(r.reason)})}
              </span>
            )}
            {r.status === 'accepted' && r.activityID && (
              <Link
                to={activityPath(r.activityID)}
                className="font-medium text-brand-700 hover:underline"
                data-testid="idea-activity-link"
              >
                {m.ideas_open_activity()}
              </Link>
            )}
            {r.userID === me && r.status === 'open' && (
              <span className="flex gap-2 max-sm:basis-full">
                {mayAccept && (
                  <Button onClick={() => void accept()} disabled={accepting} data-testid="idea-accept">
                    <Check className="size-4" aria-hidden />
                    {m.ideas_accept()}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => setDeclining(true)} data-testid="idea-decline">
                  <X className="size-4" aria-hidden />
                  {m.ideas_decline()}
                </Button>
              </span>
            )}
          </li>
        ))}
      </ul>
      {declining && <DeclineDialog ideaID={idea.id} onClose={() => setDeclining(false)} />}
    </li>
  );
}
