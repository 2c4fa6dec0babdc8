import * as Popover from '@radix-ui/react-popover';
import {lazy, Suspense} from 'react';
import {Link} from '@tanstack/react-router';
import {Bell} from 'lucide-react';
import {clsx} from 'clsx';
import {useReminders} from '../activities/use-reminders.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {ACTIVITIES_PATH, activityPath} from '../activities/paths.ts';
import {personName} from '../activities/labels.ts';
import * as m from '../paraglide/messages.js';

/**
 * The top bar's reminders (spec §2 Layout): the user's activities with a reminder date, live. Each
 * links to its activity; the badge counts the reminders due by the end of today. Below them, the Hebrew
 * birthdays of the user's cards in the coming week (issue 37), when there are any.
 */
// Loaded when the bell first opens: the Hebrew calendar's code stays out of the script every page loads.
const BellBirthdays = lazy(() => import('../candidates/birthdays/BellBirthdays.tsx').then(b => ({default: b.BellBirthdays})));

export function RemindersBell() {
  const {reminders, isDue, due} = useReminders();
  return (
    <Popover.Root>
      <Popover.Trigger
        className="relative rounded-lg p-2 text-white/85 hover:bg-white/10 hover:text-white"
        // The badge's number is part of the name, as it is of what the button shows.
        aria-label={due > 0 ? m.reminders_bell_label({count: due}) : m.reminders_title()}
        data-testid="reminders-bell"
      >
        <Bell className="size-5" aria-hidden />
        {due > 0 && (
          <span
            className="absolute -end-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-[11px] font-bold text-brand-800"
            data-testid="reminders-count"
          >
            {due}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 rounded-2xl bg-white p-2 shadow-2xl ring-1 ring-slate-200 focus:outline-none"
          data-testid="reminders-list"
        >
          <h2 className="px-3 pt-2 pb-1 text-sm font-semibold text-slate-900">{m.reminders_title()}</h2>
          {reminders.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-500">{m.reminders_empty()}</p>
          ) : (
            <ul className="max-h-96 overflow-y-auto">
              {reminders.map(r => {
                const overdue = isDue(r);
                return (
                  <li key={r.id}>
                    <Popover.Close asChild>
                      <Link
                        to={activityPath(r.id)}
                        className="block rounded-xl px-3 py-2 hover:bg-slate-50"
                        data-testid="reminder"
                      >
                        <span className="block text-sm font-medium text-slate-900">
                          <bdi>{r.title}</bdi>
                        </span>
                        <span className="block text-xs text-slate-500">
                          {/* A person the user may not see (another shadchan's personal database) is left out. */}
                          <bdi>{[r.maleProfile, r.femaleProfile].flatMap(p => (p ? [personName(p)] : [])).join(' › ')}</bdi>
                        </span>
                        <span
                          className={clsx('text-xs tabular-nums', overdue ? 'font-semibold text-amber-700' : 'text-slate-500')}
                        >
                          {r.reminderAt ? formatLocalDateTime(r.reminderAt) : ''}
                        </span>
                      </Link>
                    </Popover.Close>
                  </li>
                );
              })}
            </ul>
          )}
          <Suspense fallback={null}>
            <BellBirthdays wrapLink={link => <Popover.Close asChild>{link}</Popover.Close>} />
          </Suspense>
          <Popover.Close asChild>
            <Link
              to={ACTIVITIES_PATH}
              className="mt-1 flex items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-medium text-brand-700 hover:bg-brand-50"
              data-testid="reminders-all"
            >
              {m.reminders_all()}
            </Link>
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
