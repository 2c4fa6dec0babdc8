import type {Role} from '../../permissions/roles.ts';
import {roleLabel} from '../shell/roles.ts';
import type {Audience} from './schema.ts';
import * as m from '../paraglide/messages.js';

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
