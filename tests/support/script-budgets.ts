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

type Chunk = {file: string; src?: string; isEntry?: boolean; isDynamicEntry?: boolean; imports?: string[]};
type Budget = {page: string; modules: string[]; kB: number; target: number};

/**
 * Every public page (app/public-pages.ts) and the first staff screen, the modules they fetch, and each page's
 * budget in kB of gzip: `kB` is enforced, what the page weighs today with a little room (or the target, where it is
 * met), so a page that grows fails; `target` is issue 35's aim (docs/performance.md says what is left). Lower `kB`
 * as pages shrink.
 */
const BUDGETS: Budget[] = [
  {page: '/login', modules: ['login/LoginPage.tsx'], kB: 100, target: 100},
  {page: '/forgot-password', modules: ['login/ForgotPasswordPage.tsx'], kB: 104, target: 100},
  {page: '/invitation/{token}', modules: ['invitation/InvitationPage.tsx'], kB: 100, target: 100},
  {page: '/user-agreement/{id}', modules: ['agreement/AgreementPage.tsx'], kB: 100, target: 100},
  {page: '/self-user/login', modules: ['self-user/SelfLoginPage.tsx'], kB: 104, target: 100},
  {page: '/self-user/home', modules: ['self-user/SelfHomePage.tsx'], kB: 100, target: 100},
  {page: '/self-user/verify-phone', modules: ['self-user/SelfVerifyPhonePage.tsx'], kB: 100, target: 100},
  {page: '/self-user/verify-email', modules: ['self-user/SelfVerifyEmailPage.tsx'], kB: 100, target: 100},
  {page: '/add-people/{id}, /register/{token}', modules: ['candidates/public/CandidateFormPage.tsx'], kB: 160, target: 100},
  {page: '/bonuses/check-validation', modules: ['benefit-cards/CheckValidationPage.tsx'], kB: 100, target: 100},
  {page: '/bonuses/card', modules: ['benefit-cards/BonusCardPage.tsx'], kB: 100, target: 100},
  {page: '/privacy-and-terms', modules: ['public/PrivacyPage.tsx'], kB: 100, target: 100},
  {page: '/maintenance', modules: ['public/MaintenancePage.tsx'], kB: 100, target: 100},
  // The first staff screen: the router, Zero's client (main.tsx), the shell and the candidate list (StaffShell).
  {page: '/home', modules: ['router.tsx', 'zero.ts', 'shell/StaffShell.tsx'], kB: 460, target: 250},
];

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
