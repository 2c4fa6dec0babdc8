import {CalendarHeart, Gem, Lightbulb, MessagesSquare, type LucideIcon} from 'lucide-react';
import {clsx} from 'clsx';
import type {ActivityType} from './schema.ts';
import {STATUS_LABEL, TYPE_LABEL} from './labels.ts';

/**
 * An activity's stage (idea → suggestion → date → vort) as the timeline and the dashboard show it: one
 * table of its name, icon and colour, so both screens always agree.
 */
export const STAGES: Record<ActivityType, {label: () => string; icon: LucideIcon; badge: string; dot: string}> = {
  idea: {label: TYPE_LABEL.idea, icon: Lightbulb, badge: 'bg-sky-50 text-sky-800 ring-sky-200', dot: 'bg-sky-500'},
  suggestion: {
    label: TYPE_LABEL.suggestion,
    icon: MessagesSquare,
    badge: 'bg-violet-50 text-violet-800 ring-violet-200',
    dot: 'bg-violet-500',
  },
  date: {
    label: TYPE_LABEL.date,
    icon: CalendarHeart,
    badge: 'bg-amber-50 text-amber-900 ring-amber-200',
    dot: 'bg-amber-500',
  },
  vort: {label: TYPE_LABEL.vort, icon: Gem, badge: 'bg-emerald-50 text-emerald-800 ring-emerald-200', dot: 'bg-emerald-500'},
};

const STATUS_STYLE = {
  in_progress: 'text-brand-700',
  done: 'text-emerald-700',
  irrelevant: 'text-slate-500',
} as const;

export function StageBadge({type}: {type: ActivityType}) {
  const {label, icon: Icon, badge} = STAGES[type];
  return (
    <span className={clsx('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1', badge)}>
      <Icon className="size-3.5" aria-hidden />
      {label()}
    </span>
  );
}

export function StatusLabel({status}: {status: keyof typeof STATUS_LABEL}) {
  return <span className={clsx('text-xs font-medium', STATUS_STYLE[status])}>{STATUS_LABEL[status]()}</span>;
}
