import {describe, expect, test} from 'vitest';
import {effectivePermissions} from '../../permissions/roles.ts';
import {PERMISSIONS} from '../../permissions/labels.ts';
import type {AuthContext} from '../../permissions/context.ts';
import type {Role} from '../../permissions/roles.ts';
import {MAX_SUBMENU_DEPTH, MENU, comingSoon, visibleMenu, type MenuEnv, type MenuNode} from '../../app/shell/menu.ts';
import {SECTIONS} from '../../app/shell/sections.ts';
import {DEFAULT_SITE} from '../../app/site/schema.ts';

const ctxOf = (role: Role, granted: string[] = []): AuthContext => ({
  userID: 'u',
  role,
  permissions: effectivePermissions(role, granted),
});
const links = {forum: 'https://forum.example/', donation: 'https://donate.example/'};
const env = (ctx: AuthContext, over: Partial<MenuEnv> = {}): MenuEnv => ({ctx, site: DEFAULT_SITE, links, ...over});

/** Every entry's id in the menu a user sees, depth-first. */
function ids(menu: ReturnType<typeof visibleMenu>): string[] {
  const walk = (nodes: MenuNode[]): string[] =>
    nodes.flatMap(n => (n.kind === 'section' ? [n.path] : n.kind === 'external' ? [n.id] : [n.id, ...walk(n.children)]));
  return menu.flatMap(h => walk(h.items));
}

function depthOf(nodes: readonly MenuNode[]): number {
  return Math.max(0, ...nodes.map(n => (n.kind === 'group' ? 1 + depthOf(n.children) : 0)));
}

