import type {ActivitySort, ActivityType} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** The names of an activity's types, statuses and the list's orders, in the UI language. */
export const TYPE_LABEL: Record<ActivityType, () => string> = {
  idea: m.activity_type_idea,
  suggestion: m.activity_type_suggestion,
  date: m.activity_type_date,
  vort: m.activity_type_vort,
};

export const STATUS_LABEL: Record<'in_progress' | 'done' | 'irrelevant', () => string> = {
  in_progress: m.activity_status_in_progress,
  done: m.activity_status_done,
  irrelevant: m.activity_status_irrelevant,
};

/** Each status's badge colours. */
export const STATUS_TONE: Record<keyof typeof STATUS_LABEL, string> = {
  in_progress: 'bg-sky-50 text-sky-800 ring-sky-200',
  done: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  irrelevant: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export const SORT_LABEL: Record<ActivitySort, () => string> = {
  created: m.activities_sort_created,
  reminder: m.activities_sort_reminder,
  type: m.activities_sort_type,
  status: m.activities_sort_status,
};

/** A card's name as the activity screens show it, surname last. */
export const personName = (p: {forename: string; surname: string}) => `${p.forename} ${p.surname}`;
