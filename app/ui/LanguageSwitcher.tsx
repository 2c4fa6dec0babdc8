import {clsx} from 'clsx';
import {Languages} from 'lucide-react';
import {LANGUAGES, changeLanguage, currentLocale} from '../i18n.ts';
import type {Locale} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

/** On the brand-coloured bars (`onBrand`) or on a light panel; `className` adds to its own. */
export function LanguageSwitcher({
  onBrand = true,
  testid = 'language-switcher',
  className,
}: {
  onBrand?: boolean;
  testid?: string;
  className?: string;
}) {
  return (
    <label
      className={clsx(
        // The select draws no ring of its own; the whole control shows keyboard focus instead.
        onBrand
          ? 'flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-white/90 outline-offset-2 outline-gold-400 hover:bg-white/10 has-[select:focus-visible]:outline-2'
          : 'flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm text-slate-700 ring-1 ring-slate-200 outline-offset-2 outline-brand-500 hover:bg-slate-50 has-[select:focus-visible]:outline-2',
        className,
      )}
    >
      <Languages className="size-4" aria-hidden />
      <span className="sr-only">{m.language_label()}</span>
      <select
        data-testid={testid}
        className="cursor-pointer bg-transparent text-sm font-medium focus:outline-none [&>option]:text-slate-900"
        value={currentLocale()}
        onChange={e => changeLanguage(e.target.value as Locale)}
      >
        {LANGUAGES.map(l => (
          <option key={l.code} value={l.code} lang={l.code}>
            {l.text}
          </option>
        ))}
      </select>
    </label>
  );
}
