import type {Query} from '@rocicorp/zero';
import type {Schema} from '../zero-schema.ts';
import {can, type AuthContext} from './context.ts';

/** Staff records, with their contact details, are for those who add or edit shadchanim. */
export const mayManageStaff = (ctx: AuthContext | undefined) => can(ctx, 'addShadchanim') || can(ctx, 'editShadchanim');

/**
 * A staff member's particulars (grants, employment, print notes, hours, counters: staff_detail) reach
 * those who manage staff or may see a shadchan's details, and the user their own; a picker or a card's
 * owner carries only name, gender and role (app_user's published row).
 */
export function visibleStaffDetails<R>(q: Query<'staffDetail', Schema, R>, ctx: AuthContext | undefined) {
  if (!ctx) return q.where('userID', 'IS', null);
  return mayManageStaff(ctx) || can(ctx, 'showShadchanDetails') ? q : q.where('userID', ctx.userID);
}
