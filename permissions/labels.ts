/**
 * The one table of permission identifiers (spec §6), grouped as the permission editor shows them. The
 * spec's own identifiers are kept as given (exportToExcel, usersLog, editSchools, adminNotifications,
 * showTickets, editTickets, forumAccess); every other §6 label gets one camelCase identifier here, once.
 * Translated labels live in messages/*.json under `permission_<id>` (app/staff/permission-labels.ts),
 * the groups' names under `permission_group_<group>`.
 */
export const PERMISSION_GROUPS = {
  profiles: [
    'showTickets', // view profiles (incl. forum)
    'editTickets', // edit profiles (incl. forum)
    'authorizeTemporaryProfiles',
    'deleteProfiles',
    'showDeletedProfiles', // show deleted or locked profiles
    'viewChangeHistory',
    'freeFiltering',
    'temporaryPersonalDatabase',
    'temporaryGeneralDatabase',
  ],
  files: ['viewFiles', 'uploadFiles'],
  activities: [
    'ideasBank',
    'editEngagedCouples',
    'issueBenefitCards',
    // Issue 12: the activities list's "all shadchanim's activities" (administrators and coordinators).
    'viewAllActivities',
  ],
  staff: [
    'addShadchanim',
    'editShadchanim',
    'viewShadchanimReports',
    'showShadchanDetails', // display details of shadchan or representative
  ],
  data: [
    'exportToExcel', // general Excel export; also guards admin/exports
    'importProfiles',
    'importProfilesFromExcel', // import multiple profiles from Excel
  ],
  community: [
    'forumAccess',
    'editSchools', // edit institutions; also guards admin/schools
  ],
  administration: [
    'usersLog', // guards admin/logs
    'adminNotifications', // guards admin/notifications
  ],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const PERMISSION_GROUP_NAMES = Object.keys(PERMISSION_GROUPS) as PermissionGroup[];

/** Every permission once, in the editor's order. */
export const PERMISSIONS: readonly Permission[] = Object.values(PERMISSION_GROUPS).flat();

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
