import {clsx} from 'clsx';
import * as m from '../paraglide/messages.js';

/**
 * One goal's progress: what was done against what was set, as a bar (a progressbar for screen readers)
 * and as numbers. A goal reached turns green; going past it fills the bar and says so in the numbers.
 */
export function GoalProgress({label, actual, goal, testid}: {label: string; actual: number; goal: number; testid: string}) {
  const share = goal > 0 ? Math.min(1, actual / goal) : 0;
  const reached = goal > 0 && actual >= goal;
  return (
    <div className="space-y-1" data-testid={testid}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-slate-700">{label}</span>
        <span
          className={clsx('tabular-nums', reached ? 'font-semibold text-emerald-700' : 'text-slate-600')}
          data-testid={`${testid}-numbers`}
        >
          {m.goals_of({actual, goal})}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={Math.min(actual, goal)}
        aria-valuetext={m.goals_of({actual, goal})}
        className="h-2.5 overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={clsx('h-full rounded-full transition-[width]', reached ? 'bg-emerald-500' : 'bg-brand-600')}
          style={{width: `${Math.round(share * 100)}%`}}
        />
      </div>
    </div>
  );
}
