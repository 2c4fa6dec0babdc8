import {COUPLE_STATUSES} from './schema.ts';
import * as m from '../paraglide/messages.js';

type Status = (typeof COUPLE_STATUSES)[number];

export const STATUS_LABEL: Record<Status, () => string> = {
  pending: m.couples_status_pending,
  confirmed: m.couples_status_confirmed,
  rejected: m.couples_status_rejected,
  undone: m.couples_status_undone,
};
export const STATUS_TONE: Record<Status, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  confirmed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  rejected: 'bg-slate-100 text-slate-600 ring-slate-200',
  undone: 'bg-slate-100 text-slate-600 ring-slate-200',
};

/** A date or a name inside a sentence of the other direction keeps its own order (Unicode isolates). */
export const isolated = (text: string) => `\u2068${text}\u2069`;
