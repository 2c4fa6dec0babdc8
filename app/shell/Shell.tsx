import {Link, Navigate, useRouteContext} from '@tanstack/react-router';
import {Construction, LogOut, PanelRight} from 'lucide-react';
import type {ReactNode} from 'react';
import {useQuery} from '@rocicorp/zero/react';
import {candidateQueries} from '../candidates/queries.ts';
import {signOutAndForget} from '../zero.ts';
import {ConnectionBadge, OfflineBanner} from '../ConnectionBadge.tsx';
import {LanguageSwitcher} from '../ui/LanguageSwitcher.tsx';
import {CallPrompt} from '../phone-proxy/CallPrompt.tsx';
import {FULL_MENU, SideMenu, type Badges, type MenuLook} from './SideMenu.tsx';
import {useSite} from '../site/use-site.ts';
import {useForumEnabled, useForumUnread} from '../forum/use-forum.ts';
import type {MenuEnv} from './menu.ts';
import {SettingsPanel} from '../settings/SettingsPanel.tsx';
import {useLayout} from '../settings/use-layout.ts';
import {clsx} from 'clsx';
import {ShellActions} from './ShellActions.tsx';
import {RemindersBell} from './RemindersBell.tsx';
import {ReminderToasts} from '../activities/ReminderToasts.tsx';
import {useReminders} from '../activities/use-reminders.ts';
import {MenuDrawer} from './MenuDrawer.tsx';
import {Footer} from './Footer.tsx';
import {ScrollJumps} from './ScrollJumps.tsx';
import {useActivityPing} from './use-activity-ping.ts';
import {ChatsNotice} from '../chats/ChatsNotice.tsx';
import {useChatUnread} from '../chats/use-chat-unread.ts';
import {contextOf, keptOutByMaintenance} from '../session.ts';
import {useLiveSessionUser} from '../live-session.ts';
import {roleLabel} from '../lib/role-labels.ts';
import {useOnPhone} from '../ui/PhoneActions.tsx';
import * as m from '../paraglide/messages.js';

/** The signed-in frame: top bar (logo, live state, language, user) and the page below it. */
export function Shell({children}: {children: ReactNode}) {
  const {session, zero} = useRouteContext({from: '/shell'});
  const user = session.user!;
  const {layout, update} = useLayout();
  const site = useSite();
  const forumUnread = useForumUnread(useForumEnabled());
  const [pending] = useQuery(candidateQueries.pending());
  const {due: dueReminders} = useReminders();
  const chatUnread = useChatUnread();
  const onPhone = useOnPhone();
  useActivityPing();
  useLiveSessionUser();
  // While the site is in maintenance only administrators stay; everyone else sees the maintenance page. The page load
  // checked the switch (router.tsx); from then on the server's live answer decides, not this browser's stored copy of
  // an earlier visit (sent back from the maintenance page, that copy may still say "on").
  if (site.confirmed && keptOutByMaintenance(site.maintenance, user))
    return <Navigate to="/maintenance" replace reloadDocument />;

  const env: MenuEnv = {ctx: contextOf(user), site, links: session.links};
  const badges: Badges = {forum: forumUnread, pending: pending.length, reminders: dueReminders, chats: chatUnread};
  const look: MenuLook = {collapsed: layout.sidebarCollapsed, collapsedText: layout.collapsedText, hoverMenus: layout.hoverMenus};
  const navigation = (menuLook: MenuLook) => (
    <>
      <SideMenu env={env} look={menuLook} badges={badges} />
      <div
        className={clsx(
          'mt-6 border-t border-slate-200 pt-6',
          menuLook.collapsed && 'hidden',
          menuLook.hoverMenus && 'group-hover/side:block',
        )}
      >
        <ShellActions />
      </div>
    </>
  );
  return (
    <div className="flex min-h-screen flex-col">
      {site.maintenance && (
        <p
          role="status"
          className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-1.5 text-center text-sm font-medium text-amber-900 print:hidden"
          data-testid="maintenance-banner"
        >
          <Construction className="size-4 shrink-0" aria-hidden />
          {m.maintenance_admin_banner()}
        </p>
      )}
      <header className="sticky top-0 z-30 bg-brand-700 text-white shadow-md print:hidden">
        <div className="mx-auto flex h-14 max-w-[90rem] items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <MenuDrawer>{navigation(FULL_MENU)}</MenuDrawer>
          <button
            type="button"
            onClick={() => update({sidebarCollapsed: !layout.sidebarCollapsed})}
            className="hidden rounded-lg p-2 text-white/85 hover:bg-white/10 hover:text-white lg:block"
            aria-label={m.settings_sidebar_collapsed()}
            aria-pressed={layout.sidebarCollapsed}
            data-testid="collapse-toggle"
          >
            <PanelRight className="size-5 ltr:-scale-x-100" aria-hidden />
          </button>
          {/* Named by what it shows (an aria-label would hide the tagline from the name): the logo's alt says
              the title, which stays the name below 400 px, where the title's text is hidden. */}
          <Link to="/home" className="flex items-center gap-2.5 rounded-lg">
            <img src="/favicon.svg" alt={m.app_title()} className="size-8 shrink-0" />
            <span className="hidden text-lg font-semibold tracking-tight min-[400px]:inline" aria-hidden>
              {m.app_title()}
            </span>
            <span className="hidden text-sm text-white/60 sm:inline">{m.app_tagline()}</span>
          </Link>
          <div className="flex-1" />
          <ConnectionBadge />
          <RemindersBell />
          <ChatsNotice unread={chatUnread} />
          <ReminderToasts />
          {/* On a phone the top bar has no room for it: the settings panel has the same switcher. */}
          <LanguageSwitcher className="max-sm:hidden" />
          <SettingsPanel />
          <div className="hidden text-end leading-tight sm:block" data-testid="current-user">
            <div className="text-sm font-medium">{user.Name}</div>
            <div className="text-xs text-white/60">{roleLabel[user.role]()}</div>
          </div>
          <button
            type="button"
            onClick={() => void signOutAndForget(zero)}
            className="rounded-lg p-2 text-white/80 hover:bg-white/10 hover:text-white"
            title={m.sign_out()}
            aria-label={m.sign_out()}
          >
            <LogOut className="size-5 rtl:-scale-x-100" />
          </button>
        </div>
        {/* In the sticky bar: in sight wherever the page is scrolled to. */}
        <OfflineBanner />
      </header>
      <div className="mx-auto flex w-full max-w-[90rem] flex-1 gap-6 px-4 py-6 sm:px-6">
        <aside
          className={clsx(
            'group/side hidden shrink-0 transition-[width] lg:block print:hidden',
            look.collapsed ? (look.collapsedText ? 'w-20' : 'w-14') : 'w-56',
            look.collapsed && look.hoverMenus && 'hover:w-56',
          )}
          data-testid="side-column"
        >
          {/* Its own scroll area, with or without a visible scrollbar (settings panel). */}
          <div
            className={clsx(
              'sticky top-20 max-h-[calc(100vh-6rem)] overflow-y-auto overscroll-contain',
              !layout.sidebarScrollbar && '[scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
            )}
          >
            {/* On a phone the menu is the drawer's (MenuDrawer): this column is hidden, so it is not drawn at all. */}
            {!onPhone && navigation(look)}
          </div>
        </aside>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
      <Footer />
      <ScrollJumps />
      {session.phoneProxyPort !== null && <CallPrompt port={session.phoneProxyPort} />}
    </div>
  );
}
