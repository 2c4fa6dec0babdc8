import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {expect, test, type Browser, type BrowserContext} from '@playwright/test';
import {BUDGETS} from '../support/script-budget-table.ts';
import {insertSelfTicket, selfSignIn} from './helpers.ts';

/**
 * Issue 35, as a visitor's browser sees it: each public page, opened in a fresh browser, fetches no more script
 * than its budget (gzip, as `npm run check:size` weighs the build), counting all it fetches until the network is
 * quiet, not only what the manifest says it imports (a chunk fetched after the first render counts too). The
 * self-user's pages are opened signed in as a candidate.
 */
const DIST = path.join(import.meta.dirname, '..', '..', 'dist');
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The scripts a fresh browser fetches while opening `url`, and their gzip weight in kB (1000 bytes). */
async function scriptOf(browser: Browser, baseURL: string | undefined, url: string, storageState?: StorageState) {
  const context = await browser.newContext({baseURL, storageState});
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', response => {
    const {pathname} = new URL(response.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.close();
  const bytes = [...scripts].reduce((sum, file) => sum + gzipSync(readFileSync(path.join(DIST, file)), {level: 9}).length, 0);
  return {kB: bytes / 1000, files: scripts.size};
}

test('every public page fetches no more script than its budget', async ({browser, baseURL}) => {
  for (const {page, open, kB} of BUDGETS.filter(b => b.open)) {
    const fetched = await scriptOf(browser, baseURL, open!);
    console.log(`${open}: ${fetched.kB.toFixed(1)} kB gzip in ${fetched.files} files (budget ${kB})`);
    expect(fetched.kB, page).toBeLessThanOrEqual(kB);
  }
});

test('the self-user’s pages fetch no more script than their budgets, signed in', async ({browser, baseURL, page}) => {
  await selfSignIn(page, await insertSelfTicket());
  const signedIn = await page.context().storageState();
  for (const path of ['/self-user/home', '/self-user/verify-phone', '/self-user/verify-email']) {
    const {kB} = BUDGETS.find(b => b.page === path)!;
    const fetched = await scriptOf(browser, baseURL, path, signedIn);
    console.log(`${path}: ${fetched.kB.toFixed(1)} kB gzip in ${fetched.files} files (budget ${kB})`);
    expect(fetched.kB, path).toBeLessThanOrEqual(kB);
  }
});
