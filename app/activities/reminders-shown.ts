/**
 * The reminders already toasted in this sign-in session (app/activities/ReminderToasts.tsx), in every tab
 * of this browser: issue 31 asks for the "N reminders due" toast once per session, not again on each
 * page, reload or new tab. Kept by id and time, so a snoozed reminder's new time toasts again. Signing
 * in (the sign-in page) and signing out (app/zero.ts) forget them: the next session starts afresh.
 */
const KEY = 'kesher.reminders.toasted';
/** Enough for a day's reminders many times over; the oldest go first. */
const KEEP = 500;

export function shownReminders(): Set<string> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((key): key is string => typeof key === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markRemindersShown(keys: readonly string[]) {
  if (keys.length === 0) return;
  localStorage.setItem(KEY, JSON.stringify([...new Set([...shownReminders(), ...keys])].slice(-KEEP)));
}

export function forgetShownReminders() {
  localStorage.removeItem(KEY);
}
