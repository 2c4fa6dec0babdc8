/**
 * The chromium `npm run lighthouse` measures with: Debian's (or CHROMIUM_PATH), launched by chrome-launcher
 * (what Lighthouse's own CLI uses), with a fresh profile each time. Playwright attaches to it over the DevTools
 * protocol for what Lighthouse cannot do itself: put the staff session's cookie in the browser's jar, check that
 * /home shows the list, and ask chromium whether a page is installable.
 */
import {killAll, launch, type LaunchedChrome} from 'chrome-launcher';
import {chromium, type BrowserContext} from '@playwright/test';
import {CHROMIUM_ARGS, chromiumPath} from './chromium.ts';
import type {Installability} from './lighthouse-results.ts';

/** As the e2e tests launch it (tests/support/chromium.ts), headless. */
const FLAGS = ['--headless', ...CHROMIUM_ARGS];

/**
 * chrome-launcher's own Ctrl-C handler would exit the process at once, before the script stops the stack (whose
 * Postgres runs detached and would be left behind): the script handles Ctrl-C itself (killChromiums).
 */
export const launchChromium = (): Promise<LaunchedChrome> =>
  launch({chromePath: chromiumPath(), chromeFlags: FLAGS, handleSIGINT: false});

/** Kills every chromium launched here: the Lighthouse run or check in progress then fails. */
export const killChromiums = () => killAll();

export type SessionCookie = {name: string; value: string; url: string};

/**
 * Runs `work` with Playwright attached to the launched chromium's default context (the one Lighthouse opens its
 * tab in), then detaches, so Playwright's own protocol traffic never overlaps a Lighthouse run. Detaching
 * leaves chromium, its default context and its cookies as they were.
 */
async function attached<T>(chrome: LaunchedChrome, work: (context: BrowserContext) => Promise<T>): Promise<T> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    return await work(browser.contexts()[0]!);
  } finally {
    await browser.close();
  }
}

/** Puts the session cookie in the browser's jar: every request of the page sends it (Zero's socket too). */
export const addCookie = (chrome: LaunchedChrome, cookie: SessionCookie) =>
  attached(chrome, context => context.addCookies([cookie]));

/**
 * Opens the staff list as the signed-in user and waits for its first row: the measured /home must be the list,
 * not the sign-in page it redirects to without a session.
 */
export async function assertListShows(chrome: LaunchedChrome, url: string) {
  await attached(chrome, async context => {
    const page = await context.newPage();
    try {
      await page.goto(url);
      await page.getByTestId('candidate-row').first().waitFor({timeout: 30_000});
    } catch (error) {
      throw new Error(`${url} did not show the candidate list (it shows ${page.url()}): ${(error as Error).message}`);
    } finally {
      await page.close();
    }
  });
}

/**
 * Whether chromium would offer to install the page, as Lighthouse's installable-manifest audit asked it before
 * Lighthouse 12 removed the PWA category: the DevTools protocol's Page.getInstallabilityErrors, after the page
 * has loaded (and its manifest, read with Page.getAppManifest, for the manifest's own errors).
 */
export async function installability(chrome: LaunchedChrome, url: string): Promise<Installability> {
  return attached(chrome, async context => {
    const page = await context.newPage();
    try {
      await page.goto(url, {waitUntil: 'load'});
      // A service worker registered by the page needs a moment to be found; the audit also waited for it.
      await page.waitForTimeout(2_000);
      const cdp = await context.newCDPSession(page);
      const {installabilityErrors} = await cdp.send('Page.getInstallabilityErrors');
      const manifest = await cdp.send('Page.getAppManifest', {});
      const errors = [
        ...installabilityErrors.map(e => [e.errorId, ...e.errorArguments.map(a => `${a.name}=${a.value}`)].join(' ').trim()),
        ...manifest.errors.map(e => `manifest: ${e.message}`),
      ];
      return {installable: installabilityErrors.length === 0, errors};
    } finally {
      await page.close();
    }
  });
}
