import {useZero} from '@rocicorp/zero/react';
import {useNavigate} from '@tanstack/react-router';
import {BellRing} from 'lucide-react';
import {useEffect, useState} from 'react';
import {toast} from '../lib/toast.ts';
import {formatLocalDateTime} from '../lib/dates.ts';
import {confirmed} from '../lib/mutate.ts';
import {mutators} from '../mutators.ts';
import {useReminders} from './use-reminders.ts';
import {markRemindersShown, shownReminders} from './reminders-shown.ts';
import {personName} from './labels.ts';
import {ACTIVITIES_PATH, activityPath} from './paths.ts';
import * as m from '../paraglide/messages.js';

const HOUR = 60 * 60 * 1000;
/** setTimeout's longest wait; a later reminder is looked at again then. */
const LONGEST_WAIT = 2 ** 31 - 1;

const toastID = (activityID: string) => `reminder-${activityID}`;
const keyOf = (r: {id: string; reminderAt?: number | null}) => `${r.id}:${r.reminderAt}`;

/** Tomorrow at 09:00 on the user's clock. */
const tomorrowMorning = () => {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0).getTime();
};

type Reminder = ReturnType<typeof useReminders>['reminders'][number];

/**
 * The reminder toast (issue 12 point 3): while the app is open, each of the user's reminders that
 * comes due (the live myReminders query, and a timer to the next one) toasts once, with snooze 1 h,
 * snooze until tomorrow 09:00, done, and a link to the activity. Those already due when the app opens
 * toast once per sign-in session, whatever the page, reload or tab (reminders-shown.ts), several as one
 * toast that opens the due list. A reminder that stops being due (done, moved, deleted, here or in
 * another tab) takes its toast away.
 */
export function ReminderToasts() {
  const {reminders, complete} = useReminders();
  const zero = useZero();
  const navigate = useNavigate();
  const [now, setNow] = useState(Date.now);
  const [opened, setOpened] = useState(false);
  const [toasted, setToasted] = useState<readonly string[]>([]);

  // Wake up when the next reminder comes due.
  const next = reminders.map(r => r.reminderAt ?? Infinity).find(at => at > now);
  useEffect(() => {
    if (next === undefined) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(next - Date.now() + 50, LONGEST_WAIT));
    return () => clearTimeout(timer);
  }, [next]);

  const due = reminders.filter(r => (r.reminderAt ?? Infinity) <= now);
  const dueKey = due.map(keyOf).join(',');

  // The toast drawn outside the router and Zero (sonner's Toaster): its actions come in as closures.
  function show(r: Reminder) {
    const id = toastID(r.id);
    const act = async (mutation: Parameters<typeof zero.mutate>[0], said?: string) => {
      const outcome = await confirmed(zero.mutate(mutation));
      if (!outcome.ok) return void toast.error(outcome.message);
      toast.dismiss(id);
      if (said) toast.success(said);
    };
    const snooze = (at: number) =>
      act(mutators.activities.snooze({id: r.id, reminderAt: at}), m.reminder_snoozed({at: formatLocalDateTime(at)}));
    const open = () => {
      toast.dismiss(id);
      void navigate({to: activityPath(r.id)});
    };
    toast.custom(
      () => (
        <ReminderToast
          reminder={r}
          onSnoozeHour={() => void snooze(Date.now() + HOUR)}
          onSnoozeTomorrow={() => void snooze(tomorrowMorning())}
          onDone={() => void act(mutators.activities.setStatus({id: r.id, status: 'done'}))}
          onOpen={open}
        />
      ),
      {id, duration: Infinity},
    );
  }

  useEffect(() => {
    // Nothing until the list is complete: rows still arriving have not just come due.
    if (!complete) return;
    const shown = shownReminders();
    const fresh = due.filter(r => !shown.has(keyOf(r)));
    markRemindersShown(fresh.map(keyOf));
    if (!opened && fresh.length > 1) {
      toast.info(m.reminders_due_on_open({count: fresh.length}), {
        id: 'reminders-due',
        testId: 'reminders-due',
        action: {label: m.reminder_open(), onClick: () => void navigate({href: `${ACTIVITIES_PATH}?due=true`})},
      });
    } else {
      for (const r of fresh) show(r);
    }
    setOpened(true);
    // A reminder no longer due here takes its toast.
    const ids = due.map(r => r.id);
    for (const gone of toasted.filter(id => !ids.includes(id))) toast.dismiss(toastID(gone));
    setToasted(ids);
    // Runs on a change of the due reminders (ids and times), once the list is complete.
  }, [dueKey, complete]);

  return null;
}

function ReminderToast({
  reminder: r,
  onSnoozeHour,
  onSnoozeTomorrow,
  onDone,
  onOpen,
}: {
  reminder: Reminder;
  onSnoozeHour: () => void;
  onSnoozeTomorrow: () => void;
  onDone: () => void;
  onOpen: () => void;
}) {
  const names = [r.maleProfile, r.femaleProfile]
    .filter(p => p !== undefined)
    .map(personName)
    .join(' › ');
  const buttons = [
    {label: m.reminder_snooze_hour(), run: onSnoozeHour, testid: 'reminder-snooze-hour'},
    {label: m.reminder_snooze_tomorrow(), run: onSnoozeTomorrow, testid: 'reminder-snooze-tomorrow'},
    {label: m.reminder_done(), run: onDone, testid: 'reminder-done'},
  ];
  return (
    <div
      className="w-[356px] max-w-full rounded-2xl bg-white p-4 shadow-xl ring-1 ring-slate-200"
      data-testid="reminder-toast"
      data-id={r.id}
    >
      <p className="flex items-start gap-2 text-sm font-semibold text-slate-900">
        <BellRing className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
        <bdi>{m.reminder_toast_due({title: r.title})}</bdi>
      </p>
      {names && (
        <p className="mt-0.5 ps-6 text-xs text-slate-600">
          <bdi>{names}</bdi>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-1.5 ps-6">
        {buttons.map(b => (
          <button
            key={b.testid}
            type="button"
            onClick={b.run}
            className="rounded-lg bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800 hover:bg-slate-200"
            data-testid={b.testid}
          >
            {b.label}
          </button>
        ))}
        <a
          href={activityPath(r.id)}
          onClick={e => {
            e.preventDefault();
            onOpen();
          }}
          className="rounded-lg px-2.5 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
          data-testid="reminder-open"
        >
          {m.reminder_open()}
        </a>
      </div>
    </div>
  );
}
