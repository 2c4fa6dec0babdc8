import {useQuery} from '@rocicorp/zero/react';
import {Link, useNavigate, useRouteContext, useRouterState} from '@tanstack/react-router';
import {ClipboardList, Plus} from 'lucide-react';
import {clsx} from 'clsx';
import {useDeferredValue, useEffect, useLayoutEffect, useRef, useState} from 'react';
import {can} from '../../permissions/context.ts';
import {LocalDate} from '../settings/LocalDate.tsx';
import {activityQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {Button, buttonClass} from '../ui/controls.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {PhoneActions} from '../ui/PhoneActions.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {WideTable} from '../ui/WideTable.tsx';
import {ActivityFilters} from './ActivityFilters.tsx';
import {STATUS_LABEL, STATUS_TONE, TYPE_LABEL, personName} from './labels.ts';
import {filtersOf, isBare, listArgsOf, type ListFilters} from './list-filters.ts';
import {ACTIVITIES_PATH, NEW_ACTIVITY_PATH, activityPath} from './paths.ts';
import {SAY} from '../lib/dictionary.ts';
import * as m from '../paraglide/messages.js';

const PAGE = 100;
/** A row changed within this window by anyone glows, so live updates catch the eye. */
const FRESH_MS = 4000;

/** The list's address with its filters (the route is a section's, outside the router's typed search). */
const hrefOf = (filters: ListFilters) => {
  const params = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
  return params.size ? `${ACTIVITIES_PATH}?${params}` : ACTIVITIES_PATH;
};

/**
 * The activities list (/dashboard/activities, spec §2): the user's own, or with viewAllActivities every
 * shadchan's; filtered and sorted by what the URL says; live. A kept section (shell/sections.ts): it
 * stays mounted while the user is elsewhere, holding the filters it last had, and puts them back in the
 * address when the user returns through a plain link.
 */
export function ActivitiesPage() {
  usePageTitle(m.section_activities());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const mayViewAll = can(ctx, 'viewAllActivities');
  const navigate = useNavigate();
  const location = useRouterState({select: s => s.location});
  const here = location.pathname === ACTIVITIES_PATH;

  const kept = useRef<ListFilters>({});
  if (here) kept.current = filtersOf(location.search as Record<string, unknown>);
  const filters = kept.current;
  const wasHere = useRef(false);
  useLayoutEffect(() => {
    if (here && !wasHere.current && isBare(filtersOf(location.search as Record<string, unknown>)) && !isBare(kept.current)) {
      void navigate({href: hrefOf(kept.current), replace: true});
    }
    wasHere.current = here;
    // Only on arriving.
  }, [here]);
  const update = (next: ListFilters) => void navigate({href: hrefOf(filtersOf(next)), replace: true});

  const today = new Date(new Date().setHours(0, 0, 0, 0));
  const args = listArgsOf(filters, today);
  const candidate = useDeferredValue(args.candidate);
  const [limit, setLimit] = useState(PAGE);
  const argsKey = JSON.stringify(args);
  useEffect(() => setLimit(PAGE), [argsKey]);
  const [rows, details] = useQuery(activityQueries.list({...args, ...(candidate ? {candidate} : {}), limit}));
  const complete = details.type === 'complete';

  const now = Date.now();
  const names = (a: (typeof rows)[number]) => (
    <bdi>
      {[a.maleProfile, a.femaleProfile]
        .filter(p => p !== undefined)
        .map(personName)
        .join(' › ')}
    </bdi>
  );

  return (
    <section className="space-y-5" data-testid="activities-page">
      <PageHeader
        title={m.section_activities()}
        subtitle={filters.all && mayViewAll ? m.activities_subtitle_all() : m.activities_subtitle_mine()}
      >
        {can(ctx, 'editTickets') && (
          <PhoneActions>
            <Link to={NEW_ACTIVITY_PATH} className={buttonClass()} data-testid="new-activity">
              <Plus className="size-4" aria-hidden />
              {m.activity_new()}
            </Link>
          </PhoneActions>
        )}
      </PageHeader>

      <ActivityFilters filters={filters} onChange={update} mayViewAll={mayViewAll} />

      {rows.length === 0 ? (
        complete ? (
          // A candidate named in the filter (spec §8): "no results for the specified profile".
          <EmptyState icon={ClipboardList}>{args.candidate ? SAY.noResultsForProfile() : m.activities_empty()}</EmptyState>
        ) : (
          <ListLoading />
        )
      ) : (
        <>
          <WideTable
            testID="activities-table"
            headings={[
              m.activity_code(),
              m.activity_type(),
              m.activity_status(),
              m.activity_title(),
              m.activities_column_pair(),
              m.activity_reminder(),
              m.activities_column_entered_by(),
              m.activities_column_created(),
            ]}
          >
            {rows.map(a => (
              <tr
                key={`${a.id}:${a.updatedAt}`}
                className={clsx('hover:bg-slate-50', now - a.updatedAt < FRESH_MS && 'live-flash')}
                data-testid="activity-row"
                data-id={a.id}
              >
                <td className="px-3 py-2.5 text-slate-500 tabular-nums">{a.code}</td>
                <td className="px-3 py-2.5 whitespace-nowrap">{TYPE_LABEL[a.type]()}</td>
                <td className="px-3 py-2.5">
                  <StatusBadge status={a.status} />
                </td>
                <td className="px-3 py-2.5">
                  <Link
                    to={activityPath(a.id)}
                    className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                    data-testid="activity-open"
                  >
                    <bdi>{a.title}</bdi>
                  </Link>
                </td>
                <td className="px-3 py-2.5 text-slate-700" data-testid="activity-pair">
                  {names(a)}
                </td>
                <td className="px-3 py-2.5 text-slate-600 tabular-nums whitespace-nowrap" data-testid="activity-reminder">
                  {a.reminderAt ? <LocalDate ms={a.reminderAt} withTime /> : ''}
                </td>
                <td className="px-3 py-2.5 text-slate-600">
                  {a.createdBy === ctx.userID ? m.owner_you() : <bdi>{a.author?.name}</bdi>}
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap text-slate-600 tabular-nums">
                  <LocalDate ms={a.createdAt} />
                </td>
              </tr>
            ))}
          </WideTable>

          {/* Phones: one card per activity. */}
          <ul className="space-y-3 md:hidden" data-testid="activities-cards">
            {rows.map(a => (
              <li key={a.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="activity-card">
                <div className="flex items-start justify-between gap-3">
                  <Link to={activityPath(a.id)} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                    <bdi>{a.title}</bdi>
                  </Link>
                  <StatusBadge status={a.status} />
                </div>
                <p className="mt-1 text-sm text-slate-700">{names(a)}</p>
                <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-500">
                  <span>{TYPE_LABEL[a.type]()}</span>
                  {a.code && <span className="tabular-nums">#{a.code}</span>}
                  {a.reminderAt && (
                    <span className="tabular-nums">
                      {m.activity_reminder()}: <LocalDate ms={a.reminderAt} withTime />
                    </span>
                  )}
                  <span>{a.createdBy === ctx.userID ? m.owner_you() : <bdi>{a.author?.name}</bdi>}</span>
                  <span className="tabular-nums">
                    <LocalDate ms={a.createdAt} />
                  </span>
                </p>
              </li>
            ))}
          </ul>

          <div className="flex items-center justify-between gap-3">
            <p className="text-xs text-slate-500" data-testid="activities-count">
              {m.activities_count({count: rows.length})}
            </p>
            {rows.length >= limit && (
              <Button variant="secondary" onClick={() => setLimit(l => l + PAGE)}>
                {m.activities_more()}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

function StatusBadge({status}: {status: keyof typeof STATUS_LABEL}) {
  return (
    <span
      className={clsx('rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1', STATUS_TONE[status])}
      data-testid="activity-status"
    >
      {STATUS_LABEL[status]()}
    </span>
  );
}
