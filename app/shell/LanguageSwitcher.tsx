import {Languages} from 'lucide-react';
import {LANGUAGES, changeLanguage, currentLocale} from '../i18n.ts';
import type {Locale} from '../../zero-schema.ts';
import * as m from '../paraglide/messages.js';

export function LanguageSwitcher() {
  return (
    <label className="flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm text-white/90 hover:bg-white/10">
      <Languages className="size-4" aria-hidden />
      <span className="sr-only">{m.language_label()}</span>
      <select
        data-testid="language-switcher"
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
