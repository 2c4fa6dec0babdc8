import type {IdeaAnswer} from '../tables/ideas.ts';
import type {IdeaBox} from './schema.ts';
import * as m from '../paraglide/messages.js';

/** A recipient's answer, as the bank names and colours it. */
export const ANSWER_LABEL: Record<IdeaAnswer, () => string> = {
  open: m.ideas_answer_open,
  accepted: m.ideas_answer_accepted,
  declined: m.ideas_answer_declined,
};

export const ANSWER_TONE: Record<IdeaAnswer, string> = {
  open: 'bg-amber-50 text-amber-800 ring-amber-200',
  accepted: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  declined: 'bg-slate-100 text-slate-600 ring-slate-200',
};

export const BOX_LABEL: Record<IdeaBox, () => string> = {
  all: m.ideas_box_all,
  received: m.ideas_box_received,
  sent: m.ideas_box_sent,
};

export const IDEAS_PATH: string = '/ideas';
export const ADD_IDEA_PATH: string = '/add-shidduch-idea';
