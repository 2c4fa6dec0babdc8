import {toast} from '../lib/toast.ts';
import {call} from '../login/api.ts';
import * as m from '../paraglide/messages.js';

/** Where a staff member's invitation is asked for (issue 30, server/staff/invitation-routes.ts). */
export const staffInvitationPath = (userID: string) => `/api/staff/${encodeURIComponent(userID)}/invitation`;
/** A representative's: for the sign-in account the server linked to them. */
export const representativeInvitationPath = (id: string) => `/api/representatives/${encodeURIComponent(id)}/invitation`;

/** Asks the server to send an invitation (a link to choose a password, by email and phone) and says how it went. */
export async function sendInvitation(path: string): Promise<boolean> {
  const r = await call(path);
  if (r.ok) toast.success(m.staff_invited());
  else if (r.error === 'noContact') toast.error(m.dict_no_contact());
  else if (r.error === 'accountBlocked') toast.error(m.error_account_blocked());
  else toast.error(m.error_unable_to_save());
  return r.ok;
}
