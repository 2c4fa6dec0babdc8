import {getLocale, getTextDirection, locales, setLocale} from './paraglide/runtime.js';
import type {Locale} from '../zero-schema.ts';

/** The four UI languages with their own names (shown in the switcher in their own script). */
export const LANGUAGES: ReadonlyArray<{code: Locale; text: string}> = [
  {code: 'he', text: 'עברית'},
  {code: 'en', text: 'English'},
  {code: 'de', text: 'Deutsch'},
  {code: 'ru', text: 'Русский'},
];

export const currentLocale = (): Locale => getLocale() as Locale;

/** Sets <html lang dir> from the active locale (he is rtl, the others ltr). */
export function applyDocumentLocale() {
  const locale = currentLocale();
  document.documentElement.lang = locale;
  document.documentElement.dir = getTextDirection(locale);
}

/** Paraglide stores the choice (localStorage) and reloads, so every string and the direction switch at once. */
export function changeLanguage(code: Locale) {
  if ((locales as readonly string[]).includes(code)) void setLocale(code);
}
