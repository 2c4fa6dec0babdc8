import {useQuery} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {PhoneCall} from 'lucide-react';
import {useState, type ReactNode} from 'react';
import {can} from '../../permissions/context.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {callQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {EmptyState} from '../ui/EmptyState.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {DevSimulateCall} from '../phone-proxy/DevSimulateCall.tsx';
import {activityPath} from '../activities/paths.ts';
import {callerDisplay} from './caller-display.ts';
import {formatDuration} from './format.ts';
import {OpenActivityForCall} from './OpenActivityForCall.tsx';
import type {CallsScope} from './queries.ts';
import * as m from '../paraglide/messages.js';

/** Desktop: one grid row per call under a header; a phone (375 px) stacks each call's cells with their labels. */
const ROW = 'sm:grid sm:grid-cols-[9.5rem_4.5rem_minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1.3fr)] sm:items-center sm:gap-4';
const ROW_ALL = 'sm:grid-cols-[9.5rem_4.5rem_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)_minmax(0,1.3fr)]';
const link = 'font-medium text-brand-700 hover:underline';

function Cell({label, children, testID}: {label: string; children: ReactNode; testID?: string}) {
  return (
    <div className="flex min-w-0 gap-2 max-sm:text-sm" data-testid={testID}>
      <span className="w-24 shrink-0 text-slate-500 sm:hidden">{label}</span>
      <span className="min-w-0 truncate">{children}</span>
    </div>
  );
}

/**
 * The phone-proxy calls (issue 12 §5, spec §1 "phone-call lists"): the user's own by default, every
 * shadchan's with viewAllActivities; live. A card is named only when the user may see it, and an
 * activity linked only when they may see it (the calls.list query's related rules).
 */
export function CallsPage() {
  usePageTitle(m.section_calls());
  const {session} = useRouteContext({from: '/shell'});
  const me = session.user!;
  const mayViewAll = can(contextOf(me), 'viewAllActivities');
  const [scope, setScope] = useState<CallsScope>('mine');
  const [calls, details] = useQuery(callQueries.list({scope}));
  const all = scope === 'all';
  const columns = [
    m.calls_col_date(),
    m.calls_col_duration(),
    ...(all ? [m.calls_col_shadchan()] : []),
    m.calls_col_caller(),
    m.calls_col_profile(),
    m.calls_col_activity(),
  ];

  return (
    <section className="space-y-5" data-testid="calls-page">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{m.section_calls()}</h1>
        {mayViewAll && (
          <div
            role="group"
            aria-label={m.calls_scope_label()}
            className="inline-flex rounded-lg bg-white p-0.5 ring-1 ring-slate-300"
          >
            {(['mine', 'all'] as const).map(option => (
              <button
                key={option}
                type="button"
                aria-pressed={scope === option}
                onClick={() => setScope(option)}
                className={clsx(
                  'rounded-md px-3 py-1.5 text-sm font-medium',
                  scope === option ? 'bg-brand-700 text-white' : 'text-slate-600 hover:bg-slate-100',
                )}
                data-testid={`calls-scope-${option}`}
              >
                {option === 'mine' ? m.calls_mine() : m.calls_all()}
              </button>
            ))}
          </div>
        )}
      </div>
      {session.devSignIn && <DevSimulateCall />}
      {calls.length === 0 ? (
        <EmptyState icon={PhoneCall} loading={details.type !== 'complete'}>
          {m.calls_empty()}
        </EmptyState>
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <div
            className={clsx(
              ROW,
              all && ROW_ALL,
              'hidden border-b border-slate-200 px-4 py-2.5 text-xs font-semibold text-slate-500',
            )}
          >
            {columns.map(title => (
              <span key={title}>{title}</span>
            ))}
          </div>
          <ul className="divide-y divide-slate-100">
            {calls.map(call => (
              <li key={call.id} className={clsx(ROW, all && ROW_ALL, 'space-y-1 px-4 py-3 sm:space-y-0')} data-testid="call-row">
                <Cell label={m.calls_col_date()}>
                  <span className="tabular-nums">{formatLocalDateTime(call.startedAt)}</span>
                </Cell>
                <Cell label={m.calls_col_duration()}>
                  <span className="tabular-nums">{formatDuration(call.durationSeconds)}</span>
                </Cell>
                {all && (
                  <Cell label={m.calls_col_shadchan()}>
                    <bdi>{call.user?.name}</bdi>
                  </Cell>
                )}
                <Cell label={m.calls_col_caller()}>
                  {call.callerNumber ? (
                    <bdi dir="ltr" className="tabular-nums">
                      {callerDisplay(call.callerNumber)}
                    </bdi>
                  ) : (
                    <span className="text-slate-500">{m.calls_withheld()}</span>
                  )}
                </Cell>
                <Cell label={m.calls_col_profile()} testID="call-profile">
                  {call.profile ? (
                    <Link to="/home/tickets/$id" params={{id: call.profile.id}} className={link}>
                      <bdi>
                        {call.profile.forename} {call.profile.surname}
                      </bdi>
                    </Link>
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </Cell>
                <Cell label={m.calls_col_activity()} testID="call-activity">
                  {call.activity ? (
                    <Link to={activityPath(call.activity.id)} className={link}>
                      <bdi>{call.activity.title || m.calls_open_activity({code: call.activity.code ?? ''})}</bdi>
                    </Link>
                  ) : call.userID === me.ID && !call.activityID ? (
                    // One's own call without an activity yet: the prompt's "yes", later.
                    <OpenActivityForCall call={call} className={link} />
                  ) : (
                    <span className="text-slate-400">—</span>
                  )}
                </Cell>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
