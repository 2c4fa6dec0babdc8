import {LogOut, Settings2} from 'lucide-react';
import {clsx} from 'clsx';
import {useRouteContext} from '@tanstack/react-router';
import {Toggle} from '../ui/Toggle.tsx';
import {ForumNews} from '../forum/ForumNews.tsx';
import {useForumEnabled} from '../forum/use-forum.ts';
import {SiteSwitches} from '../site/SiteSwitches.tsx';
import {LanguageSwitcher} from '../ui/LanguageSwitcher.tsx';
import {SideSheet} from '../ui/SideSheet.tsx';
import {Button} from '../ui/controls.tsx';
import {signOutAndForget} from '../zero.ts';
import type {LayoutKey} from './schema.ts';
import {useLayout} from './use-layout.ts';
import * as m from '../paraglide/messages.js';

/**
 * The right-hand settings panel (spec §2 Layout): font size, the side menu's toggles (the layout is
 * always vertical here, so they are always shown), Hebrew dates beside the Gregorian ones (issue 37), the language, signing out everywhere and the forum's
 * news; for administrators also the site-wide switches. Settings follow the user to every device and take
 * effect at once.
 */
export function SettingsPanel() {
  const {layout, update} = useLayout();
  const {session, zero} = useRouteContext({from: '/shell'});
  const forum = useForumEnabled();
  const sidebar: Array<{key: LayoutKey; label: string}> = [
    {key: 'sidebarCollapsed', label: m.settings_sidebar_collapsed()},
    {key: 'collapsedText', label: m.settings_collapsed_text()},
    {key: 'hoverMenus', label: m.settings_hover_menus()},
    {key: 'sidebarScrollbar', label: m.settings_scrollbar()},
  ];
  return (
    <SideSheet
      side="right"
      title={m.settings_title()}
      testid="settings-panel"
      trigger={
        <button
          type="button"
          className="rounded-lg p-2 text-white/85 hover:bg-white/10 hover:text-white"
          aria-label={m.settings_title()}
          data-testid="settings-open"
        >
          <Settings2 className="size-5" aria-hidden />
        </button>
      }
    >
      <section className="space-y-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.settings_font_size()}</h3>
        <div role="radiogroup" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
          {([false, true] as const).map(large => (
            <button
              key={String(large)}
              type="button"
              role="radio"
              aria-checked={layout.largeFont === large}
              onClick={() => update({largeFont: large})}
              data-testid={large ? 'font-large' : 'font-regular'}
              className={clsx(
                'rounded-lg py-1.5 text-sm font-medium',
                layout.largeFont === large ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-600',
              )}
            >
              {large ? m.settings_font_large() : m.settings_font_regular()}
            </button>
          ))}
        </div>
      </section>

      <section className="mt-6">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.settings_sidebar()}</h3>
        {sidebar.map(t => (
          <Toggle
            key={t.key}
            label={t.label}
            checked={layout[t.key]}
            onChange={on => update({[t.key]: on})}
            testid={`toggle-${t.key}`}
          />
        ))}
      </section>

      <section className="mt-6">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.settings_dates()}</h3>
        <Toggle
          label={m.settings_hebrew_dates()}
          checked={layout.hebrewDates}
          onChange={on => update({hebrewDates: on})}
          testid="toggle-hebrewDates"
        />
      </section>

      <section className="mt-6 space-y-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.language_label()}</h3>
        <LanguageSwitcher onBrand={false} testid="settings-language" />
      </section>

      <section className="mt-6 space-y-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.settings_sessions()}</h3>
        <p className="text-sm text-slate-600">{m.settings_sign_out_everywhere_hint()}</p>
        <Button
          variant="secondary"
          className="w-full"
          onClick={() => void signOutAndForget(zero, true)}
          data-testid="sign-out-everywhere"
        >
          <LogOut className="size-4 rtl:-scale-x-100" aria-hidden />
          {m.settings_sign_out_everywhere()}
        </Button>
      </section>

      {forum && <ForumNews />}
      {session.user?.role === 'admin' && <SiteSwitches />}
    </SideSheet>
  );
}
