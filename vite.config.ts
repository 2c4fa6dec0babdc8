import {paraglideVitePlugin} from '@inlang/paraglide-js';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {fileURLToPath} from 'node:url';
import {defineConfig, type Plugin} from 'vite';
import {compression} from 'vite-plugin-compression2';
import {VitePWA} from 'vite-plugin-pwa';
import {reachableHost} from './server/config.ts';
import {staffChunks} from './vite.staff-chunks.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const staff = staffChunks();

/**
 * Installable (issue 35, docs/pwa.md): a service worker (dist/sw.js, Workbox) that keeps the app shell for an
 * offline start, and waits for the user's "Reload" when a new version is deployed (registerType 'prompt';
 * app/pwa/register.ts registers it, so nothing is injected into the page). It precaches only what every page
 * needs (the page, its entry and start chunk, the style sheet, the Rubik fonts, the icons): the ~100 lazy page
 * chunks are cached as they are first fetched (hashed names, so CacheFirst is safe), not downloaded on a first
 * visit. API answers, zero-cache and the forum are never cached, and no navigation under them gets the shell.
 * The manifest is a file of its own (app/static/manifest.webmanifest), so the dev server has it too.
 */
const serviceWorker = () =>
  VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    workbox: {
      globPatterns: [
        'index.html',
        // What dist/index.html starts: the boot script, then each language's entry and start chunk (vite.locales.ts,
        // a few kB each), React (one for all), Rolldown's runtime and the style sheet.
        'assets/{boot,index,rolldown-runtime,start,react-runtime}-*.{js,css}',
        'assets/rubik-{hebrew,latin,latin-ext,cyrillic}-wght-normal-*.woff2',
        'manifest.webmanifest',
        'favicon.svg',
        '*.png',
      ],
      navigateFallback: '/index.html',
      // API and file downloads (/api/…), zero-cache behind a proxy (/zero/), the forum, and any path with a file's extension.
      navigateFallbackDenylist: [/^\/api\//, /^\/zero(\/|$)/, /^\/forum(\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i],
      runtimeCaching: [
        {
          urlPattern: ({url, sameOrigin}) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {cacheName: 'kesher-assets', expiration: {maxEntries: 400, maxAgeSeconds: 90 * 24 * 3600}},
        },
      ],
      cleanupOutdatedCaches: true,
    },
  });

/**
 * Zero's client waits a fixed 5 s after a failed connection attempt (`RUN_LOOP_INTERVAL_MS`, no option),
 * so a tab could stay dark for 5 s after a restarted zero-cache serves again; the office's promise is
 * live again within 5 s (issue 32). A refused connection costs the server nothing, and one that is
 * overloaded still sets a longer pause itself (its `minBackoffMs`). The build fails if Zero's code
 * changes shape, so an upgrade cannot drop this silently.
 */
const ZERO_RETRY_MS = 1_000;
const zeroRetrySooner: Plugin = {
  name: 'kesher:zero-retry-sooner',
  transform(code, id) {
    if (!id.replaceAll('\\', '/').endsWith('@rocicorp/zero/out/zero-client/src/client/zero.js')) return;
    const interval = 'var RUN_LOOP_INTERVAL_MS = 5e3;';
    if (!code.includes(interval)) throw new Error(`Zero's client no longer declares "${interval}" (vite.config.ts)`);
    return code.replace(interval, `var RUN_LOOP_INTERVAL_MS = ${ZERO_RETRY_MS};`);
  },
};

// The client lives in app/; `npm run build` writes dist/, which the API server serves in production.
// Paraglide's Vite plugin is for the dev server only: builds compile messages with the CLI first
// (the plugin makes `vite build` hang on a fresh clone).
export default defineConfig(({command}) => ({
  root: 'app',
  // Files served as they are (icons, the manifest): a folder of their own, since app/public/ holds the public pages' code.
  publicDir: 'static',
  // The manifest (dist/.vite/manifest.json; one per language, vite.locales.ts) is what `npm run check:size` reads:
  // which chunks each page loads.
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    // SOURCEMAPS=1 npm run build: maps beside the scripts, to read a profile of the production build (docs/performance.md).
    sourcemap: process.env.SOURCEMAPS ? 'hidden' : false,
    // Every browser the app supports (es2022) knows modulepreload: no polyfill in what every page loads.
    modulePreload: {polyfill: false},
    rolldownOptions: {
      output: {
        // The ~150 small shared chunks (a message, an icon) by their hash alone: every page carries the names of
        // the chunks it may fetch (its preload lists), 3 kB of a public page's script. Pages and start keep theirs.
        chunkFileNames: chunk =>
          chunk.isDynamicEntry || chunk.name === 'start' || chunk.name === 'react-runtime'
            ? 'assets/[name]-[hash].js'
            : 'assets/[hash].js',
        // Every module the entry imports statically in one chunk (start-*.js): by default Rolldown gives each
        // module the entry shares with a lazy page (each message, each icon) a chunk of its own, ~100 preloads.
        // The entry's own module stays out of the group, or the manifest names no entry.
        codeSplitting: {
          // React apart from the rest of start: the same file in every language's build (vite.locales.ts), so a
          // browser that switches language, and the service worker, keep one copy.
          groups: [
            {
              name: 'react-runtime',
              tags: ['$initial'],
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            {name: 'start', tags: ['$initial'], test: id => !/[\\/]app[\\/](main.tsx|index.html)/.test(id), priority: 2},
            ...staff.groups,
          ],
        },
      },
    },
  },
  plugins: [
    ...(command === 'serve'
      ? [
          paraglideVitePlugin({
            project: fromRoot('./app/project.inlang'),
            outdir: fromRoot('./app/paraglide'),
            // As package.json's i18n script: the user's choice, else the site's default (app/i18n.ts).
            strategy: ['custom-choice', 'baseLocale'],
            // The CLI's structure (npm run i18n): the dev server then rewrites nothing on start, so the
            // API server, which imports the messages too, does not restart under a newcomer's first sign-in.
            outputStructure: 'message-modules',
          }),
        ]
      : []),
    tailwindcss(),
    react(),
    zeroRetrySooner,
    staff.plugin,
    // Brotli and gzip copies beside each script, style and image (dist/assets/x.js.br, .gz), which the API
    // server sends to browsers that accept them: an office without a compressing proxy still sends ~4× less. Not
    // the page, which the last language's build rewrites after this runs (vite.locale-build.ts) and the server sends
    // from memory, nor the manifests, which are no files for browsers.
    ...(command === 'build'
      ? [
          compression({
            algorithms: ['brotliCompress', 'gzip'],
            threshold: 1024,
            exclude: [/\.html$/, /(^|[\\/])\.vite[\\/]/],
            logLevel: 'silent',
          }),
        ]
      : []),
    ...(command === 'build' ? [serviceWorker()] : []),
  ],
  // The development server bundles dependencies apart from the plugins above.
  optimizeDeps: {rolldownOptions: {plugins: [zeroRetrySooner]}},
  server: {
    proxy: {'/api': `http://${reachableHost()}:${process.env.API_PORT ?? 3100}`},
  },
}));
