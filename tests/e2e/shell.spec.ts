import {expect, test} from '@playwright/test';
import {
  db,
  expectNoSidewaysScroll,
  insertCard,
  inspect,
  newSignedInPage,
  pickActivitySide,
  signIn,
  uniqueSurname,
} from './helpers.ts';

/** The shell's menu is built from the user's permissions, and routes enforce the same permissions. */
test('the administrator sees every section; a view-only shadchan sees no admin-only ones', async ({browser}) => {
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'demo-admin');
  const adminMenu = admin.getByTestId('side-menu');
  // Admin sections sit in nested submenus: control panel › files and Excel, › system management › shadchanim.
  for (const submenu of ['control', 'excel', 'management', 'shadchanim']) {
    await adminMenu.getByTestId(`submenu-${submenu}`).click();
  }
  await expect(adminMenu.getByTestId('submenu-control')).toHaveAttribute('aria-expanded', 'true');
  for (const path of [
    '/home',
    '/dashboard',
    '/admin/logs',
    '/admin/exports',
    '/admin/schools',
    '/admin/notifications',
    '/users/new-user',
  ]) {
    await expect(adminMenu.getByTestId(`menu-${path}`)).toBeVisible();
  }
  await admin.screenshot({path: 'test-results/screens/shell-admin-he.png'});

  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, 'demo-viewer');
  const viewerMenu = viewer.getByTestId('side-menu');
  await expect(viewerMenu.getByTestId('menu-/dashboard')).toBeVisible();
  for (const path of ['/admin/logs', '/admin/exports', '/admin/notifications', '/users/new-user', '/import/excel']) {
    await expect(viewerMenu.getByTestId(`menu-${path}`)).toHaveCount(0);
  }

  // The coordinator was granted exportToExcel, and only that among the admin sections.
  const coordinator = await (await browser.newContext()).newPage();
  await signIn(coordinator, 'demo-coordinator');
  await coordinator.getByTestId('submenu-control').click();
  await coordinator.getByTestId('submenu-excel').click();
  await expect(coordinator.getByTestId('menu-/admin/exports')).toBeVisible();
  await expect(coordinator.getByTestId('menu-/import/excel')).toHaveCount(0);
  await expect(coordinator.getByTestId('menu-/admin/logs')).toHaveCount(0);
});

test('a guarded route sends a user without the permission home; with it, the section opens', async ({page}) => {
  await signIn(page, 'demo-viewer');
  await page.goto('/admin/logs');
  await page.waitForURL('**/home');
  await page.goto('/dashboard');
  await expect(page.getByTestId('dashboard')).toContainText('היום שלי');
  await expect(page).toHaveTitle('היום שלי · קשר');
});

test('public pages open without signing in: maintenance and privacy (Hebrew text, all sections)', async ({page}) => {
  await page.goto('/maintenance');
  await expect(page.getByTestId('maintenance')).toContainText('האתר בבנייה');
  await page.goto('/privacy-and-terms');
  const privacy = page.getByTestId('privacy');
  await expect(privacy).toHaveAttribute('dir', 'rtl');
  for (const heading of ['מידע שאינו אישי', 'עוגיות', 'אבטחת מידע', 'סמכות שיפוט', 'הגבלת אחריות', 'יצירת קשר']) {
    await expect(privacy.getByRole('heading', {name: heading})).toBeVisible();
  }
  await expect(privacy).toContainText('בירושלים');
  await page.screenshot({path: 'test-results/screens/privacy-he.png', fullPage: true});
});

