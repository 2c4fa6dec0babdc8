import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {PhoneCall} from 'lucide-react';
import {CALLS_PATH, activityPath} from '../activities/paths.ts';
import {personName} from '../activities/labels.ts';
import {formatLocalTime} from '../lib/dates.ts';
import {callQueries} from './queries.ts';
import {callerDisplay} from './caller-display.ts';
import {formatDuration} from './format.ts';
import {OpenActivityForCall} from './OpenActivityForCall.tsx';
import {CountedPanel} from '../ui/CountedPanel.tsx';
import * as m from '../paraglide/messages.js';

const link = 'font-medium text-brand-700 hover:underline';

/**
 * The dashboard's "today's calls" (issue 12): the signed-in user's phone-proxy calls since their own
 * midnight, live, each with its card (when visible) and its activity, or a way to open one.
 */
export function TodaysCalls({since}: {since: number}) {
  const [calls, details] = useQuery(callQueries.today({since}));
  return (
    <CountedPanel
      icon={PhoneCall}
      title={m.dashboard_todays_calls()}
      count={calls.length}
      action={
        <Link to={CALLS_PATH} className="ms-auto text-sm font-normal text-brand-700 hover:underline">
          {m.dashboard_all_calls()}
        </Link>
      }
      complete={details.type === 'complete'}
      empty={m.dashboard_todays_calls_empty()}
      testid="dashboard-calls"
    >
      <ul className="divide-y divide-slate-100">
        {calls.map(call => (
          <li
            key={call.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2 py-2.5 text-sm"
            data-testid="dashboard-call"
          >
            <span dir="ltr" className="w-12 shrink-0 text-slate-500 tabular-nums">
              {formatLocalTime(call.startedAt)}
            </span>
            <span className="min-w-[10rem] flex-1 truncate">
              {call.profile ? (
                <Link to="/home/tickets/$id" params={{id: call.profile.id}} className={link}>
                  <bdi>{personName(call.profile)}</bdi>
                </Link>
              ) : (
                <bdi dir="ltr" className="text-slate-700 tabular-nums">
                  {callerDisplay(call.callerNumber) ?? m.calls_withheld()}
                </bdi>
              )}
            </span>
            <span className="text-slate-500 tabular-nums">{formatDuration(call.durationSeconds)}</span>
            {call.activity ? (
              <Link to={activityPath(call.activity.id)} className={link}>
                {m.calls_open_activity({code: call.activity.code ?? ''})}
              </Link>
            ) : (
              <OpenActivityForCall call={call} className={link} />
            )}
          </li>
        ))}
      </ul>
    </CountedPanel>
  );
}
