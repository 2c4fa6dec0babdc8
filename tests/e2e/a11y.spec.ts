import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {signIn} from './helpers.ts';

/** WCAG 2.0 AA (Israeli accessibility law): no serious or critical axe violations, in Hebrew and English. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({page}).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(
      v =>
        `${v.id}: ${v.nodes
          .map(n => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

for (const locale of ['he', 'en'] as const) {
  test(`public pages have no serious accessibility violations (${locale})`, async ({page}) => {
    await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    for (const path of ['/login', '/self-user/login', '/maintenance', '/privacy-and-terms']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });

  test(`shell routes have no serious accessibility violations (${locale})`, async ({page}) => {
    await signIn(page, 'demo-admin', locale);
    for (const path of ['/home', '/dashboard', '/admin/logs', '/sectors']) {
      await page.goto(path);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}
