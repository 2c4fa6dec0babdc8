import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {can} from '../../permissions/context.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {MENU_GROUPS, SECTIONS} from './sections.ts';
import * as m from '../paraglide/messages.js';

/** How the menu is drawn: full, or collapsed to icons (optionally with small text, or widening on hover). */
export type MenuLook = {collapsed: boolean; collapsedText: boolean; hoverMenus: boolean};

export const FULL_MENU: MenuLook = {collapsed: false, collapsedText: false, hoverMenus: false};

/** The side menu, built from what the signed-in user may open (spec §2 Layout, §6). */
export function SideMenu({ctx, look = FULL_MENU}: {ctx: AuthContext; look?: MenuLook}) {
  const visible = SECTIONS.filter(s => !s.hidden && (!s.permission || can(ctx, s.permission)));
  // Collapsed, labels hide; with hover menus they come back while the pointer is over the menu column.
  const hiddenLabel = look.collapsed && !look.collapsedText && clsx('sr-only', look.hoverMenus && 'group-hover/side:not-sr-only');
  const hiddenHeading = look.collapsed && clsx('sr-only', look.hoverMenus && 'group-hover/side:not-sr-only');
  return (
    <nav aria-label={m.menu_label()} className="space-y-6" data-testid="side-menu" data-collapsed={look.collapsed}>
      {MENU_GROUPS.map(group => {
        const items = visible.filter(s => s.group === group.id);
        if (items.length === 0) return null;
        return (
          <div key={group.id}>
            <h2 className={clsx('mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500', hiddenHeading)}>
              {group.title()}
            </h2>
            <ul className="space-y-0.5">
              {items.map(s => (
                <li key={s.path}>
                  <Link
                    to={s.path}
                    title={look.collapsed ? s.title() : undefined}
                    activeOptions={{exact: true}}
                    data-testid={`menu-${s.path}`}
                    className={clsx(
                      'flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                      look.collapsed && look.collapsedText && 'flex-col gap-1 px-1 text-center text-[10px] leading-tight',
                    )}
                    activeProps={{className: 'bg-brand-50 font-medium !text-brand-700'}}
                  >
                    <s.icon className="size-4 shrink-0" aria-hidden />
                    <span className={hiddenLabel || undefined}>{s.title()}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </nav>
  );
}
