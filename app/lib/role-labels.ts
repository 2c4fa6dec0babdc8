import type {Role} from '../../permissions/roles.ts';
import * as m from '../paraglide/messages.js';

export const roleLabel: Record<Role, () => string> = {
  admin: m.role_admin,
  shadchan: m.role_shadchan,
  coordinator: m.role_coordinator,
  representative: m.role_representative,
  blocked: m.role_blocked,
};
