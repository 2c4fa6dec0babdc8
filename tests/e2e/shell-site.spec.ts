import {expect, test, type Page} from '@playwright/test';
import {db, newSignedInPage, search, signIn} from './helpers.ts';

/** Site-wide switches touch every session: each test puts them back as migrations seed them. */
test.afterEach(async () => {
  const sql = db();
  await sql`UPDATE site_setting SET maintenance = false, idea_bank = true, forum = true`;
  await sql.end();
});

async function flipSiteSwitch(admin: Page, key: 'maintenance' | 'ideaBank' | 'forum') {
  await admin.getByTestId('settings-open').click();
  const toggle = admin.getByTestId('site-switches').getByTestId(`site-${key}`);
  const was = await toggle.getAttribute('aria-checked');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', was === 'true' ? 'false' : 'true');
  await admin.keyboard.press('Escape');
}

test('forum: unread badge from NodeBB through our server, clearing after 60 seconds; news in the settings panel', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page, 'demo-shadchan');
  const forum = page.getByTestId('side-menu').getByTestId('menu-forum');
  await expect(forum).toHaveAttribute('href', '/forum');
  await expect(forum.getByTestId('badge-forum')).toHaveText('7');
  await page.screenshot({path: 'test-results/screens/forum-badge-he.png'});

  await page.getByTestId('settings-open').click();
  const topics = page.getByTestId('forum-news').getByTestId('forum-topic');
  await expect(topics).toHaveCount(2);
  await expect(topics.first()).toHaveText(/עדכון נהלים לשדכנים & רכזות/);
  await expect(topics.first()).toHaveAttribute('href', '/forum/topic/12');
  await expect(topics.first()).toContainText('18-11-2026');
  await page.screenshot({path: 'test-results/screens/forum-news-he.png'});
  await page.keyboard.press('Escape');

  await page.clock.fastForward(61_000);
  await expect(forum.getByTestId('badge-forum')).toHaveCount(0);
});

test('forum: the site option turns the button off for everyone at once; the server then refuses', async ({browser}) => {
  const admin = await newSignedInPage(browser, 'demo-admin');
  const shadchan = await newSignedInPage(browser, 'demo-shadchan');
  await expect(shadchan.getByTestId('menu-forum')).toBeVisible();
  await flipSiteSwitch(admin, 'forum');
  await expect(shadchan.getByTestId('menu-forum')).toHaveCount(0);
  expect((await shadchan.request.get('/api/forum/unread')).status()).toBe(404);
});

test('idea bank switch: add-shidduch-idea is in the menu only while it is on, and its route follows', async ({browser}) => {
  const admin = await newSignedInPage(browser, 'demo-admin');
  const shadchan = await newSignedInPage(browser, 'demo-shadchan');
  await shadchan.getByTestId('submenu-ideas').click();
  await shadchan.getByTestId('menu-/add-shidduch-idea').click();
  await shadchan.waitForURL('**/add-shidduch-idea');
  await expect(shadchan.getByTestId('add-idea-page')).toBeVisible();

  await flipSiteSwitch(admin, 'ideaBank');
  await shadchan.waitForURL('**/home');
  await expect(shadchan.getByTestId('menu-/add-shidduch-idea')).toHaveCount(0);
  await shadchan.goto('/add-shidduch-idea');
  await shadchan.waitForURL('**/home');
});