describe('side menu', () => {
  test('submenus nest at most three levels deep, and the menu uses all three', () => {
    expect(Math.max(...MENU.map(h => depthOf(h.items)))).toBe(MAX_SUBMENU_DEPTH);
  });

  test('every section reachable from a menu is a real section, once', () => {
    const all = ids(visibleMenu(env(ctxOf('admin')))).filter(id => id.startsWith('/'));
    expect(new Set(all).size).toBe(all.length);
    for (const path of all) expect(SECTIONS.map(s => s.path as string)).toContain(path);
  });

  test('an administrator sees every section, the forum and the donation link', () => {
    const seen = ids(visibleMenu(env(ctxOf('admin'))));
    for (const path of ['/admin/exports', '/admin/logs', '/admin/schools', '/admin/notifications', '/users/new-user']) {
      expect(seen).toContain(path);
    }
    expect(seen).toEqual(expect.arrayContaining(['forum', 'donate', 'control', 'management', 'shadchanim']));
  });

  test('a plain shadchan sees daily work and no permission-guarded section; empty submenus are left out', () => {
    const seen = ids(visibleMenu(env(ctxOf('shadchan'))));
    expect(seen).toEqual(expect.arrayContaining(['/home', '/dashboard', '/dashboard/activities']));
    for (const path of [
      '/admin/exports',
      '/admin/logs',
      '/import/excel',
      '/users/new-user',
      '/sectors',
      '/admin/schools',
      '/ideas',
    ])
      expect(seen).not.toContain(path);
    expect(seen).not.toContain('management');
    expect(seen).not.toContain('shadchanim');
  });

  test('a coordinator granted exportToExcel sees the export inside the files submenu', () => {
    const menu = visibleMenu(env(ctxOf('coordinator', ['exportToExcel'])));
    expect(ids(menu)).toEqual(expect.arrayContaining(['control', 'excel', '/admin/exports']));
    expect(ids(menu)).not.toContain('/import/excel');
  });

  test('reports: everyone who sees cards; the shadchanim reports only with viewShadchanimReports', () => {
    expect(ids(visibleMenu(env(ctxOf('shadchan'))))).toEqual(expect.arrayContaining(['control', 'reports', '/admin/reports']));
    expect(ids(visibleMenu(env(ctxOf('shadchan'))))).not.toContain('/admin/shadchanim-reports');
    expect(ids(visibleMenu(env(ctxOf('shadchan', ['viewShadchanimReports']))))).toContain('/admin/shadchanim-reports');
    const noRights: AuthContext = {userID: 'x', role: 'shadchan', permissions: []};
    expect(ids(visibleMenu(env(noRights)))).not.toContain('reports');
  });

  test('add-shidduch-idea follows the idea-bank switch', () => {
    const admin = ctxOf('admin');
    expect(ids(visibleMenu(env(admin)))).toContain('/add-shidduch-idea');
    expect(ids(visibleMenu(env(admin, {site: {...DEFAULT_SITE, ideaBank: false}})))).not.toContain('/add-shidduch-idea');
  });

  test('the ideas bank and its form need ideasBank (issue 17)', () => {
    const granted = ids(visibleMenu(env(ctxOf('shadchan', ['ideasBank']))));
    expect(granted).toEqual(expect.arrayContaining(['ideas', '/ideas', '/add-shidduch-idea']));
    const withSwitchOff = ids(visibleMenu(env(ctxOf('shadchan', ['ideasBank']), {site: {...DEFAULT_SITE, ideaBank: false}})));
    expect(withSwitchOff).toContain('/ideas');
    expect(withSwitchOff).not.toContain('/add-shidduch-idea');
    expect(ids(visibleMenu(env(ctxOf('shadchan'))))).not.toContain('ideas');
  });

  test('the forum needs a configured address, the site option and showTickets, editTickets or forumAccess', () => {
    const shadchan = ctxOf('shadchan'); // showTickets by role
    expect(ids(visibleMenu(env(shadchan)))).toContain('forum');
    expect(ids(visibleMenu(env(shadchan, {site: {...DEFAULT_SITE, forum: false}})))).not.toContain('forum');
    expect(ids(visibleMenu(env(shadchan, {links: {donation: links.donation}})))).not.toContain('forum');
    const noRights: AuthContext = {userID: 'x', role: 'shadchan', permissions: []};
    expect(ids(visibleMenu(env(noRights)))).not.toContain('forum');
    expect(ids(visibleMenu(env({...noRights, permissions: ['forumAccess']})))).toContain('forum');
  });

  test('entries whose screen is not built are marked coming soon and carry no badge', () => {
    const all = (nodes: readonly MenuNode[]): MenuNode[] =>
      nodes.flatMap(n => (n.kind === 'group' ? [n, ...all(n.children)] : [n]));
    const nodes = all(MENU.flatMap(h => h.items));
    const soon = nodes.filter(comingSoon);
    for (const node of soon) expect(node.kind !== 'group' && node.badge, JSON.stringify(node)).toBeFalsy();
    const built = nodes.filter(n => n.kind === 'section' && !comingSoon(n)).map(n => n.kind === 'section' && n.path);
    expect(built.sort()).toEqual([
      '/add-shidduch-idea',
      '/admin/exports',
      '/admin/logs',
      '/admin/notifications',
      '/admin/reports',
      '/admin/schools',
      '/admin/shadchanim-reports',
      // The system status (issue 32)
      '/admin/system',
      '/benefit-cards',
      // Chats (issue 17)
      '/chats',
      '/dashboard',
      '/dashboard/activities',
      '/dashboard/calls',
      '/home',
      '/home/saved-searches',
      '/home/tickets/new',
      '/ideas',
      '/import/excel',
      '/import/excel/formats',
      '/meorasim',
      '/pages',
      '/recycle-bin',
      '/registration-links',
      '/representatives',
      '/sectors',
      '/temporary-profiles',
      '/users',
      '/users/goals',
      '/users/new-user',
    ]);
  });

  test('the system status is the administrator’s alone, whatever permissions others hold', () => {
    expect(ids(visibleMenu(env(ctxOf('admin'))))).toContain('/admin/system');
    const everything: AuthContext = {...ctxOf('coordinator'), permissions: [...PERMISSIONS]};
    expect(ids(visibleMenu(env(everything)))).not.toContain('/admin/system');
  });

  test('the pending-approval entry keeps its badge; external links keep theirs', () => {
    const work = MENU.find(h => h.id === 'work')!.items;
    expect(work.find(n => n.kind === 'section' && n.path === '/temporary-profiles')).toMatchObject({badge: 'pending'});
    const community = MENU.find(h => h.id === 'community')!.items;
    expect(community.find(n => n.kind === 'external' && n.id === 'forum')).toMatchObject({badge: 'forum'});
    // Chats (issue 17): the user's unread messages.
    expect(work.find(n => n.kind === 'section' && n.path === '/chats')).toMatchObject({badge: 'chats'});
  });

  test('an external link without a configured address is left out', () => {
    expect(ids(visibleMenu(env(ctxOf('admin'), {links: {}})))).not.toContain('donate');
  });
});
