/**
 * Script budgets (issue 35): how much script each public page and the first staff screen load, gzipped, read
 * from the build's manifest (dist/.vite/manifest.json, `npm run build`). A page loads the entry and what it
 * imports, then its route's chunk(s) and what they import; a page whose module is no chunk of its own (imported
 * eagerly somewhere) fails, as does a page over its budget. Prints a table; exits non-zero on any failure.
 *
 *   npm run check:size
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {BUDGETS} from './script-budget-table.ts';

type Chunk = {file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]};

const dist = path.resolve(import.meta.dirname, '../../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`script budgets: ${manifestPath} is missing (run npm run build first)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;
const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry);
if (!entry) throw new Error('script budgets: the manifest names no entry');

const gzipOf = new Map<string, number>();
function gzipped(file: string): number {
  if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join(dist, file)), {level: 9}).length);
  return gzipOf.get(file)!;
}

/** The chunk's file and those it imports statically, recursively (what the browser fetches before running it). */
function closure(key: string, into: Set<string>): Set<string> {
  const chunk = manifest[key]!;
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, into);
  return into;
}

const kB = (bytes: number) => (bytes / 1000).toFixed(1);
const failures: string[] = [];
const startFiles = closure(entry[0], new Set());
const start = [...startFiles].reduce((sum, file) => sum + gzipped(file), 0);
const rows = BUDGETS.map(({page, modules, kB: budget, target}) => {
  const files = new Set(startFiles);
  for (const module of modules) {
    const chunk = manifest[module];
    if (!chunk?.isDynamicEntry) failures.push(`${page}: ${module} is not a chunk of its own (imported eagerly somewhere?)`);
    else closure(module, files);
  }
  const total = [...files].filter(file => file.endsWith('.js')).reduce((sum, file) => sum + gzipped(file), 0);
  if (total > budget * 1000) failures.push(`${page}: ${kB(total)} kB over its budget of ${budget} kB`);
  return {page, 'kB gzip': kB(total), budget, target, files: files.size, 'beyond the entry (kB)': kB(total - start)};
});

console.log(`Script per page, gzip (entry ${entry[1].file}: ${kB(start)} kB in ${startFiles.size} files)`);
console.table(rows);
for (const failure of failures) console.error(`over budget: ${failure}`);
process.exit(failures.length ? 1 : 0);
