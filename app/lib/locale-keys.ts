/**
 * Where this browser keeps what decides its language, read by app/i18n.ts and by the boot script that picks a
 * production page's language before any of the app loads (vite.locale-build.ts).
 */

/** The language the user chose in the switcher (paraglide's own key, so earlier choices still count). */
export const CHOICE_KEY = 'PARAGLIDE_LOCALE';

/** The site's default language (spec §9) as this browser last heard it from /api/session. */
export const SITE_LANGUAGE_KEY = 'kesher.site-language';
