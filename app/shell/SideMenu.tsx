import * as Popover from '@radix-ui/react-popover';
import {Link, useRouterState} from '@tanstack/react-router';
import {ChevronDown, ExternalLink} from 'lucide-react';
import {clsx} from 'clsx';
import {useId, useState} from 'react';
import {badgesUnder, comingSoon, pathsUnder, visibleMenu, type BadgeKey, type MenuEnv, type MenuNode} from './menu.ts';
import {sectionAt} from './sections.ts';
import {ComingSoonTag} from './ComingSoon.tsx';
import {PinnedSearches} from '../saved-searches/PinnedSearches.tsx';
import * as m from '../paraglide/messages.js';

/** How the menu is drawn: full, or collapsed to icons (optionally with small text, or widening on hover). */
export type MenuLook = {collapsed: boolean; collapsedText: boolean; hoverMenus: boolean};

export const FULL_MENU: MenuLook = {collapsed: false, collapsedText: false, hoverMenus: false};

export type Badges = Partial<Record<BadgeKey, number>>;

type DrawProps = {env: MenuEnv; look: MenuLook; badges: Badges; pathname: string};

const rowClass = (look: MenuLook) =>
  clsx(
    'relative flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-start text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900',
    look.collapsed && look.collapsedText && 'flex-col gap-1 px-1 text-center text-[10px] leading-tight',
  );

/** Labels hide when collapsed; with hover menus they come back while the pointer is over the column. */
const labelClass = (look: MenuLook) =>
  look.collapsed && !look.collapsedText ? clsx('sr-only', look.hoverMenus && 'group-hover/side:not-sr-only') : undefined;

