import {CHOICE_KEY, SITE_LANGUAGE_KEY} from './lib/locale-keys.ts';
import {
  defineCustomClientStrategy,
  experimentalStaticLocale,
  getLocale,
  getTextDirection,
  isLocale,
  type Locale,
} from './paraglide/runtime.js';

/** The four UI languages with their own names (shown in the switcher in their own script). */
export const LANGUAGES: ReadonlyArray<{code: Locale; text: string}> = [
  {code: 'he', text: 'עברית'},
  {code: 'en', text: 'English'},
  {code: 'de', text: 'Deutsch'},
  {code: 'ru', text: 'Русский'},
];

/** The site's default language (spec §9), known once /api/session has answered. */
let siteLanguage: Locale | undefined;

function storedChoice(): Locale | undefined {
  // Paraglide asks custom strategies outside browsers too (components rendered in Node's unit tests).
  if (typeof localStorage === 'undefined') return undefined;
  const stored = localStorage.getItem(CHOICE_KEY);
  return isLocale(stored) ? stored : undefined;
}

/**
 * The `custom-choice` strategy (package.json's i18n script; then the base locale, he): the user's own
 * choice, else the site's default. Paraglide also "sets" the locale it first resolves; that is no choice,
 * so nothing is stored here (paraglide's localStorage strategy would store it, and the browser would then
 * ignore any later default). Only changeLanguage stores a choice.
 */
defineCustomClientStrategy('custom-choice', {
  getLocale: () => storedChoice() ?? siteLanguage,
  setLocale: () => {},
});

export const currentLocale = (): Locale => getLocale() as Locale;

/** Sets <html lang dir> from the active locale (he is rtl, the others ltr). */
export function applyDocumentLocale() {
  const locale = currentLocale();
  document.documentElement.lang = locale;
  document.documentElement.dir = getTextDirection(locale);
}

/**
 * At startup, before the first render: the site's default applies unless this browser chose a language. A production
 * page is one language's build (vite.locales.ts), which the boot script picked from the choice, else the site's
 * default as this browser last heard it: when that was another (the default changed, or a first visit to a site
 * whose default is not the base language), the browser keeps the new default and loads the page again, once.
 * Returns true when it does, and nothing should be drawn.
 */
export function startLocale(siteDefault: Locale): boolean {
  siteLanguage = siteDefault;
  if (experimentalStaticLocale !== undefined) {
    const known = rememberSiteLanguage(siteDefault);
    if ((storedChoice() ?? siteDefault) !== experimentalStaticLocale && known !== siteDefault) {
      location.reload();
      return true;
    }
  }
  applyDocumentLocale();
  return false;
}

/**
 * Keeps the site's default for the boot script (vite.locale-build.ts), which reads it before anything else; returns
 * the one it had. Without storage the boot script cannot know it either, and no reload would help: as if known.
 */
function rememberSiteLanguage(siteDefault: Locale): string | null {
  try {
    const known = localStorage.getItem(SITE_LANGUAGE_KEY);
    if (known !== siteDefault) localStorage.setItem(SITE_LANGUAGE_KEY, siteDefault);
    return known;
  } catch {
    return siteDefault;
  }
}

/** The switcher stores the choice and reloads, so every string and the direction switch at once. */
export function changeLanguage(code: Locale) {
  if (!isLocale(code)) return;
  const shown = currentLocale();
  localStorage.setItem(CHOICE_KEY, code);
  if (code !== shown) location.reload();
}