test('maintenance switch: others are sent to the maintenance page and back; the admin keeps working', async ({browser}) => {
  const admin = await newSignedInPage(browser, 'demo-admin');
  const shadchan = await newSignedInPage(browser, 'demo-shadchan');

  await flipSiteSwitch(admin, 'maintenance');
  await shadchan.waitForURL('**/maintenance');
  await expect(shadchan.getByTestId('maintenance')).toBeVisible();
  await expect(admin.getByTestId('maintenance-banner')).toBeVisible();
  await expect(admin.getByTestId('candidate-row').first()).toBeVisible();
  await admin.screenshot({path: 'test-results/screens/maintenance-admin-he.png'});
  // A fresh visit is turned away too (the server refusing their writes is a pg test). The maintenance page's
  // first question is held until the switch is off: its answer must still take the visitor back in.
  let answer: () => void = () => {};
  const held = new Promise<void>(resolve => (answer = resolve));
  await shadchan.route('**/api/session', async route => {
    if (new URL(shadchan.url()).pathname === '/maintenance') await held;
    await route.continue();
  });
  await shadchan.goto('/home');
  await shadchan.waitForURL('**/maintenance');

  await flipSiteSwitch(admin, 'maintenance');
  await expect(admin.getByTestId('maintenance-banner')).toHaveCount(0);
  answer();
  await shadchan.waitForURL('**/home', {timeout: 20_000});
  // A full load of the app that connects Zero afresh, and it stays: no stored copy of the switch sends it back.
  await expect(shadchan.getByTestId('candidate-row').first()).toBeVisible({timeout: 20_000});
  expect(new URL(shadchan.url()).pathname).toBe('/home');
});

test('flagged routes keep their state: the candidate search is still there after visiting another section', async ({page}) => {
  await signIn(page, 'demo-admin');
  await search(page, 'אב');
  const rows = page.getByTestId('candidate-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  await page.getByTestId('menu-/dashboard').click();
  await expect(page.getByTestId('dashboard')).toBeVisible();
  await expect(page).toHaveTitle(/היום שלי/);
  await page.getByTestId('menu-/home').click();
  await expect(page.getByTestId('candidate-search')).toHaveValue('אב');
  await expect(rows).toHaveCount(before);
  await expect(page).toHaveTitle(/מועמדים/);
});

test('collapsed, a submenu floats beside the icons, at most 200 px high, with nested levels inside', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 700});
  // The administrator: the control panel's sectors need editSchools.
  await signIn(page, 'demo-admin');
  await page.getByTestId('collapse-toggle').click();
  try {
    // The menu is drawn anew as an icon column: a click before that would open the submenu in place.
    await expect(page.getByTestId('collapse-toggle')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('submenu-control').click();
    const floating = page.getByTestId('submenu-control-floating');
    await expect(floating).toBeVisible();
    await expect(floating.getByTestId('menu-/sectors')).toBeVisible();
    expect((await floating.boundingBox())!.height).toBeLessThanOrEqual(200);
    await floating.getByTestId('menu-/sectors').click();
    await page.waitForURL('**/sectors');
  } finally {
    await page.getByTestId('collapse-toggle').click();
  }
});

test('keyboard only: the menu, a submenu, the settings panel and a dialog, each with a visible focus ring', async ({page}) => {
  await signIn(page, 'demo-admin');
  const outlineOf = () =>
    page.evaluate(() => {
      const style = getComputedStyle(document.activeElement!);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });

  // Tab from the top of the page to the control panel's submenu: every stop has a focus ring.
  await page.locator('body').click({position: {x: 5, y: 400}});
  await page.keyboard.press('Shift+Tab');
  let reached = false;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press('Tab');
    expect(await outlineOf()).not.toMatch(/^none|0px$/);
    reached = (await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))) === 'submenu-control';
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('submenu-control')).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('menu-/recycle-bin')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('menu-/sectors')).toBeFocused();
  await page.screenshot({path: 'test-results/screens/keyboard-focus-he.png'});
  await page.keyboard.press('Enter');
  await page.waitForURL('**/sectors');

  // The settings panel opens from the keyboard, traps focus, and Escape gives focus back.
  await page.getByTestId('settings-open').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-panel')).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid=settings-panel]'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-panel')).toBeHidden();
  await expect(page.getByTestId('settings-open')).toBeFocused();

  // The contact dialog, from the keyboard.
  await page.getByTestId('open-contact').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(page.getByTestId('open-contact')).toBeFocused();
});
