import {useQuery} from '@rocicorp/zero/react';
import {Target} from 'lucide-react';
import {scoreQueries} from './queries.ts';
import {GoalProgress} from './GoalProgress.tsx';
import * as m from '../paraglide/messages.js';

/**
 * The signed-in shadchan's month (issue 17): their monthly score, and their goals' progress when goals
 * were set for them. Live: a suggestion entered anywhere moves the bar.
 */
export function MyGoals({month, userID}: {month: string; userID: string}) {
  const [score] = useQuery(scoreQueries.one({userID, month}));
  const [goals] = useQuery(scoreQueries.goals({month, userID}));
  const goal = goals[0];
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="my-goals">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <Target className="size-4" aria-hidden />
        {m.goals_mine()}
      </h2>
      <p className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-600">{m.staff_monthly_score()}</span>
        <span className="text-2xl font-semibold text-slate-900 tabular-nums" data-testid="my-monthly-score">
          {score?.points ?? 0}
        </span>
      </p>
      {goal ? (
        <div className="mt-3 space-y-3 border-t border-slate-100 pt-3">
          <GoalProgress
            label={m.goals_suggestions()}
            actual={score?.suggestions ?? 0}
            goal={goal.suggestions}
            testid="my-goal-suggestions"
          />
          <GoalProgress label={m.goals_dates()} actual={score?.dates ?? 0} goal={goal.dates} testid="my-goal-dates" />
        </div>
      ) : (
        <p className="mt-3 border-t border-slate-100 pt-3 text-sm text-slate-500">{m.goals_none()}</p>
      )}
    </section>
  );
}
