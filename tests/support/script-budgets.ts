/**
 * Script budgets (issue 35): how much script each public page and the first staff screen load, gzipped, read
 * from the build's manifests (`npm run build`: one per language, dist/.vite/manifest.<locale>.json, vite.locales.ts;
 * a plain `vite build` writes one, manifest.json). A page loads the boot script (the per-language builds' page's one
 * script), the entry and what it imports, then its route's chunk(s) and what they import; a page whose module is no
 * chunk of its own (imported eagerly somewhere) fails, as does a page over its budget in any language. Prints a
 * table (each language, and the heaviest against the budget); exits non-zero on any failure.
 *
 *   npm run check:size
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {BUDGETS} from './script-budget-table.ts';

type Chunk = {file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]};
type Manifest = Record<string, Chunk>;

const dist = path.resolve(import.meta.dirname, '../../dist');
const manifestDir = path.join(dist, '.vite');
const manifests = existsSync(manifestDir)
  ? readdirSync(manifestDir).flatMap(name => {
      const language = /^manifest(?:\.([a-z]+))?\.json$/.exec(name);
      return language
        ? [{language: language[1] ?? 'all', manifest: JSON.parse(readFileSync(path.join(manifestDir, name), 'utf8')) as Manifest}]
        : [];
    })
  : [];
if (manifests.length === 0) {
  console.error(`script budgets: no manifest in ${manifestDir} (run npm run build first)`);
  process.exit(1);
}
const boot = readdirSync(path.join(dist, 'assets'))
  .filter(name => /^boot-.*\.js$/.test(name))
  .map(name => `assets/${name}`);

const gzipOf = new Map<string, number>();
function gzipped(file: string): number {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join(dist, file)), {level: 9}).length);
  return gzipOf.get(file)!;
}

/** The chunk's file and those it imports statically, recursively (what the browser fetches before running it). */
function closure(manifest: Manifest, key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key]!;
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const weight = (files: Set<string>) =>
  [...files].filter(file => file.endsWith('.js')).reduce((sum, file) => sum + gzipped(file), 0);
const failures = new Set<string>();

/** Per language: what every page loads (boot, entry, start), then each budget's page. */
const measured = manifests.map(({language, manifest}) => {
  const entry = Object.keys(manifest).find(key => manifest[key]!.isEntry);
  if (!entry) throw new Error(`script budgets: the ${language} manifest names no entry`);
  const startFiles = closure(manifest, entry, new Set(boot));
  const pages = BUDGETS.map(({page, modules}) => {
    const files = new Set(startFiles);
    for (const module of modules) {
      const chunk = manifest[module];
      if (!chunk?.isDynamicEntry) failures.add(`${page}: ${module} is not a chunk of its own (imported eagerly somewhere?)`);
      else closure(manifest, module, files);
    }
    return {total: weight(files), files: files.size};
  });
  return {language, start: weight(startFiles), startFiles: startFiles.size, pages};
});

const rows = BUDGETS.map(({page, kB: budget, target}, i) => {
  const heaviest = measured.reduce((a, b) => (b.pages[i]!.total > a.pages[i]!.total ? b : a));
  const {total, files} = heaviest.pages[i]!;
  if (total > budget * 1000) failures.add(`${page}: ${kB(total)} kB (${heaviest.language}) over its budget of ${budget} kB`);
  return {
    page,
    ...Object.fromEntries(measured.map(m => [m.language, kB(m.pages[i]!.total)])),
    budget,
    target,
    files,
    'beyond the entry (kB)': kB(total - heaviest.start),
  };
});

console.log(
  `Script per page, gzip, per language (what every page loads: ${measured.map(m => `${m.language} ${kB(m.start)} kB in ${m.startFiles} files`).join(', ')})`,
);
console.table(rows);
for (const failure of failures) console.error(`over budget: ${failure}`);
process.exit(failures.size ? 1 : 0);
