import {useQuery} from '@rocicorp/zero/react';
import {clsx} from 'clsx';
import {Trophy} from 'lucide-react';
import {currentLocale} from '../i18n.ts';
import {scoreQueries} from './queries.ts';
import {monthLabel} from './month.ts';
import {Loading} from '../ui/Loading.tsx';
import * as m from '../paraglide/messages.js';

const MEDAL = ['bg-amber-400 text-amber-950', 'bg-slate-300 text-slate-800', 'bg-orange-300 text-orange-950'];

/**
 * The month's leaders (issue 17): the shadchanim with the most points this month, live; each with what
 * earned them and a bar against the leader's points. The signed-in user's own row stands out.
 */
export function LeadersBoard({month, userID}: {month: string; userID: string}) {
  const [leaders, details] = useQuery(scoreQueries.leaders({month}));
  const top = leaders[0]?.points ?? 0;
  return (
    <section className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="leaders-board">
      <h2 className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Trophy className="size-4 text-amber-500" aria-hidden />
        {m.leaders_title()}
      </h2>
      <p className="mt-0.5 mb-3 text-xs text-slate-500">{monthLabel(month, currentLocale())}</p>
      {leaders.length === 0 ? (
        details.type === 'complete' ? (
          <p className="text-sm text-slate-500">{m.leaders_empty()}</p>
        ) : (
          <Loading size="small" />
        )
      ) : (
        <ol className="space-y-1">
          {leaders.map((row, index) => (
            <li
              key={row.id}
              className={clsx('rounded-xl px-2 py-2', row.userID === userID && 'bg-brand-50 ring-1 ring-brand-200')}
              data-testid="leader-row"
              data-user={row.userID}
            >
              <div className="flex items-center gap-3">
                <span
                  className={clsx(
                    'grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold tabular-nums',
                    MEDAL[index] ?? 'bg-slate-100 text-slate-600',
                  )}
                  aria-label={m.leaders_rank({rank: index + 1})}
                >
                  {index + 1}
                </span>
                <span className="min-w-0 flex-1">
                  <bdi className="block truncate text-sm font-medium text-slate-900" data-testid="leader-name">
                    {row.user?.name ?? '—'}
                  </bdi>
                  <span className="block truncate text-xs text-slate-500">
                    {m.leaders_breakdown({suggestions: row.suggestions, dates: row.dates, couples: row.couples})}
                  </span>
                </span>
                <span className="text-base font-semibold text-slate-900 tabular-nums" data-testid="leader-points">
                  {row.points}
                </span>
              </div>
              <div className="ms-10 mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden>
                <div
                  className="h-full rounded-full bg-amber-400"
                  style={{width: `${top > 0 ? Math.round((row.points / top) * 100) : 0}%`}}
                />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
