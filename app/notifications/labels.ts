import type {Role} from '../../permissions/roles.ts';
import {roleLabel} from '../lib/role-labels.ts';
import * as m from '../paraglide/messages.js';
import type {Audience} from '../tables/site.ts';

export const AUDIENCE_LABEL: Record<Audience, () => string> = {
  everyone: m.notifications_audience_everyone,
  roles: m.notifications_audience_roles,
  users: m.notifications_audience_users,
};

/** Whom a notice is for, as its row in the list says it: everyone, the roles by name, or how many users. */
export function audienceOf(notice: {audience: Audience; roles: readonly Role[]; userIDs: readonly string[]}): string {
  if (notice.audience === 'roles') return notice.roles.map(role => roleLabel[role]()).join(', ');
  if (notice.audience === 'users') return `${AUDIENCE_LABEL.users()} (${notice.userIDs.length})`;
  return AUDIENCE_LABEL.everyone();
}
