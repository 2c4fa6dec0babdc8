import {clsx} from 'clsx';
import {useQuery} from '@rocicorp/zero/react';
import {maySeeShadchanFigures} from '../../permissions/scores.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {scoreQueries} from '../scores/queries.ts';
import {monthOf} from '../scores/month.ts';
import * as m from '../paraglide/messages.js';

/**
 * The shadchan's counters (spec §3), read-only and live: the score and total suggestions the database
 * keeps with the user's particulars, and this month's points from the month's score row (migrations/0042),
 * for a viewer who may see another shadchan's month (permissions/scores.ts) or for the user themself.
 */
export function StaffCounters({
  userID,
  detail,
  viewer,
}: {
  userID: string;
  detail: {score: number; totalSuggestions: number};
  viewer: AuthContext;
}) {
  const [month] = useQuery(scoreQueries.one({userID, month: monthOf()}));
  const monthly = maySeeShadchanFigures(viewer) || viewer.userID === userID;
  const counters = [
    [m.staff_score(), detail.score, 'score'],
    ...(monthly ? [[m.staff_monthly_score(), month?.points ?? 0, 'monthly-score'] as const] : []),
    [m.staff_total_suggestions(), detail.totalSuggestions, 'total-suggestions'],
  ] as const;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="staff-counters">
      <h2 className="text-sm font-semibold text-slate-900">{m.staff_counters()}</h2>
      <p className="mt-0.5 text-xs text-slate-500">{m.staff_counters_hint()}</p>
      {/* A label that wraps on a phone pushes its value down: the values stay level at the bottom. */}
      <dl className={clsx('mt-3 grid gap-3', monthly ? 'grid-cols-3' : 'grid-cols-2')}>
        {counters.map(([label, value, testid]) => (
          <div key={testid} className="flex flex-col justify-between rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-500">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900 tabular-nums" data-testid={`counter-${testid}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
