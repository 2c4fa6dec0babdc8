/**
 * The one table of permission identifiers (spec §6). The spec's own identifiers are kept as given
 * (exportToExcel, usersLog, editSchools, adminNotifications, showTickets, editTickets, forumAccess);
 * every other §6 label gets one camelCase identifier here, once. Translated labels live in
 * messages/*.json under `permission_<id>`.
 */
export const PERMISSIONS = [
  'editTickets', // edit profiles (incl. forum)
  'showTickets', // view profiles (incl. forum)
  'viewFiles',
  'uploadFiles',
  'authorizeTemporaryProfiles',
  'deleteProfiles',
  'viewChangeHistory',
  'exportToExcel', // general Excel export; also guards admin/exports
  'editSchools', // edit institutions; also guards admin/schools
  'ideasBank',
  'addShadchanim',
  'editShadchanim',
  'viewShadchanimReports',
  'importProfiles',
  'importProfilesFromExcel', // import multiple profiles from Excel
  'forumAccess',
  'editEngagedCouples',
  'issueBenefitCards',
  'freeFiltering',
  'showDeletedProfiles', // show deleted or locked profiles
  'showShadchanDetails', // display details of shadchan or representative
  'temporaryPersonalDatabase',
  'temporaryGeneralDatabase',
  'usersLog', // guards admin/logs
  'adminNotifications', // guards admin/notifications
  // Issue 12: the activities list's "all shadchanim's activities" (administrators and coordinators).
  'viewAllActivities',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
