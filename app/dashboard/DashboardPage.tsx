import {useQuery} from '@rocicorp/zero/react';
import {Link, useRouteContext} from '@tanstack/react-router';
import {AlarmClock, BellRing, Cake, ClipboardList, Plus} from 'lucide-react';
import {clsx} from 'clsx';
import {can} from '../../permissions/context.ts';
import {currentLocale} from '../i18n.ts';
import {formatLocalDate, formatLocalDateTime} from '../lib/dates.ts';
import {dashboardQueries} from './queries.ts';
import {contextOf} from '../session.ts';
import {usePageTitle} from '../ui/page-title.ts';
import {StageBadge} from '../activities/TimelineStage.tsx';
import {ACTIVITIES_PATH, activityPath} from '../activities/paths.ts';
import {TodaysCalls} from '../calls/TodaysCalls.tsx';
import {HebrewBirthdays} from '../candidates/birthdays/HebrewBirthdays.tsx';
import {useHebrewBirthdays} from '../candidates/birthdays/use-hebrew-birthdays.ts';
import {DashboardNumbers} from './DashboardNumbers.tsx';
import {DashboardPipeline, PairNames} from './DashboardPipeline.tsx';
import {maySeeShadchanFigures} from '../../permissions/scores.ts';
import {LeadersBoard} from '../scores/LeadersBoard.tsx';
import {MyGoals} from '../scores/MyGoals.tsx';
import {monthOf} from '../scores/month.ts';
import {CountedPanel} from '../ui/CountedPanel.tsx';
import * as m from '../paraglide/messages.js';

/** The user's today and this month, by their own clock: what "due" and "this month" mean. */
function calendar(now = new Date()) {
  return {
    now: now.getTime(),
    startOfToday: new Date(now).setHours(0, 0, 0, 0),
    endOfToday: new Date(now).setHours(23, 59, 59, 999),
    startOfMonth: new Date(now.getFullYear(), now.getMonth(), 1).getTime(),
  };
}

/**
 * "My day" (spec §2 dashboard, issue 12), live: the reminders due today and overdue, today's calls,
 * my numbers this month, my cards' Hebrew birthdays this week (issue 37), the month's leaders and my goals (issue 17), and my open activities as a
 * pipeline by stage.
 */
export function DashboardPage() {
  usePageTitle(m.dashboard_title());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const mayCreate = can(ctx, 'editTickets');
  const {now, startOfToday, endOfToday, startOfMonth} = calendar();
  // Scores count by the organisation's month (app/scores/month.ts), not the viewer's clock.
  const scoreMonth = monthOf(now);

  return (
    <div className="mx-auto max-w-7xl space-y-6" data-testid="dashboard">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold text-slate-900">{m.dashboard_title()}</h1>
          <p className="mt-1 text-sm text-slate-500">
            {new Date(now).toLocaleDateString(currentLocale(), {weekday: 'long'})} ·{' '}
            <span className="tabular-nums">{formatLocalDate(now)}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link
            to={ACTIVITIES_PATH}
            className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
            data-testid="dashboard-all"
          >
            <ClipboardList className="size-4" aria-hidden />
            {m.reminders_all()}
          </Link>
          {mayCreate && (
            <Link
              to={activityPath('new')}
              className="inline-flex items-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
              data-testid="dashboard-new"
            >
              <Plus className="size-4" aria-hidden />
              {m.timeline_new()}
            </Link>
          )}
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <DueReminders now={now} until={endOfToday} />
          <TodaysCalls since={startOfToday} />
        </div>
        <div className="space-y-6">
          <DashboardNumbers since={startOfMonth} />
          <BirthdaysThisWeek />
        </div>
      </div>

      {/* The leaders board ranks every shadchan by their figures: for those who may see them (issue 33). */}
      <div className="grid gap-6 lg:grid-cols-3">
        {maySeeShadchanFigures(ctx) && (
          <div className="lg:col-span-2">
            <LeadersBoard month={scoreMonth} userID={ctx.userID} />
          </div>
        )}
        <MyGoals month={scoreMonth} userID={ctx.userID} />
      </div>

      <DashboardPipeline />
    </div>
  );
}

/** The Hebrew birthdays of my cards in the coming week (issue 37). */
function BirthdaysThisWeek() {
  const {birthdays, today, complete} = useHebrewBirthdays();
  return (
    <CountedPanel
      icon={Cake}
      title={m.birthdays_title()}
      count={birthdays.length}
      complete={complete}
      empty={m.birthdays_empty()}
      testid="dashboard-birthdays"
    >
      <HebrewBirthdays birthdays={birthdays} today={today} />
    </CountedPanel>
  );
}

/** My open activities whose reminder is due by the end of today: the overdue ones stand out. */
function DueReminders({now, until}: {now: number; until: number}) {
  const [due, details] = useQuery(dashboardQueries.dueReminders({until}));
  return (
    <CountedPanel
      icon={BellRing}
      title={m.dashboard_reminders()}
      count={due.length}
      complete={details.type === 'complete'}
      empty={m.dashboard_reminders_empty()}
      testid="dashboard-reminders"
    >
      <ul className="divide-y divide-slate-100">
        {due.map(a => {
          const overdue = (a.reminderAt ?? 0) < now;
          return (
            <li key={a.id}>
              <Link
                to={activityPath(a.id)}
                className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-2 py-2.5 hover:bg-slate-50"
                data-testid="dashboard-reminder"
              >
                <StageBadge type={a.type} />
                <span className="min-w-[12rem] flex-1">
                  <bdi className="block truncate font-medium text-slate-900">{a.title}</bdi>
                  <span className="block truncate text-xs text-slate-500">
                    <PairNames activity={a} />
                  </span>
                </span>
                <span
                  className={clsx(
                    'inline-flex items-center gap-1 text-xs tabular-nums',
                    overdue ? 'font-semibold text-amber-700' : 'text-slate-600',
                  )}
                >
                  {overdue && <AlarmClock className="size-3.5" aria-hidden />}
                  {overdue && <span>{m.dashboard_overdue()}</span>}
                  <span dir="ltr">{formatLocalDateTime(a.reminderAt!)}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </CountedPanel>
  );
}
