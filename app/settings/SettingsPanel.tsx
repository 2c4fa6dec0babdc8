import {Settings2} from 'lucide-react';
import {clsx} from 'clsx';
import {LanguageSwitcher} from '../shell/LanguageSwitcher.tsx';
import {SideSheet} from '../ui/SideSheet.tsx';
import type {LayoutKey} from './schema.ts';
import {useLayout} from './use-layout.ts';
import * as m from '../paraglide/messages.js';

function Toggle({
  label,
  checked,
  onChange,
  testid,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  testid: string;
}) {
  return (
    <label className="flex cursor-pointer items-center justify-between gap-3 py-2 text-sm text-slate-700">
      {label}
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        onClick={() => onChange(!checked)}
        data-testid={testid}
        className={clsx('relative h-6 w-11 shrink-0 rounded-full transition-colors', checked ? 'bg-brand-600' : 'bg-slate-300')}
      >
        <span
          className={clsx(
            'absolute top-0.5 size-5 rounded-full bg-white shadow transition-all',
            checked ? 'start-[1.375rem]' : 'start-0.5',
          )}
        />
      </button>
    </label>
  );
}

/**
 * The right-hand settings panel (spec §2 Layout): font size, the side menu's toggles (the layout is
 * always vertical here, so they are always shown) and the language. Settings follow the user to every
 * device and take effect at once.
 */
export function SettingsPanel() {
  const {layout, update} = useLayout();
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
                layout.largeFont === large ? 'bg-white text-brand-700 shadow-sm' : 'text-slate-500',
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

      <section className="mt-6 space-y-2">
        <h3 className="text-xs font-semibold tracking-wide text-slate-500">{m.language_label()}</h3>
        <LanguageSwitcher onBrand={false} testid="settings-language" />
      </section>
    </SideSheet>
  );
}
