import type {Employment} from '../../zero-schema.ts';
import type {StaffState} from './schema.ts';
import * as m from '../paraglide/messages.js';

export const STATE_LABEL: Record<StaffState, () => string> = {
  pending: m.staff_state_pending,
  active: m.staff_state_active,
  blocked: m.staff_state_blocked,
};

export const STATE_TONE: Record<StaffState, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  blocked: 'bg-rose-50 text-rose-800 ring-rose-200',
};

export const EMPLOYMENT_LABEL: Record<Employment, () => string> = {
  in_house: m.staff_employment_in_house,
  external: m.staff_employment_external,
};
