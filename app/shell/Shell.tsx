import {Link, useRouteContext} from '@tanstack/react-router';
import {LogOut} from 'lucide-react';
import type {ReactNode} from 'react';
import {signOutAndForget} from '../zero.ts';
import {ConnectionBadge} from './ConnectionBadge.tsx';
import {LanguageSwitcher} from './LanguageSwitcher.tsx';
import {PhoneProxyLink} from './PhoneProxyLink.tsx';
import {SideMenu} from './SideMenu.tsx';
import {ShellActions} from './ShellActions.tsx';
import {RemindersBell} from './RemindersBell.tsx';
import {MenuDrawer} from './MenuDrawer.tsx';
import {contextOf} from '../session.ts';
import {roleLabel} from './roles.ts';
import * as m from '../paraglide/messages.js';

/** The signed-in frame: top bar (logo, live state, language, user) and the page below it. */
export function Shell({children}: {children: ReactNode}) {
  const {session, zero} = useRouteContext({from: '/shell'});
  const user = session.user!;
  const navigation = (
    <>
      <SideMenu ctx={contextOf(user)} />
      <div className="mt-6 border-t border-slate-200 pt-6">
        <ShellActions />
      </div>
    </>
  );
  return (
    <div className="min-h-screen">
      <header className="sticky top-0 z-30 bg-brand-700 text-white shadow-md">
        <div className="mx-auto flex h-14 max-w-[90rem] items-center gap-2 px-3 sm:gap-4 sm:px-6">
          <MenuDrawer>{navigation}</MenuDrawer>
          <Link to="/home" className="flex items-center gap-2.5 rounded-lg">
            <img src="/favicon.svg" alt="" className="size-8" />
            <span className="hidden text-lg font-semibold tracking-tight min-[400px]:inline">{m.app_title()}</span>
            <span className="hidden text-sm text-white/60 sm:inline">{m.app_tagline()}</span>
          </Link>
          <div className="flex-1" />
          <ConnectionBadge />
          <RemindersBell />
          <LanguageSwitcher />
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
      </header>
      <div className="mx-auto flex max-w-[90rem] gap-6 px-4 py-6 sm:px-6">
        <aside className="hidden w-56 shrink-0 lg:block">
          <div className="sticky top-20">{navigation}</div>
        </aside>
        <main className="min-w-0 flex-1">{children}</main>
      </div>
      {session.phoneProxyPort !== null && <PhoneProxyLink port={session.phoneProxyPort} />}
    </div>
  );
}
