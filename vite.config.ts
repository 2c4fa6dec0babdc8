import {paraglideVitePlugin} from '@inlang/paraglide-js';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vite';
import {reachableHost} from './server/config.ts';

const fromRoot = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// The client lives in app/; `npm run build` writes dist/, which the API server serves in production.
// Paraglide's Vite plugin is for the dev server only: builds compile messages with the CLI first
// (the plugin makes `vite build` hang on a fresh clone).
export default defineConfig(({command}) => ({
  root: 'app',
  publicDir: 'public',
  // The manifest (dist/.vite/manifest.json) is what `npm run check:size` reads: which chunks each page loads.
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    rolldownOptions: {
      output: {
        // Every module the entry imports statically in one chunk (start-*.js): by default Rolldown gives each
        // module the entry shares with a lazy page (each message, each icon) a chunk of its own, ~100 preloads.
        // The entry's own module stays out of the group, or the manifest names no entry.
        codeSplitting: {
          groups: [{name: 'start', tags: ['$initial'], test: id => !/[\\/]app[\\/](main.tsx|index.html)/.test(id)}],
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
  ],
  server: {
    proxy: {'/api': `http://${reachableHost()}:${process.env.API_PORT ?? 3100}`},
  },
}));
