import {expect, test, type Page} from '@playwright/test';
import {expectNoSidewaysScroll, seriousViolations, signIn} from './helpers.ts';
import {SECTIONS} from '../../app/shell/sections.ts';

for (const locale of ['he', 'en'] as const) {
  test(`public pages have no serious accessibility violations (${locale})`, async ({page}) => {
    await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    for (const path of ['/login', '/self-user/login', '/maintenance', '/privacy-and-terms']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page, {labelInName: true}), path).toEqual([]);
    }
  });

  test(`every shell route: no serious accessibility violations, and fits at 1280 and 375 px (${locale})`, async ({page}) => {
    // Some 50 routes, each checked by axe at two widths: minutes on a busy 2-core machine.
    test.setTimeout(300_000);
    await signIn(page, 'demo-admin', locale);
    for (const path of SHELL_ROUTES) {
      const name = path.replace(/\W+/g, '_');
      await page.setViewportSize({width: 1280, height: 800});
      await page.goto(path);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
      await expect(page.locator('main h1').first()).toBeVisible();
      expect(await seriousViolations(page, {labelInName: true}), path).toEqual([]);
      expect(await endlessAnimations(page), `${path}: nothing moves for a user who asks for reduced motion`).toEqual([]);
      await page.screenshot({path: `test-results/screens/routes/${locale}-1280${name}.png`});
      // At phone width the menu is a drawer and nothing pushes the page sideways.
      await page.setViewportSize({width: 375, height: 740});
      await expect(page.getByTestId('side-menu')).toBeHidden();
      await expectNoSidewaysScroll(page, path);
      await page.screenshot({path: `test-results/screens/routes/${locale}-375${name}.png`});
    }
    // The shell's overlays too: the settings panel (with the forum's news and the site switches) and a floating submenu.
    await page.setViewportSize({width: 1280, height: 800});
    await page.getByTestId('settings-open').click();
    await expect(page.getByTestId('forum-topic').first()).toBeVisible();
    expect(await seriousViolations(page, {labelInName: true}), 'settings panel').toEqual([]);
    await page.screenshot({path: `test-results/screens/routes/${locale}-1280-settings.png`});
  });
}

/** Animations that never end (spinners, pulses), by their element: the config asks for reduced motion. */
const endlessAnimations = (page: Page) =>
  page.evaluate(() =>
    document
      .getAnimations()
      .filter(a => a.playState === 'running' && a.effect?.getTiming().iterations === Infinity)
      .map(a => ((a.effect as KeyframeEffect).target as Element | null)?.outerHTML.slice(0, 120) ?? '?'),
  );

/** Every route of the shell (spec §2), straight from the sections table (parameterised ones with a sample id), and a card. */
const SHELL_ROUTES = [
  ...SECTIONS.map(s => s.path.replace('$id', s.path.startsWith('/dashboard') ? 'demo-activity-1' : 'demo-shadchan')),
  '/home/tickets/demo-00001',
  '/home/tickets/edit/demo-00001',
];
