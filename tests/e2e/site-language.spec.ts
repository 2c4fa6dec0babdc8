import {expect, test, type Browser, type Page} from '@playwright/test';
import {db, newSignedInPage} from './helpers.ts';

/** The default language reaches every browser without a choice, so it goes back to Hebrew whatever happens. */
test.afterEach(async () => {
  const sql = db();
  await sql`UPDATE site_setting SET default_language = 'he'`;
  await sql.end();
});

const storedDefault = async () => {
  const sql = db();
  const [row] = await sql<{default_language: string}[]>`SELECT default_language FROM site_setting`;
  await sql.end();
  return row?.default_language;
};

/** A browser that never chose a language, or (`chosen`) one whose user picked it in the switcher. */
async function openLogin(browser: Browser, chosen?: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (chosen) await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), chosen);
  await page.goto('/login');
  await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  return page;
}

/** The sign-in page in `lang`: its direction, the card's subtitle and the switcher agree. */
async function expectLanguage(page: Page, lang: string, dir: 'rtl' | 'ltr', subtitle: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  await expect(page.getByText(subtitle, {exact: true})).toBeVisible();
  await expect(page.getByTestId('language-switcher')).toHaveValue(lang);
}

test('default language: the admin sets English; a fresh browser signs in in English, one that chose Hebrew stays Hebrew', async ({
  browser,
}) => {
  const admin = await newSignedInPage(browser, 'demo-admin');
  await admin.getByTestId('settings-open').click();
  const select = admin.getByTestId('site-switches').getByTestId('site-defaultLanguage');
  await expect(select).toHaveValue('he');
  await select.scrollIntoViewIfNeeded();
  await admin.screenshot({path: 'test-results/screens/site-default-language-he.png'});
  await admin.setViewportSize({width: 375, height: 800});
  await select.scrollIntoViewIfNeeded();
  await admin.screenshot({path: 'test-results/screens/site-default-language-he-375.png'});

  await select.selectOption('en');
  await expect.poll(storedDefault).toBe('en');
  await expect(select).toHaveValue('en');

  // Nobody chose a language in this browser: the sign-in page is English and left to right from the start.
  const fresh = await openLogin(browser);
  await expectLanguage(fresh, 'en', 'ltr', 'Sign-in for shadchanim and staff');
  await fresh.screenshot({path: 'test-results/screens/site-default-language-login-en.png'});
  // Showing the default stores nothing, so the browser keeps following the site's setting.
  expect(await fresh.evaluate(() => localStorage.getItem('PARAGLIDE_LOCALE'))).toBeNull();

  const choseHebrew = await openLogin(browser, 'he');
  await expectLanguage(choseHebrew, 'he', 'rtl', 'כניסת שדכנים ואנשי צוות');

  // A user's own choice in the switcher wins over the default, and survives reloads.
  await fresh.getByTestId('language-switcher').selectOption('de');
  await expectLanguage(fresh, 'de', 'ltr', 'Anmeldung für Schadchanim und Mitarbeiter');
  await fresh.reload();
  await expectLanguage(fresh, 'de', 'ltr', 'Anmeldung für Schadchanim und Mitarbeiter');

  // Back to Hebrew through the panel: a browser without a choice follows on its next load.
  await select.selectOption('he');
  await expect.poll(storedDefault).toBe('he');
  const later = await openLogin(browser);
  await expectLanguage(later, 'he', 'rtl', 'כניסת שדכנים ואנשי צוות');
  await fresh.reload();
  await expectLanguage(fresh, 'de', 'ltr', 'Anmeldung für Schadchanim und Mitarbeiter');
  for (const page of [fresh, choseHebrew, later]) await page.context().close();
});

test('default language: the control in English, at 1280 and 375 px', async ({browser}) => {
  const admin = await newSignedInPage(browser, 'demo-admin', 'en');
  await admin.getByTestId('settings-open').click();
  const select = admin.getByTestId('site-switches').getByTestId('site-defaultLanguage');
  await expect(admin.getByText('Site default language')).toBeVisible();
  await expect(select).toHaveValue('he');
  await select.scrollIntoViewIfNeeded();
  await admin.screenshot({path: 'test-results/screens/site-default-language-en.png'});
  await admin.setViewportSize({width: 375, height: 800});
  await select.scrollIntoViewIfNeeded();
  await admin.screenshot({path: 'test-results/screens/site-default-language-en-375.png'});
});
