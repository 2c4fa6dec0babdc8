import {useQuery} from '@rocicorp/zero/react';
import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {formatLocalDate} from '../lib/dates.ts';
import {dashboardQueries} from './queries.ts';
import {ACTIVITY_TYPES, type ActivityType} from '../activities/schema.ts';
import {STAGES} from '../activities/TimelineStage.tsx';
import {activityPath} from '../activities/paths.ts';
import {personName} from '../activities/labels.ts';
import {STAGE_LIMIT} from './queries.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

/** How many activities a column lists; its count covers them all. */
const TOP = 5;

type Person = {forename: string; surname: string} | undefined;
type Pair = {maleProfileID?: string | null; femaleProfileID?: string | null; maleProfile?: Person; femaleProfile?: Person};

/**
 * The two sides of an activity: a name where the user may see the card (the query brings only those),
 * otherwise "another profile"; a side without a card is left out.
 */
export function PairNames({activity: a}: {activity: Pair}) {
  const side = (id: string | null | undefined, person: Person) =>
    id ? (person ? personName(person) : m.timeline_other_hidden()) : undefined;
  const names = [side(a.maleProfileID, a.maleProfile), side(a.femaleProfileID, a.femaleProfile)].filter(Boolean);
  // Each name isolated on its own, so a Hebrew name beside an English word keeps the sides in order.
  return (
    <span data-testid="pair-names">
      {names.map((name, i) => (
        <span key={i}>
          {i > 0 && ' · '}
          <bdi>{name}</bdi>
        </span>
      ))}
    </span>
  );
}

/** My open activities as a pipeline: a column per stage, idea → suggestion → date → vort, live. */
export function DashboardPipeline() {
  return (
    <section aria-labelledby="pipeline-title" data-testid="dashboard-pipeline">
      <h2 id="pipeline-title" className="mb-3 text-base font-semibold text-slate-900">
        {m.dashboard_pipeline()}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {ACTIVITY_TYPES.map(type => (
          <StageColumn key={type} type={type} />
        ))}
      </div>
    </section>
  );
}

function StageColumn({type}: {type: ActivityType}) {
  const [open, details] = useQuery(dashboardQueries.openOfStage({type}));
  const {label, icon: Icon, dot} = STAGES[type];
  const count = open.length >= STAGE_LIMIT ? `${STAGE_LIMIT}+` : String(open.length);
  return (
    <div className="flex flex-col rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid={`stage-${type}`}>
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-slate-800">
        <span className={clsx('size-2.5 rounded-full', dot)} aria-hidden />
        <Icon className="size-4 text-slate-500" aria-hidden />
        {label()}
        <span
          className="ms-auto rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 tabular-nums"
          data-testid="stage-count"
        >
          {details.type === 'complete' || open.length > 0 ? count : '…'}
        </span>
      </h3>
      {open.length === 0 ? (
        details.type === 'complete' ? (
          <p className="py-3 text-sm text-slate-500">{m.dashboard_stage_empty()}</p>
        ) : (
          <Loading size="small" />
        )
      ) : (
        <ul className="space-y-1.5">
          {open.slice(0, TOP).map(a => (
            <li key={a.id}>
              <Link
                to={activityPath(a.id)}
                className="block rounded-lg px-2 py-1.5 ring-1 ring-slate-100 hover:bg-slate-50"
                data-testid="stage-item"
              >
                <bdi className="block truncate text-sm font-medium text-slate-900">{a.title}</bdi>
                <span className="flex items-center gap-2 text-xs text-slate-500">
                  <span className="min-w-0 flex-1 truncate">
                    <PairNames activity={a} />
                  </span>
                  <span className="tabular-nums">{formatLocalDate(a.updatedAt)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
