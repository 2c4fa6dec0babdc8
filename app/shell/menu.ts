import {
  ChartColumn,
  FileSpreadsheet,
  FolderCog,
  HandHeart,
  Lightbulb,
  MessagesSquare,
  ShieldCheck,
  UserCog,
  type LucideIcon,
} from 'lucide-react';
import type {AuthContext} from '../../permissions/context.ts';
import {canUseForum} from '../../permissions/forum.ts';
import type {SessionInfo} from '../session.ts';
import type {SiteSettings} from '../site/schema.ts';
import {mayOpen, sectionAt, type SectionPath} from './sections.ts';
import * as m from '../paraglide/messages.js';

/**
 * Counts shown next to menu entries: cards awaiting approval, the reminders due today (as the bell
 * counts them), the forum's unread posts and the user's unread chat messages. Only entries with a screen
 * carry one.
 */
export type BadgeKey = 'forum' | 'pending' | 'reminders' | 'chats';

/** What decides which entries a user sees. */
export type MenuEnv = {ctx: AuthContext; site: SiteSettings; links: SessionInfo['links']};

export type MenuNode =
  | {
      kind: 'section';
      path: SectionPath;
      badge?: BadgeKey;
      /** The user's pinned saved searches hang below it (issue 14). */ pinned?: true;
    }
  | {
      kind: 'external';
      id: string;
      title: () => string;
      icon: LucideIcon;
      href: (env: MenuEnv) => string | undefined;
      when?: (env: MenuEnv) => boolean;
      badge?: BadgeKey;
    }
  | {kind: 'group'; id: string; title: () => string; icon: LucideIcon; children: MenuNode[]};

export type MenuHeading = {id: string; title: () => string; items: MenuNode[]};

/** Submenus nest at most this deep (spec §2 Layout); a unit test holds the menu to it. */
export const MAX_SUBMENU_DEPTH = 3;

/**
 * The side menu (spec §2 Layout): headings, entries, submenus, external links and badges. Entries
 * point at sections (shell/sections.ts), whose permission and feature switch decide who sees them.
 */
export const MENU: readonly MenuHeading[] = [
  {
    id: 'work',
    title: m.menu_group_work,
    items: [
      {kind: 'section', path: '/home', pinned: true},
      {kind: 'section', path: '/home/saved-searches'},
      {kind: 'section', path: '/home/tickets/new'},
      {kind: 'section', path: '/temporary-profiles', badge: 'pending'},
      {kind: 'section', path: '/dashboard'},
      {kind: 'section', path: '/dashboard/activities', badge: 'reminders'},
      {kind: 'section', path: '/dashboard/calls'},
      // Chats (issue 17)
      {kind: 'section', path: '/chats', badge: 'chats'},
      {
        kind: 'group',
        id: 'ideas',
        title: m.section_ideas,
        icon: Lightbulb,
        children: [
          {kind: 'section', path: '/ideas'},
          {kind: 'section', path: '/add-shidduch-idea'},
        ],
      },
      {kind: 'section', path: '/meorasim'},
      {kind: 'section', path: '/benefit-cards'},
    ],
  },
  {
    id: 'admin',
    title: m.menu_group_admin,
    items: [
      {
        kind: 'group',
        id: 'control',
        title: m.menu_control_panel,
        icon: FolderCog,
        children: [
          {kind: 'section', path: '/recycle-bin'},
          {kind: 'section', path: '/sectors'},
          {kind: 'section', path: '/admin/schools'},
          {kind: 'section', path: '/representatives'},
          {kind: 'section', path: '/registration-links'},
          // Reports (issue 17)
          {
            kind: 'group',
            id: 'reports',
            title: m.menu_reports,
            icon: ChartColumn,
            children: [
              {kind: 'section', path: '/admin/reports'},
              {kind: 'section', path: '/admin/shadchanim-reports'},
            ],
          },
          {
            kind: 'group',
            id: 'excel',
            title: m.menu_files_excel,
            icon: FileSpreadsheet,
            children: [
              {kind: 'section', path: '/import/excel'},
              {kind: 'section', path: '/import/excel/formats'},
              {kind: 'section', path: '/admin/exports'},
            ],
          },
          {
            kind: 'group',
            id: 'management',
            title: m.menu_management,
            icon: ShieldCheck,
            children: [
              {kind: 'section', path: '/admin/logs'},
              {kind: 'section', path: '/admin/notifications'},
              {kind: 'section', path: '/admin/system'},
              {
                kind: 'group',
                id: 'shadchanim',
                title: m.menu_shadchanim,
                icon: UserCog,
                children: [
                  {kind: 'section', path: '/users'},
                  {kind: 'section', path: '/users/new-user'},
                  {kind: 'section', path: '/users/goals'},
                ],
              },
            ],
          },
        ],
      },
    ],
  },
  {
    id: 'community',
    title: m.menu_group_community,
    items: [
      // Staff pages and folders (issue 17)
      {kind: 'section', path: '/pages'},
      {
        kind: 'external',
        id: 'forum',
        title: m.forum_title,
        icon: MessagesSquare,
        // Our /forum route hands over to the configured forum with a full page load.
        href: () => '/forum',
        when: env => Boolean(env.links.forum) && canUseForum(env.ctx, env.site.forum),
        badge: 'forum',
      },
      {kind: 'external', id: 'donate', title: m.donate, icon: HandHeart, href: env => env.links.donation},
    ],
  },
];

/** An entry whose screen is not built yet: the menu marks it "coming soon", and it carries no badge. */
export const comingSoon = (node: MenuNode): boolean => node.kind === 'section' && !sectionAt(node.path).built;

/** Whether a section's route lets this user in: its permission (admins hold all) and its site switch. */
export function sectionAllowed(path: SectionPath, ctx: AuthContext, site: SiteSettings): boolean {
  const section = sectionAt(path);
  return mayOpen(section, ctx) && (!section.feature || site[section.feature]);
}

function visibleNodes(nodes: readonly MenuNode[], env: MenuEnv): MenuNode[] {
  return nodes.flatMap((node): MenuNode[] => {
    if (node.kind === 'section') return sectionAllowed(node.path, env.ctx, env.site) ? [node] : [];
    if (node.kind === 'external') return node.href(env) && (node.when?.(env) ?? true) ? [node] : [];
    const children = visibleNodes(node.children, env);
    return children.length > 0 ? [{...node, children}] : [];
  });
}

/** The menu this user sees: entries they may not open, empty submenus and empty headings left out. */
export function visibleMenu(env: MenuEnv, menu: readonly MenuHeading[] = MENU): MenuHeading[] {
  return menu.map(h => ({...h, items: visibleNodes(h.items, env)})).filter(h => h.items.length > 0);
}

/** Every section path below a node: a submenu opens by itself when the current page is inside it. */
export function pathsUnder(node: MenuNode): string[] {
  if (node.kind === 'section') return [node.path];
  if (node.kind === 'external') return [];
  return node.children.flatMap(pathsUnder);
}

/** Badge keys below a node: a closed submenu shows the sum of its entries' badges. */
export function badgesUnder(node: MenuNode): BadgeKey[] {
  if (node.kind === 'group') return node.children.flatMap(badgesUnder);
  return node.badge ? [node.badge] : [];
}
