import type {Permission, PermissionGroup} from '../../permissions/labels.ts';
import * as m from '../paraglide/messages.js';

/** The translated §6 label of every permission (the table itself is permissions/labels.ts). */
export const permissionLabel: Record<Permission, () => string> = {
  showTickets: m.permission_showTickets,
  editTickets: m.permission_editTickets,
  authorizeTemporaryProfiles: m.permission_authorizeTemporaryProfiles,
  deleteProfiles: m.permission_deleteProfiles,
  showDeletedProfiles: m.permission_showDeletedProfiles,
  viewChangeHistory: m.permission_viewChangeHistory,
  freeFiltering: m.permission_freeFiltering,
  temporaryPersonalDatabase: m.permission_temporaryPersonalDatabase,
  temporaryGeneralDatabase: m.permission_temporaryGeneralDatabase,
  viewFiles: m.permission_viewFiles,
  uploadFiles: m.permission_uploadFiles,
  ideasBank: m.permission_ideasBank,
  editEngagedCouples: m.permission_editEngagedCouples,
  issueBenefitCards: m.permission_issueBenefitCards,
  viewAllActivities: m.permission_viewAllActivities,
  addShadchanim: m.permission_addShadchanim,
  editShadchanim: m.permission_editShadchanim,
  viewShadchanimReports: m.permission_viewShadchanimReports,
  showShadchanDetails: m.permission_showShadchanDetails,
  exportToExcel: m.permission_exportToExcel,
  importProfiles: m.permission_importProfiles,
  importProfilesFromExcel: m.permission_importProfilesFromExcel,
  forumAccess: m.permission_forumAccess,
  editSchools: m.permission_editSchools,
  usersLog: m.permission_usersLog,
  adminNotifications: m.permission_adminNotifications,
};

export const permissionGroupLabel: Record<PermissionGroup, () => string> = {
  profiles: m.permission_group_profiles,
  files: m.permission_group_files,
  activities: m.permission_group_activities,
  staff: m.permission_group_staff,
  data: m.permission_group_data,
  community: m.permission_group_community,
  administration: m.permission_group_administration,
};
