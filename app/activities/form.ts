import {momentOf, momentParts} from '../lib/moments.ts';

/**
 * The activity form's values as its fields hold them (text), and the mutator arguments they stand
 * for. The arguments are checked by the one schema (activitySchema), so what is wrong gets its error
 * by field; a reminder that is not a whole date and time reaches it as text, which it calls invalid.
 */
export type ActivityForm = {
  type: string;
  status: string;
  title: string;
  summary: string;
  /** 'YYYY-MM-DD' from DateInput (or the text typed, while it is not a whole date). */
  reminderDate: string;
  /** HH:MM, 24 hours, on the user's own clock. */
  reminderTime: string;
  maleProfileID: string;
  femaleProfileID: string;
  callDurationSeconds: string;
  callerNumber: string;
};

export const EMPTY_ACTIVITY: ActivityForm = {
  type: 'idea',
  status: 'in_progress',
  title: '',
  summary: '',
  reminderDate: '',
  reminderTime: '',
  maleProfileID: '',
  femaleProfileID: '',
  callDurationSeconds: '',
  callerNumber: '',
};

/** A reminder with a date and no time is for the start of the working day. */
export const DEFAULT_REMINDER_TIME = '09:00';

type Activity = {
  type: string;
  status: string;
  title: string;
  summary: string;
  reminderAt?: number | null | undefined;
  maleProfileID?: string | null | undefined;
  femaleProfileID?: string | null | undefined;
  callDurationSeconds?: number | null | undefined;
  callerNumber?: string | null | undefined;
};

export function formOf(a: Activity): ActivityForm {
  const reminder = momentParts(a.reminderAt);
  return {
    type: a.type,
    status: a.status,
    title: a.title,
    summary: a.summary,
    reminderDate: reminder.date,
    reminderTime: reminder.time,
    maleProfileID: a.maleProfileID ?? '',
    femaleProfileID: a.femaleProfileID ?? '',
    callDurationSeconds: a.callDurationSeconds == null ? '' : String(a.callDurationSeconds),
    callerNumber: a.callerNumber ?? '',
  };
}

/** The mutator's arguments, unchecked (validate them with activitySchema). */
export function activityArgs(id: string, form: ActivityForm) {
  return {
    id,
    type: form.type,
    status: form.status,
    title: form.title,
    summary: form.summary,
    maleProfileID: form.maleProfileID || null,
    femaleProfileID: form.femaleProfileID || null,
    reminderAt: momentOf({date: form.reminderDate, time: form.reminderTime}, DEFAULT_REMINDER_TIME),
    callDurationSeconds: form.callDurationSeconds === '' ? null : Number(form.callDurationSeconds),
    callerNumber: form.callerNumber || null,
  };
}

export const formsDiffer = (a: ActivityForm, b: ActivityForm) =>
  (Object.keys(a) as (keyof ActivityForm)[]).some(key => a[key] !== b[key]);