test('the reminders bell is live: an activity made in the form with a reminder due appears at once and opens its form', async ({
  page,
}) => {
  await signIn(page, 'demo-shadchan');
  const sql = db();
  const [due] = await sql<{count: number}[]>`
    SELECT count(*)::int AS count FROM activity
    WHERE created_by = 'demo-shadchan' AND status = 'in_progress' AND reminder_at <= date_trunc('day', now()) + interval '1 day'`;
  const card = (gender: string) => sql<{forename: string; surname: string}[]>`
    SELECT forename, surname FROM profile
    WHERE gender = ${gender} AND database = 'general' AND visibility = 'all' AND deleted_at IS NULL AND state = 'active'
    ORDER BY id LIMIT 1`;
  const [man] = await card('male');
  const [woman] = await card('female');
  const title = `להתקשר לאבא של הבחור ${Date.now()}`;
  try {
    await page.getByTestId('side-menu').getByTestId('menu-/dashboard/activities').click();
    await page.getByTestId('new-activity').click();
    const form = page.getByTestId('activity-form');
    await form.locator('[name=title]').fill(title);
    await pickActivitySide(page, 'male', man!);
    await pickActivitySide(page, 'female', woman!);
    // Due already: today at midnight, on the browser's clock.
    const today = new Date();
    const two = (n: number) => String(n).padStart(2, '0');
    await form.locator('[name=reminderDate]').fill(`${two(today.getDate())}-${two(today.getMonth() + 1)}-${today.getFullYear()}`);
    await form.locator('[name=reminderTime]').fill('00:00');
    await page.getByTestId('activity-save').click();
    await page.waitForURL(url => /\/dashboard\/activity\/edit\/(?!new)[^/]+$/.test(url.pathname));
    const id = decodeURIComponent(page.url().split('/').pop()!);

    await expect(page.getByTestId('reminders-count')).toHaveText(String(due!.count + 1));
    await expect(page.getByTestId('side-menu').getByTestId('badge-reminders')).toHaveText(String(due!.count + 1));
    await page.getByTestId('reminders-bell').click();
    const item = page.getByTestId('reminders-list').getByTestId('reminder').filter({hasText: title});
    await expect(item).toBeVisible();
    await expect(item).toContainText(/\d{2}-\d{2}-\d{4} 00:00/);
    await page.screenshot({path: 'test-results/screens/reminders-he.png'});
    // From the list to the form of this very activity.
    await page.getByTestId('side-menu').getByTestId('menu-/home').click();
    await page.getByTestId('reminders-bell').click();
    await item.click();
    await page.waitForURL(`**/dashboard/activity/edit/${id}`);
    await expect(page.getByTestId('activity-form').locator('[name=title]')).toHaveValue(title);
  } finally {
    await sql`DELETE FROM activity WHERE title = ${title}`;
    await sql.end();
  }
});

/** The text of the first mail to the office after the first `before` mails the SMTP stand-in received. */
const officeMailSince = async (before: number) =>
  (await inspect<{to: string[]; text: string}>('mails')).slice(before).find(mail => mail.to.includes('office@kesher.test'))
    ?.text ?? '';

test('contact dialog: an empty message is refused; a message reaches the office by email', async ({page}) => {
  await signIn(page, 'demo-shadchan');
  await page.getByTestId('open-contact').click();
  await page.getByTestId('contact-send').click();
  const error = page.getByTestId('contact-error');
  await expect(error).toContainText('שגיאה');
  await expect(error).toContainText('יש להזין הודעה לפני השליחה');

  const before = (await inspect('mails')).length;
  await page.locator('[name=message]').fill('אשמח לעזרה בהעלאת כרטיסים');
  await page.locator('[name=training]').fill('יום ראשון אחר הצהריים');
  await page.screenshot({path: 'test-results/screens/contact-he.png'});
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('ההודעה נשלחה!')).toBeVisible();
  await expect.poll(() => officeMailSince(before)).toContain('תיאום הדרכה:\nיום ראשון אחר הצהריים');
});

test('contact from a card: the message carries the card’s number and name', async ({page}) => {
  const surname = uniqueSurname();
  const cardID = await insertCard(surname, {forename: 'רבקה'});
  await signIn(page, 'demo-shadchan');
  await page.goto(`/home/tickets/${cardID}`);
  await page.getByTestId('card-contact').click();
  await expect(page.getByTestId('contact-about')).toContainText(`רבקה ${surname}`);
  const before = (await inspect('mails')).length;
  await page.locator('[name=message]').fill('יש מידע חדש על הכרטיס');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('ההודעה נשלחה!')).toBeVisible();
  await expect.poll(() => officeMailSince(before)).toContain(`רבקה ${surname} (${cardID})`);
});

test('shell buttons: personal link copied, proxy number shown, worlds form only after agreeing', async ({page, context}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, 'demo-shadchan');
  await page.getByTestId('copy-link').click();
  await expect(page.getByText('הקישור הועתק')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/api\/peoples\/add-people-by-user\/demo-shadchan$/);
  await expect(page.getByTestId('proxy-number')).toContainText('03-5550000');
  await expect(page.getByTestId('menu-donate')).toHaveAttribute('href', 'https://donate.kesher.test/');

  await page.getByTestId('open-worlds').click();
  await page.getByTestId('worlds-open').click();
  await expect(page.getByTestId('worlds-error')).toHaveText('יש לסמן את תיבת הסימון לפני פתיחת הטופס');
  await page.getByTestId('worlds-agree').check();
  const [form] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('worlds-open').click()]);
  expect(form.url()).toContain('/worlds-form');
});

