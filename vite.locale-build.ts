import {createHash} from 'node:crypto';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from 'vite';
import {CHOICE_KEY, SITE_LANGUAGE_KEY} from './app/lib/locale-keys.ts';

type Chunk = {file: string; isEntry?: boolean; imports?: string[]};

/**
 * One language's build (vite.locales.ts): paraglide's runtime gets that language as its static locale, so every
 * message's choice of language folds to a constant and the bundler drops the other three languages' words. (Paraglide's
 * own per-locale compile mode adds a warning to every message instead; this keeps the messages as the dev server and
 * the API server have them.) The build fails if paraglide's runtime changes shape, so an upgrade cannot drop this
 * silently.
 */
export function staticLocale(locale: string): Plugin {
  const unset = 'export const experimentalStaticLocale = undefined;';
  return {
    name: 'kesher:static-locale',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith('/app/paraglide/runtime.js')) return;
      if (!code.includes(unset)) throw new Error(`paraglide's runtime no longer declares "${unset}" (vite.locale-build.ts)`);
      return code.replace(unset, `export const experimentalStaticLocale = ${JSON.stringify(locale)};`);
    },
  };
}

/** Where one language's build writes its manifest (vite.locales.ts), which `npm run check:size` reads too. */
export const localeManifest = (locale: string) => `.vite/manifest.${locale}.json`;

/** One language's entry and the chunks it imports (fetched beside it, as the page's modulepreload links did). */
function entryOf(dist: string, locale: string) {
  const manifest = JSON.parse(readFileSync(path.join(dist, localeManifest(locale)), 'utf8')) as Record<string, Chunk>;
  const entry = Object.values(manifest).find(chunk => chunk.isEntry);
  if (!entry) throw new Error(`${localeManifest(locale)} names no entry`);
  const preload = new Set<string>();
  const follow = (key: string) => {
    const chunk = manifest[key]!;
    if (preload.has(`/${chunk.file}`)) return;
    preload.add(`/${chunk.file}`);
    chunk.imports?.forEach(follow);
  };
  entry.imports?.forEach(follow);
  return {entry: `/${entry.file}`, preload: [...preload]};
}

/**
 * The page's one script when the client is built once per language (vite.locales.ts, issue 35): the language the
 * user chose, else the site's default as this browser last heard it, else the base language; then that build's
 * chunks are preloaded and its entry loaded. app/i18n.ts loads the page again when the site's default turns out
 * to be another. No inline script: the page's CSP allows scripts from the app's origin only.
 */
function bootScript(entries: Record<string, {entry: string; preload: string[]}>, baseLocale: string) {
  return `const entries = ${JSON.stringify(entries)};
let locale = ${JSON.stringify(baseLocale)};
try {
  locale = [localStorage.getItem(${JSON.stringify(CHOICE_KEY)}), localStorage.getItem(${JSON.stringify(SITE_LANGUAGE_KEY)})].find(l => l !== null && Object.hasOwn(entries, l)) ?? locale;
} catch {}
for (const href of entries[locale].preload) {
  document.head.append(Object.assign(document.createElement("link"), {rel: "modulepreload", crossOrigin: "", href}));
}
import(entries[locale].entry);
`;
}

/**
 * After the last language's build: writes the boot script (assets/boot-<hash>.js) and makes it dist/index.html's
 * only script, in place of that build's entry and preloads. Runs before the service worker is generated (at
 * closeBundle), so the worker precaches the page as it is served.
 */
export function localeBoot(locales: readonly string[], baseLocale: string): Plugin {
  return {
    name: 'kesher:locale-boot',
    writeBundle({dir}) {
      const dist = dir!;
      const code = bootScript(Object.fromEntries(locales.map(locale => [locale, entryOf(dist, locale)])), baseLocale);
      const file = `assets/boot-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      writeFileSync(path.join(dist, file), code);
      const page = path.join(dist, 'index.html');
      const html = readFileSync(page, 'utf8');
      const entryScript = /<script type="module" crossorigin src="[^"]+"><\/script>/;
      if (!entryScript.test(html)) throw new Error('dist/index.html has no entry script to replace (vite.locale-build.ts)');
      writeFileSync(
        page,
        html
          .replace(entryScript, `<script type="module" crossorigin src="/${file}"></script>`)
          .replace(/\n\s*<link rel="modulepreload"[^>]*>/g, ''),
      );
    },
  };
}
