import {useQuery} from '@rocicorp/zero/react';
import {BarChart3, CheckCircle2} from 'lucide-react';
import {clsx} from 'clsx';
import {dashboardQueries} from './queries.ts';
import {ACTIVITY_TYPES} from '../activities/schema.ts';
import {STAGES} from '../activities/TimelineStage.tsx';
import * as m from '../paraglide/messages.js';

/**
 * "My numbers this month": the activities I created this month by stage, and those I completed this
 * month (done, last changed this month), counted from the live rows.
 */
export function DashboardNumbers({since}: {since: number}) {
  const [rows] = useQuery(dashboardQueries.myMonth({since}));
  const created = rows.filter(a => a.createdAt >= since);
  const completed = rows.filter(a => a.status === 'done' && a.updatedAt >= since).length;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="dashboard-numbers">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <BarChart3 className="size-4" aria-hidden />
        {m.dashboard_numbers()}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {ACTIVITY_TYPES.map(type => {
          const {label, icon: Icon, badge} = STAGES[type];
          return (
            <div key={type} className={clsx('rounded-xl p-3 ring-1', badge)} data-testid={`numbers-${type}`}>
              <dt className="flex items-center gap-1.5 text-xs font-medium">
                <Icon className="size-3.5" aria-hidden />
                {label()}
              </dt>
              <dd className="mt-1 text-2xl font-semibold tabular-nums">{created.filter(a => a.type === type).length}</dd>
            </div>
          );
        })}
      </dl>
      <dl className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-100 pt-3 text-sm">
        <div data-testid="numbers-created">
          <dt className="text-slate-500">{m.dashboard_created()}</dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">{created.length}</dd>
        </div>
        <div data-testid="numbers-completed">
          <dt className="flex items-center gap-1 text-slate-500">
            <CheckCircle2 className="size-3.5 text-emerald-600" aria-hidden />
            {m.dashboard_completed()}
          </dt>
          <dd className="text-xl font-semibold text-slate-900 tabular-nums">{completed}</dd>
        </div>
      </dl>
    </section>
  );
}