test('at 375 px the side menu becomes a drawer that closes on navigation', async ({browser}) => {
  const page = await (await browser.newContext({viewport: {width: 375, height: 740}})).newPage();
  await signIn(page, 'demo-admin');
  await expect(page.getByTestId('side-menu')).toBeHidden();
  // No horizontal scroll on the page itself: the candidate table scrolls inside its own box.
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/home-375-he.png'});
  await page.getByTestId('menu-drawer-open').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer).toBeVisible();
  await page.screenshot({path: 'test-results/screens/drawer-375-he.png'});
  await drawer.getByTestId('menu-/dashboard').click();
  await page.waitForURL('**/dashboard');
  await expect(drawer).toBeHidden();
});

test('layout settings take effect, persist across a reload, and follow the user to another device', async ({browser}) => {
  const first = await (await browser.newContext()).newPage();
  await signIn(first, 'demo-coordinator');
  await first.getByTestId('settings-open').click();
  await first.getByTestId('font-large').click();
  await first.getByTestId('toggle-sidebarCollapsed').click();
  await expect(first.locator('html')).toHaveClass(/text-large/);
  await expect(first.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
  await first.screenshot({path: 'test-results/screens/settings-he.png'});
  try {
    await first.reload();
    await expect(first.getByTestId('candidate-row').first()).toBeVisible();
    await expect(first.locator('html')).toHaveClass(/text-large/);
    await expect(first.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');

    // A second device (nothing stored locally) gets the settings from the server.
    const second = await (await browser.newContext()).newPage();
    await signIn(second, 'demo-coordinator');
    await expect(second.locator('html')).toHaveClass(/text-large/);
    await expect(second.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'true');
  } finally {
    await first.getByTestId('settings-open').click();
    await first.getByTestId('font-regular').click();
    await first.getByTestId('toggle-sidebarCollapsed').click();
    await expect(first.getByTestId('side-menu')).toHaveAttribute('data-collapsed', 'false');
  }
});

test('jump arrows scroll a long page down and back up; the footer is there', async ({page}) => {
  await page.setViewportSize({width: 1280, height: 600});
  await signIn(page, 'demo-admin');
  // A card: long, and of a bounded length (the candidate list grows by pages as it nears its end).
  await page.goto('/home/tickets/demo-00001');
  await expect(page.getByTestId('card-print')).toBeVisible();
  await expect(page.getByTestId('jump-up')).toHaveCount(0);
  // The arrows show once the page moves (at rest they fade and let clicks through). A section that
  // loads as it comes into view lengthens the page under the jump: as a user would, jump again.
  await expect(async () => {
    await page.mouse.wheel(0, 50);
    await page.getByTestId('jump-down').click({timeout: 2_000});
    await expect(page.locator('footer')).toBeInViewport({timeout: 2_000});
  }).toPass({timeout: 20_000});
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.getByTestId('jump-up').click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('the top bar’s collapse toggle folds the side menu to icons and back', async ({page}) => {
  await signIn(page, 'demo-viewer');
  const menu = page.getByTestId('side-menu');
  await expect(menu).toHaveAttribute('data-collapsed', 'false');
  await page.getByTestId('collapse-toggle').click();
  await expect(menu).toHaveAttribute('data-collapsed', 'true');
  await expect(menu.getByTestId('menu-/dashboard/calls')).toHaveAttribute('title', 'שיחות טלפון');
  await page.getByTestId('collapse-toggle').click();
  await expect(menu).toHaveAttribute('data-collapsed', 'false');
});

test('/forum/** leaves for the configured forum with a full page load, keeping the path and query', async ({page}) => {
  const forum = new URL(process.env.E2E_FORUM_URL!);
  const atForum = (url: URL, path: string) => url.host === forum.host && url.pathname === path;
  await page.goto('/forum/topic/12?page=2');
  await page.waitForURL(url => atForum(url, '/forum/topic/12') && url.search === '?page=2');
  await page.goto('/forum');
  await page.waitForURL(url => atForum(url, '/forum/'));
});

test('/admin is the administration at a glance: what the user may open of it, or that there is nothing', async ({browser}) => {
  const admin = await newSignedInPage(browser, 'demo-admin', 'en');
  await admin.goto('/admin');
  await expect(admin.getByTestId('admin-overview')).toBeVisible();
  await admin.getByTestId('admin-link-/admin/reports').click();
  await admin.waitForURL('**/admin/reports');
  const viewer = await newSignedInPage(browser, 'demo-viewer');
  await viewer.goto('/admin');
  // A view-only shadchan: the reports over what they see, and nothing of the staff's.
  await expect(viewer.getByTestId('admin-link-/admin/reports')).toBeVisible();
  await expect(viewer.getByTestId('admin-link-/users')).toHaveCount(0);
});
