import {describe, expect, test} from 'vitest';
import {PERMISSIONS} from '../../permissions/labels.ts';
import {effectivePermissions} from '../../permissions/roles.ts';
import {assertCan, can} from '../../permissions/context.ts';
import {AppError} from '../../permissions/errors.ts';

describe('permission table', () => {
  test('keeps the spec identifiers and gives every label one camelCase id', () => {
    for (const id of [
      'exportToExcel',
      'usersLog',
      'editSchools',
      'adminNotifications',
      'showTickets',
      'editTickets',
      'forumAccess',
    ]) {
      expect(PERMISSIONS).toContain(id);
    }
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
    for (const id of PERMISSIONS) expect(id).toMatch(/^[a-z]+(?:[A-Z][a-z]+)*$/);
  });
});

describe('effective permissions', () => {
  test('the administrator holds every permission, a blocked user none', () => {
    expect(effectivePermissions('admin', [])).toEqual([...PERMISSIONS]);
    expect(effectivePermissions('blocked', ['editTickets'])).toEqual([]);
  });

  test('all shadchanim’s activities go to coordinators (and administrators), not to shadchanim', () => {
    expect(effectivePermissions('coordinator', [])).toContain('viewAllActivities');
    expect(effectivePermissions('shadchan', [])).not.toContain('viewAllActivities');
    expect(effectivePermissions('representative', [])).not.toContain('viewAllActivities');
  });

  test('role defaults plus per-user grants; unknown grants are ignored', () => {
    const perms = effectivePermissions('shadchan', ['editTickets', 'launchRockets', 42]);
    expect(perms).toContain('showTickets');
    expect(perms).toContain('editTickets');
    expect(perms).not.toContain('launchRockets');
    expect(effectivePermissions('shadchan', null)).toEqual(['showTickets']);
  });

  test('checks answer with typed errors', () => {
    const viewer = {userID: 'v', role: 'shadchan' as const, permissions: effectivePermissions('shadchan', [])};
    expect(can(viewer, 'showTickets')).toBe(true);
    expect(can(viewer, 'editTickets')).toBe(false);
    expect(() => assertCan(viewer, 'editTickets')).toThrow(AppError);
    expect(() => assertCan(undefined, 'showTickets')).toThrow(expect.objectContaining({code: 'notLoggedIn'}));
    expect(() => assertCan({...viewer, role: 'admin', permissions: []}, 'editTickets')).not.toThrow();
  });
});
