import {isoDateToMs, msToIsoDate} from '../lib/dates.ts';

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

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const two = (n: number) => String(n).padStart(2, '0');

/** While digits are typed, puts in the colon of HH:MM ("093" → "09:3"). */
export const separateTimeDigits = (typed: string) => (/^\d{3,4}$/.test(typed) ? `${typed.slice(0, 2)}:${typed.slice(2)}` : typed);

/** The moment a reminder's date and time name on the user's clock; null for none; the text if it is no moment. */
export function reminderOf(date: string, time: string): number | null | string {
  if (date.trim() === '' && time.trim() === '') return null;
  const day = isoDateToMs(date);
  const clock = TIME.exec(time.trim() || DEFAULT_REMINDER_TIME);
  if (day === undefined || !clock) return `${date} ${time}`;
  const at = new Date(day);
  return new Date(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate(), Number(clock[1]), Number(clock[2])).getTime();
}

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
  const at = a.reminderAt == null ? undefined : new Date(a.reminderAt);
  return {
    type: a.type,
    status: a.status,
    title: a.title,
    summary: a.summary,
    // The local calendar day, as DateInput's 'YYYY-MM-DD'.
    reminderDate: at ? msToIsoDate(Date.UTC(at.getFullYear(), at.getMonth(), at.getDate())) : '',
    reminderTime: at ? `${two(at.getHours())}:${two(at.getMinutes())}` : '',
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
    reminderAt: reminderOf(form.reminderDate, form.reminderTime),
    callDurationSeconds: form.callDurationSeconds === '' ? null : Number(form.callDurationSeconds),
    callerNumber: form.callerNumber || null,
  };
}

export const formsDiffer = (a: ActivityForm, b: ActivityForm) =>
  (Object.keys(a) as (keyof ActivityForm)[]).some(key => a[key] !== b[key]);
