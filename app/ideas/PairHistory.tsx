import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {History} from 'lucide-react';
import {STATUS_LABEL, TYPE_LABEL} from '../activities/labels.ts';
import {activityPath} from '../activities/paths.ts';
import {isolated} from '../engaged-couples/labels.ts';
import {formatLocalDate} from '../lib/dates.ts';
import {ideaQueries} from './queries.ts';
import * as m from '../paraglide/messages.js';
import {ANSWER_LABEL} from './labels.ts';

/**
 * The form's "this pair was tried before" (issue 17): earlier ideas on the same pair, with each
 * recipient's answer, and activities on it, as far as the user may see them. Those marked irrelevant
 * are the collision warning's. It only informs: sending stays open.
 */
export function PairHistory({id, maleProfileID, femaleProfileID}: {id: string; maleProfileID: string; femaleProfileID: string}) {
  const pair = {id, maleProfileID, femaleProfileID};
  const [ideas] = useQuery(ideaQueries.pairIdeas(pair));
  const [activities] = useQuery(ideaQueries.pairActivities(pair));
  if (ideas.length === 0 && activities.length === 0) return null;
  return (
    <section role="status" className="rounded-2xl bg-sky-50 p-4 text-sky-950 ring-1 ring-sky-200" data-testid="pair-tried-before">
      <h2 className="flex items-center gap-2 text-sm font-semibold">
        <History className="size-4 text-sky-700" aria-hidden />
        {m.ideas_tried_title()}
      </h2>
      <ul className="mt-2 space-y-1.5 text-sm">
        {ideas.map(idea => (
          <li key={idea.id} data-testid="pair-tried-idea">
            {m.ideas_tried_idea({sender: isolated(idea.sender?.name ?? ''), date: isolated(formatLocalDate(idea.createdAt))})}
            {idea.recipients.map(r => (
              <span key={r.userID} className="ms-2">
                <bdi>{r.recipient?.name ?? ''}</bdi>: {ANSWER_LABEL[r.status]()}
                {r.reason && (
                  <>
                    {' '}
                    (<bdi>{r.reason}</bdi>)
                  </>
                )}
              </span>
            ))}
          </li>
        ))}
        {activities.map(a => (
          <li key={a.id} data-testid="pair-tried-activity">
            {m.ideas_tried_activity({
              shadchan: isolated(a.author?.name ?? ''),
              type: TYPE_LABEL[a.type](),
              status: STATUS_LABEL[a.status](),
              date: isolated(formatLocalDate(a.createdAt)),
            })}{' '}
            <Link to={activityPath(a.id)} className="font-medium text-brand-700 hover:underline">
              {m.collision_open()}
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-sky-800">{m.ideas_tried_go_on()}</p>
    </section>
  );
}
