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

/** Stored per-user rights (jsonb arrays) as a list of known permissions; anything else is none. */
const permissionsIn = (stored: unknown): Permission[] => (Array.isArray(stored) ? stored.filter(isPermission) : []);

/**
 * The permissions a user actually holds: the role's preset, plus per-user grants, minus per-user
 * withholdings (app_user.permissions and withheld_permissions, migrations/0050). The administrator holds
 * everything whatever is stored; a blocked user nothing.
 */
export function effectivePermissions(role: Role, granted: unknown, withheld: unknown = []): Permission[] {
  if (role === 'admin') return [...PERMISSIONS];
  if (role === 'blocked') return [];
  const taken = permissionsIn(withheld);
  return [...new Set([...ROLE_DEFAULTS[role], ...permissionsIn(granted)])].filter(p => !taken.includes(p));
}

/** What to store for a user of this role who is to hold exactly `ticked`: grants beyond, and withholdings from, the preset. */
export function overridesOf(role: Role, ticked: readonly Permission[]) {
  const preset = roleDefaults(role);
  return {
    granted: PERMISSIONS.filter(p => ticked.includes(p) && !preset.includes(p)),
    withheld: PERMISSIONS.filter(p => preset.includes(p) && !ticked.includes(p)),
  };
}

/**
 * Whether a non-administrator may give this role: only when its preset rights are all their own, so
 * a role is no way to more rights than the permission editor would let them grant (issue 30).
 */
export const presetWithin = (role: Role, held: readonly Permission[]) => roleDefaults(role).every(p => held.includes(p));

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