function Badge({count, look, testid}: {count: number | undefined; look: MenuLook; testid: string}) {
  if (!count) return null;
  return (
    <span
      data-testid={testid}
      className={clsx(
        'flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1.5 text-[11px] font-bold text-brand-800 tabular-nums',
        look.collapsed ? 'absolute -top-1 end-0' : 'ms-auto',
      )}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** One entry: a section link, an external link (new tab), or a submenu. */
function Entry({node, depth, ...props}: DrawProps & {node: MenuNode; depth: number}) {
  const {env, look, badges} = props;
  if (node.kind === 'group') return <Submenu node={node} depth={depth} {...props} />;
  const badge = node.badge && <Badge count={badges[node.badge]} look={look} testid={`badge-${node.badge}`} />;
  if (node.kind === 'external') {
    return (
      <a
        href={node.href(env)}
        target="_blank"
        rel="noopener"
        title={look.collapsed ? node.title() : undefined}
        className={rowClass(look)}
        data-testid={`menu-${node.id}`}
      >
        <node.icon className="size-4 shrink-0" aria-hidden />
        <span className={clsx('min-w-0 truncate', labelClass(look))}>
          {node.title()}
          <span className="sr-only"> ({m.menu_new_tab()})</span>
        </span>
        {!look.collapsed && <ExternalLink className="size-3 shrink-0 opacity-60" aria-hidden />}
        {badge}
      </a>
    );
  }
  const section = sectionAt(node.path);
  const soon = comingSoon(node);
  return (
    <Link
      to={section.path}
      title={look.collapsed ? (soon ? `${section.title()} · ${m.coming_soon_badge()}` : section.title()) : undefined}
      activeOptions={{exact: true}}
      data-testid={`menu-${node.path}`}
      data-coming-soon={soon || undefined}
      className={rowClass(look)}
      activeProps={{className: 'bg-brand-50 font-medium !text-brand-700', 'aria-current': 'page'}}
    >
      <section.icon className="size-4 shrink-0" aria-hidden />
      <span className={clsx('min-w-0 truncate', labelClass(look))}>{section.title()}</span>
      {soon && (
        <ComingSoonTag
          className={clsx('ms-auto', look.collapsed && ['sr-only', look.hoverMenus && 'group-hover/side:not-sr-only'])}
        />
      )}
      {badge}
    </Link>
  );
}

/**
 * A submenu. In the full menu it opens in place (a disclosure; open by itself when the current page is
 * inside it). In the collapsed icon column it floats beside the icon, at most 200 px high (spec §9).
 */
function Submenu({node, depth, ...props}: DrawProps & {node: Extract<MenuNode, {kind: 'group'}>; depth: number}) {
  const {look, badges, pathname} = props;
  const containsCurrent = pathsUnder(node).includes(pathname);
  const [open, setOpen] = useState(containsCurrent);
  const listID = useId();
  const total = badgesUnder(node).reduce((sum, key) => sum + (badges[key] ?? 0), 0);
  const label = (
    <>
      <node.icon className="size-4 shrink-0" aria-hidden />
      <span className={clsx('min-w-0 truncate', labelClass(look))}>{node.title()}</span>
    </>
  );
  const testid = `submenu-${node.id}`;

  if (look.collapsed && depth === 0) {
    return (
      <Popover.Root>
        <Popover.Trigger
          className={clsx(rowClass(look), containsCurrent && 'bg-brand-50 !text-brand-700')}
          title={node.title()}
          data-testid={testid}
        >
          {label}
          <Badge count={total} look={look} testid={`badge-${node.id}`} />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            // Beside the icon column: it stands at the start edge, so the submenu floats towards the end.
            side={document.dir === 'rtl' ? 'left' : 'right'}
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 max-h-[200px] w-60 overflow-y-auto rounded-xl bg-white p-1.5 shadow-xl ring-1 ring-slate-200 focus:outline-none"
            data-testid={`${testid}-floating`}
          >
            <p className="px-3 pt-1.5 pb-1 text-xs font-semibold text-slate-500">{node.title()}</p>
            <Entries nodes={node.children} depth={1} {...props} look={{...look, collapsed: false}} />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    );
  }
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listID}
        onClick={() => setOpen(!open)}
        className={rowClass(look)}
        data-testid={testid}
      >
        {label}
        {!open && <Badge count={total} look={look} testid={`badge-${node.id}`} />}
        <ChevronDown
          className={clsx(
            'size-4 shrink-0 opacity-60 transition-transform',
            open && 'rotate-180',
            !look.collapsed && !total && 'ms-auto',
            look.collapsed && 'hidden',
          )}
          aria-hidden
        />
      </button>
      {open && (
        <div id={listID} className="ms-4 border-s border-slate-200 ps-1">
          <Entries nodes={node.children} depth={depth + 1} {...props} />
        </div>
      )}
    </>
  );
}

function Entries({nodes, depth, ...props}: DrawProps & {nodes: readonly MenuNode[]; depth: number}) {
  return (
    <ul className="space-y-0.5">
      {nodes.map(node => (
        <li key={node.kind === 'section' ? node.path : node.id}>
          <Entry node={node} depth={depth} {...props} />
          {node.kind === 'section' && node.pinned && (
            <PinnedSearches
              look={{
                rowClass: rowClass(props.look),
                labelClass: labelClass(props.look),
                collapsed: props.look.collapsed,
                badge: count => <Badge count={count} look={props.look} testid="badge-pinned-search" />,
              }}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

/** The side menu, built from what the signed-in user may open (spec §2 Layout, §6). */
export function SideMenu({env, look = FULL_MENU, badges = {}}: {env: MenuEnv; look?: MenuLook; badges?: Badges}) {
  const pathname = useRouterState({select: s => s.location.pathname});
  const hiddenHeading = look.collapsed && clsx('sr-only', look.hoverMenus && 'group-hover/side:not-sr-only');
  return (
    <nav aria-label={m.menu_label()} className="space-y-6" data-testid="side-menu" data-collapsed={look.collapsed}>
      {visibleMenu(env).map(heading => (
        <div key={heading.id}>
          <h2 className={clsx('mb-2 px-3 text-xs font-semibold tracking-wide text-slate-500', hiddenHeading)}>
            {heading.title()}
          </h2>
          <Entries nodes={heading.items} depth={0} env={env} look={look} badges={badges} pathname={pathname} />
        </div>
      ))}
    </nav>
  );
}
