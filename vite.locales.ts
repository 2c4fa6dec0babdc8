/**
 * `npm run build` (issue 35): the client once per language, into one dist/. Each build's messages are its own
 * language's alone (paraglide's static locale, set by `staticLocale`): the bundler drops the other three languages'
 * words, a quarter of every page's messages left. What no language changes (React, Zero, most code)
 * comes out the same in every build, one file for all four. The page is one for all languages: its script, the boot
 * script the last build writes (vite.locale-build.ts), picks the user's language's entry. docs/performance.md.
 *
 * A plain `vite build` still makes one build of all four languages (no boot script), as the dev server serves them.
 */
import {createHash} from 'node:crypto';
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import path from 'node:path';
import {build} from 'vite';
import {baseLocale, locales} from './app/paraglide/runtime.js';
import {localeBoot, localeManifest, staticLocale} from './vite.locale-build.ts';

const assets = path.join(import.meta.dirname, 'dist', 'assets');

/** What each file under dist/assets/ holds, by name. */
const contents = () =>
  new Map(
    existsSync(assets)
      ? readdirSync(assets).map(name => [
          name,
          createHash('sha256')
            .update(readFileSync(path.join(assets, name)))
            .digest('hex'),
        ])
      : [],
  );

rmSync(path.join(import.meta.dirname, 'dist'), {recursive: true, force: true});
for (const [i, locale] of locales.entries()) {
  const last = i === locales.length - 1;
  console.log(`\nbuilding the client in ${locale} (${i + 1} of ${locales.length})`);
  const before = contents();
  await build({
    build: {emptyOutDir: false, manifest: localeManifest(locale)},
    plugins: [staticLocale(locale), ...(last ? [localeBoot(locales, baseLocale)] : [])],
  });
  // A name the builds share must mean the same file: were a chunk's hash blind to its language's words, this build
  // would have overwritten another language's file, and that language's pages would load this one's.
  for (const [name, hash] of contents()) {
    const earlier = before.get(name);
    if (earlier !== undefined && earlier !== hash)
      throw new Error(`the ${locale} build wrote dist/assets/${name} with other content than an earlier language's build`);
  }
}
