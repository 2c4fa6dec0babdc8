import {Link} from '@tanstack/react-router';
import {clsx} from 'clsx';
import {can} from '../../permissions/context.ts';
import type {AuthContext} from '../../permissions/context.ts';
import {MENU_GROUPS, SECTIONS} from './sections.ts';
import * as m from '../paraglide/messages.js';

/** The side menu, built from what the signed-in user may open (spec §2 Layout, §6). */
export function SideMenu({ctx}: {ctx: AuthContext}) {
  const visible = SECTIONS.filter(s => !s.hidden && (!s.permission || can(ctx, s.permission)));
  return (
    <nav aria-label={m.menu_label()} className="space-y-6" data-testid="side-menu">
      {MENU_GROUPS.map(group => {
        const items = visible.filter(s => s.group === group.id);
        if (items.length === 0) return null;
        return (
          <div key={group.id}>
            <h2 className="mb-2 px-3 text-xs font-semibold tracking-wide text-slate-400">{group.title()}</h2>
            <ul className="space-y-0.5">
              {items.map(s => (
                <li key={s.path}>
                  <Link
                    to={s.path}
                    activeOptions={{exact: true}}
                    data-testid={`menu-${s.path}`}
                    className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                    activeProps={{className: clsx('bg-brand-50 font-medium !text-brand-700')}}
                  >
                    <s.icon className="size-4 shrink-0" aria-hidden />
                    {s.title()}
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
