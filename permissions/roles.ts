import {PERMISSIONS, isPermission, type Permission} from './labels.ts';

/** Roles of spec §6. The administrator overrides every permission limit; a blocked user has none. */
export const ROLES = ['admin', 'shadchan', 'coordinator', 'representative', 'blocked'] as const;
export type Role = (typeof ROLES)[number];

/** What each role can do before any per-user grants. */
const ROLE_DEFAULTS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  shadchan: ['showTickets'],
  coordinator: ['showTickets', 'editTickets', 'showShadchanDetails', 'viewAllActivities'],
  representative: ['showTickets'],
  blocked: [],
};

/** The presets the permission editor offers: a role's own defaults (the administrator needs none). */
export const PRESET_ROLES = ['shadchan', 'coordinator', 'representative'] as const satisfies readonly Role[];

export const roleDefaults = (role: Role): readonly Permission[] => ROLE_DEFAULTS[role];

/** The permissions a user actually holds: role defaults plus per-user grants (stored as JSON). */
export function effectivePermissions(role: Role, granted: unknown): Permission[] {
  if (role === 'admin') return [...PERMISSIONS];
  if (role === 'blocked') return [];
  const extra = Array.isArray(granted) ? granted.filter(isPermission) : [];
  return [...new Set([...ROLE_DEFAULTS[role], ...extra])];
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
