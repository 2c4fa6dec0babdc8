import {useQuery} from '@rocicorp/zero/react';
import {useRouteContext} from '@tanstack/react-router';
import {ChevronLeft, ChevronRight, Target} from 'lucide-react';
import {useState} from 'react';
import {currentLocale} from '../i18n.ts';
import {scoreQueries} from './queries.ts';
import {maySeeShadchanFigures} from '../../permissions/scores.ts';
import {contextOf} from '../session.ts';
import {Button} from '../ui/controls.tsx';
import {EmptyState, ListLoading} from '../ui/EmptyState.tsx';
import {PageHeader} from '../ui/PageHeader.tsx';
import {usePageTitle} from '../ui/page-title.ts';
import {GoalDialog} from './GoalDialog.tsx';
import {GoalProgress} from './GoalProgress.tsx';
import {PointsSettings} from './PointsSettings.tsx';
import {monthLabel, monthOf, shiftMonth} from './month.ts';
import * as m from '../paraglide/messages.js';

/**
 * Goals and scores (/users/goals, issue 17): each shadchan's month, its points and its goals' progress,
 * live; whoever edits shadchanim sets the goals, and the administrator the points (PointsSettings).
 */
export function GoalsPage() {
  usePageTitle(m.section_goals());
  const {session} = useRouteContext({from: '/shell'});
  const ctx = contextOf(session.user!);
  const isAdmin = ctx.role === 'admin';
  const [month, setMonth] = useState(() => monthOf());
  const monthName = monthLabel(month, currentLocale());
  const [roster, details] = useQuery(scoreQueries.roster());
  const [scores] = useQuery(scoreQueries.month({month}));
  const [goals] = useQuery(scoreQueries.goals({month}));
  const [editing, setEditing] = useState<{id: string; name: string}>();

  return (
    <section className="space-y-5" data-testid="goals-page">
      <PageHeader title={m.section_goals()} subtitle={m.goals_subtitle()}>
        <div className="flex items-center gap-1" data-testid="goals-month">
          <Button variant="ghost" onClick={() => setMonth(shiftMonth(month, -1))} aria-label={m.date_previous_month()}>
            <ChevronLeft className="size-4 rtl:-scale-x-100" aria-hidden />
          </Button>
          <span className="min-w-36 text-center text-sm font-medium text-slate-900" aria-live="polite">
            {monthName}
          </span>
          <Button variant="ghost" onClick={() => setMonth(shiftMonth(month, 1))} aria-label={m.date_next_month()}>
            <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden />
          </Button>
        </div>
      </PageHeader>

      {roster.length === 0 ? (
        details.type === 'complete' ? (
          <EmptyState icon={Target}>{m.goals_no_shadchanim()}</EmptyState>
        ) : (
          <ListLoading />
        )
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="goals-list">
          {roster.map(user => {
            const score = scores.find(s => s.userID === user.id);
            const goal = goals.find(g => g.userID === user.id);
            // Another shadchan's month only for those who may see shadchanim's figures (issue 33): the
            // goals are set here all the same, their progress is not shown.
            const figures = maySeeShadchanFigures(ctx) || user.id === ctx.userID;
            return (
              <li
                key={user.id}
                className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
                data-testid="goal-card"
                data-user={user.id}
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <bdi className="block truncate font-medium text-slate-900">{user.name}</bdi>
                    {figures && (
                      <span className="text-xs text-slate-500">
                        {m.staff_monthly_score()}:{' '}
                        <span className="font-semibold text-slate-800 tabular-nums" data-testid="goal-card-points">
                          {score?.points ?? 0}
                        </span>
                      </span>
                    )}
                  </div>
                  <Button
                    variant="secondary"
                    className="shrink-0 px-2.5 py-1.5 text-xs"
                    onClick={() => setEditing(user)}
                    data-testid="set-goal"
                  >
                    <Target className="size-3.5" aria-hidden />
                    {goal ? m.goals_edit() : m.goals_set()}
                  </Button>
                </div>
                {!figures ? null : goal ? (
                  <div className="space-y-2.5">
                    <GoalProgress
                      label={m.goals_suggestions()}
                      actual={score?.suggestions ?? 0}
                      goal={goal.suggestions}
                      testid="goal-suggestions"
                    />
                    <GoalProgress label={m.goals_dates()} actual={score?.dates ?? 0} goal={goal.dates} testid="goal-dates" />
                  </div>
                ) : (
                  <p className="text-sm text-slate-500">
                    {m.goals_none_for_month({suggestions: score?.suggestions ?? 0, dates: score?.dates ?? 0})}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}

      {isAdmin && <PointsSettings />}

      {editing && (
        <GoalDialog
          shadchan={editing}
          month={month}
          monthName={monthName}
          current={goals.find(g => g.userID === editing.id)}
          onClose={() => setEditing(undefined)}
        />
      )}
    </section>
  );
}
