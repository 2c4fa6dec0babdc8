import {useQuery} from '@rocicorp/zero/react';
import {activityQueries} from './queries.ts';

/** The user's reminders, live, and how many are due by the end of today (the bell and the menu badge). */
export function useReminders() {
  const [reminders, details] = useQuery(activityQueries.myReminders());
  const endOfToday = new Date().setHours(23, 59, 59, 999);
  const isDue = (r: {reminderAt?: number | null}) => (r.reminderAt ?? Infinity) <= endOfToday;
  return {reminders, isDue, due: reminders.filter(isDue).length, complete: details.type === 'complete'};
}
