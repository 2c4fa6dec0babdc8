import {
  Bell,
  Building2,
  ClipboardList,
  FileDown,
  FileUp,
  Heart,
  LayoutDashboard,
  Lightbulb,
  ScrollText,
  Tags,
  UserPlus,
  Users,
  type LucideIcon,
} from 'lucide-react';
import type {Permission} from '../../permissions/labels.ts';
import * as m from '../paraglide/messages.js';

/**
 * The shell's sections (spec §2 "Main shell"), one table for both the routes and the side menu, so a
 * section and its guard can never disagree. `permission` guards the route and hides the menu item
 * (the administrator holds every permission); without one, being signed in is enough.
 */
export type Section = {
  path: string;
  title: () => string;
  icon: LucideIcon;
  group: 'work' | 'admin';
  permission?: Permission;
  /** Reached from elsewhere (a link or a form), not from the menu. */
  hidden?: boolean;
};

export const SECTIONS: readonly Section[] = [
  {path: '/home', title: m.candidates_title, icon: Users, group: 'work'},
  {path: '/dashboard', title: m.section_dashboard, icon: LayoutDashboard, group: 'work'},
  {path: '/dashboard/activities', title: m.section_activities, icon: ClipboardList, group: 'work'},
  {path: '/ideas', title: m.section_ideas, icon: Lightbulb, group: 'work'},
  {path: '/meorasim', title: m.section_meorasim, icon: Heart, group: 'work'},
  {path: '/sectors', title: m.section_sectors, icon: Tags, group: 'admin'},
  {path: '/import/excel', title: m.section_import_excel, icon: FileUp, group: 'admin', permission: 'importProfilesFromExcel'},
  {path: '/admin/exports', title: m.section_exports, icon: FileDown, group: 'admin', permission: 'exportToExcel'},
  {path: '/admin/logs', title: m.section_users_log, icon: ScrollText, group: 'admin', permission: 'usersLog'},
  {path: '/admin/schools', title: m.section_schools, icon: Building2, group: 'admin', permission: 'editSchools'},
  {
    path: '/admin/notifications',
    title: m.section_admin_notifications,
    icon: Bell,
    group: 'admin',
    permission: 'adminNotifications',
  },
  {path: '/users/new-user', title: m.section_new_shadchan, icon: UserPlus, group: 'admin', permission: 'addShadchanim'},
  {path: '/dashboard/activity/edit/$id', title: m.section_activity, icon: ClipboardList, group: 'work', hidden: true},
  {path: '/user-agreement/$id', title: m.section_user_agreement, icon: ScrollText, group: 'admin', hidden: true},
];

export const MENU_GROUPS = [
  {id: 'work' as const, title: m.menu_group_work},
  {id: 'admin' as const, title: m.menu_group_admin},
];
