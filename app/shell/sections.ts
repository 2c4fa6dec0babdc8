import {
  Bell,
  BellRing,
  Bookmark,
  Gift,
  Activity,
  Building2,
  ChartColumn,
  ChartNoAxesCombined,
  ClipboardList,
  FileDown,
  FileUp,
  Heart,
  Hourglass,
  LayoutDashboard,
  MessagesSquare,
  PhoneCall,
  Printer,
  Sheet,
  Lightbulb,
  ScrollText,
  Settings2,
  Tags,
  Target,
  Trash2,
  UserCog,
  UserPlus,
  UserRoundCheck,
  Link2,
  NotebookText,
  UserRoundPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import {can, type AuthContext} from '../../permissions/can.ts';
import type {Permission} from '../../permissions/labels.ts';
import type {Role} from '../../permissions/roles.ts';
import type {SiteKey} from '../site/schema.ts';
import * as m from '../paraglide/messages.js';

/**
 * The shell's sections (spec §2 "Main shell"): one table for the routes, their guards and the menu's
 * entries (shell/menu.ts points at these paths), so a route and its menu item can never disagree.
 * `permission` guards the route and hides the menu item (the administrator holds every permission);
 * without one, being signed in is enough. `feature` is a site switch that must be on. `keepState`
 * routes stay mounted when the user navigates away, so their search, scroll and live data are still
 * there on return (spec §2 "some routes are flagged so their state survives navigation"). `saveBar`
 * pages keep a save bar fixed at the bottom of the screen, where nothing else may float (ScrollJumps).
 * `built` sections have their screen (router.tsx PAGES, which the type holds to exactly these); the
 * others show "coming soon", and the menu says so beside their entries.
 */
export type Section = {
  path: string;
  title: () => string;
  icon: LucideIcon;
  permission?: Permission;
  /** A role that may open it without the permission (a community's coordinator: its registration links and arrivals). */
  orRole?: Role;
  /** Another permission that opens it (the Excel import's importProfiles, for a file of one row). */
  orPermission?: Permission;
  /** A permission it needs besides (the Excel import: editTickets, as it makes cards; permissions/imports.ts). */
  alsoPermission?: Permission;
  /** Only this role opens it, whatever permissions others hold (the system status: administrators). */
  onlyRole?: Role;
  feature?: Extract<SiteKey, 'ideaBank'>;
  keepState?: boolean;
  saveBar?: boolean;
  built?: boolean;
  /** Its own area outside the shell, loaded only when opened (router.tsx); the menu still links to it. */
  outsideShell?: boolean;
};

export const SECTIONS = [
  {path: '/home', title: m.candidates_title, icon: Users, keepState: true, built: true},
  // Saved searches (issue 14): the user's own and the shared ones, and the needs-attention preset.
  {path: '/home/saved-searches', title: m.section_saved_searches, icon: Bookmark, permission: 'showTickets', built: true},
  {path: '/home/needs-attention', title: m.needs_attention_title, icon: BellRing, permission: 'showTickets', built: true},
  {
    path: '/home/tickets/new',
    title: m.new_candidate_title,
    icon: UserRoundPlus,
    permission: 'editTickets',
    saveBar: true,
    built: true,
  },
  {
    path: '/temporary-profiles',
    title: m.section_temporary_profiles,
    icon: Hourglass,
    permission: 'authorizeTemporaryProfiles',
    orRole: 'coordinator',
    built: true,
  },
  {path: '/dashboard', title: m.section_dashboard, icon: LayoutDashboard, built: true},
  {path: '/dashboard/activities', title: m.section_activities, icon: ClipboardList, keepState: true, built: true},
  {path: '/dashboard/activity/edit/$id', title: m.section_activity, icon: ClipboardList, saveBar: true, built: true},
  {path: '/dashboard/calls', title: m.section_calls, icon: PhoneCall, built: true},
  // Ideas bank (issue 17): the bank, and the shidduch-idea form while the site's switch is on.
  {path: '/ideas', title: m.section_ideas, icon: Lightbulb, permission: 'ideasBank', built: true},
  {
    path: '/add-shidduch-idea',
    title: m.section_add_idea,
    icon: Lightbulb,
    permission: 'ideasBank',
    feature: 'ideaBank',
    built: true,
  },
  // Engaged couples (issue 15): outside the shell, lazily loaded.
  {path: '/meorasim', title: m.section_meorasim, icon: Heart, permission: 'editEngagedCouples', built: true, outsideShell: true},
  // Benefit cards (issue 15): the list, manual issue and revocation.
  {path: '/benefit-cards', title: m.section_benefit_cards, icon: Gift, permission: 'issueBenefitCards', built: true},
  {path: '/recycle-bin', title: m.section_recycle_bin, icon: Trash2, permission: 'showDeletedProfiles', built: true},
  // Places (issue 13): sectors and communities share institutions' permission (the spec's control panel
  // keeps "communities and institutions" together).
  {path: '/sectors', title: m.section_sectors, icon: Tags, permission: 'editSchools', built: true},
  // Excel import (issue 16): many rows with importProfilesFromExcel, one with importProfiles; the saved formats.
  {
    path: '/import/excel',
    title: m.section_import_excel,
    icon: FileUp,
    permission: 'importProfilesFromExcel',
    orPermission: 'importProfiles',
    alsoPermission: 'editTickets',
    built: true,
  },
  {
    path: '/import/excel/formats',
    title: m.section_excel_formats,
    icon: Sheet,
    permission: 'importProfilesFromExcel',
    orPermission: 'importProfiles',
    alsoPermission: 'editTickets',
    built: true,
  },
  // Excel exports (issue 16): what the user may see, streamed on the server, followed live to the download.
  // The administration at a glance (issue 31): what the user may open of it, grouped.
  {path: '/admin', title: m.admin_overview_title, icon: Settings2, built: true},
  {path: '/admin/exports', title: m.section_exports, icon: FileDown, permission: 'exportToExcel', built: true},
  {path: '/admin/logs', title: m.section_users_log, icon: ScrollText, permission: 'usersLog', built: true},
  // The system status (issue 32): the processes, Postgres, replication and the last backup, administrators only.
  {path: '/admin/system', title: m.section_system_status, icon: Activity, onlyRole: 'admin', built: true},
  // Reports (issue 17): over what the user sees (showTickets); each shadchan's figures with viewShadchanimReports.
  {path: '/admin/reports', title: m.section_reports, icon: ChartColumn, permission: 'showTickets', built: true},
  {
    path: '/admin/shadchanim-reports',
    title: m.section_shadchanim_reports,
    icon: ChartNoAxesCombined,
    permission: 'viewShadchanimReports',
    built: true,
  },
  {path: '/admin/schools', title: m.section_schools, icon: Building2, permission: 'editSchools', built: true},
  {
    path: '/admin/notifications',
    title: m.section_admin_notifications,
    icon: Bell,
    permission: 'adminNotifications',
    built: true,
  },
  // Representatives (issue 13): coordinator editing (spec §2) is editing staff, so editShadchanim.
  {path: '/representatives', title: m.section_representatives, icon: UserRoundCheck, permission: 'editShadchanim', built: true},
  {
    path: '/registration-links',
    title: m.section_registration_links,
    icon: Link2,
    permission: 'editShadchanim',
    orRole: 'coordinator',
    built: true,
  },
  // Staff (issue 13): the list, the form (new and edit) and the printable card.
  {path: '/users', title: m.section_staff, icon: UserCog, permission: 'editShadchanim', built: true},
  {
    path: '/users/new-user',
    title: m.section_new_shadchan,
    icon: UserPlus,
    permission: 'addShadchanim',
    saveBar: true,
    built: true,
  },
  {path: '/users/edit/$id', title: m.section_staff_edit, icon: UserCog, permission: 'editShadchanim', saveBar: true, built: true},
  {path: '/users/print/$id', title: m.section_staff_print, icon: Printer, permission: 'editShadchanim', built: true},
  // Scores and goals (issue 17): goals by whoever edits shadchanim; the points form inside is the administrator's.
  {path: '/users/goals', title: m.section_goals, icon: Target, permission: 'editShadchanim', built: true},
  // Chats (issue 17): "my chats", and one conversation beside them. Anyone signed in; each sees only their own.
  {path: '/chats', title: m.section_chats, icon: MessagesSquare, built: true},
  {path: '/chats/$id', title: m.section_chat, icon: MessagesSquare, built: true},
  // Staff pages and folders (issue 17): every signed-in staff member; each folder's sharing decides the rest.
  {path: '/pages', title: m.section_pages, icon: NotebookText, built: true},
  {path: '/pages/$id', title: m.section_page, icon: NotebookText, built: true},
] as const satisfies readonly Section[];

export type SectionPath = (typeof SECTIONS)[number]['path'];
/** The sections whose screen is built. */
export type BuiltSectionPath = Exclude<Extract<(typeof SECTIONS)[number], {built: true}>, {outsideShell: true}>['path'];

export const sectionAt = (path: SectionPath): Section => SECTIONS.find(s => s.path === path)!;

/**
 * Whether this user may open the section: its only role, if it has one; the permission it needs besides;
 * its permission (admins hold all), or its other permission or role.
 */
export const mayOpen = (section: Section, ctx: AuthContext): boolean =>
  (section.onlyRole === undefined || ctx.role === section.onlyRole) &&
  (section.alsoPermission === undefined || can(ctx, section.alsoPermission)) &&
  (!section.permission ||
    can(ctx, section.permission) ||
    (section.orPermission !== undefined && can(ctx, section.orPermission)) ||
    (section.orRole !== undefined && ctx.role === section.orRole));
