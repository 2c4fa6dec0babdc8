import {expect, test} from '@playwright/test';
import {db, expectNoSidewaysScroll, newSignedInPage, uniqueSurname} from './helpers.ts';

/**
 * Shadchanim (issue 13) in the browser: the administrator adds one through the form (the form's own
 * errors first, then the server's duplicate refusal), approves them, and blocking them cuts off a page
 * they have open: it is back at the sign-in within seconds.
 */

/** A fresh Israeli mobile number as people type it. */
const mobile = () => `050-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;

test('the administrator adds a shadchan (a duplicate phone refused), who signs the agreement and sees the list; edit rights granted and revoked live; blocking signs them out at once', async ({
  browser,
}) => {
  // A long story with two users and several sign-ins: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const admin = await newSignedInPage(browser, 'demo-admin', 'en');
  await admin.goto('/users/new-user');
  const form = admin.getByTestId('staff-form');

  // Nothing filled: each required field says what it needs, and nothing is saved.
  await admin.getByTestId('staff-save').click();
  await expect(form.getByText('Enter the full name')).toBeVisible();
  await expect(form.getByText('Enter a phone number')).toBeVisible();
  await expect(form.getByText('Select a gender').last()).toBeVisible();
  await admin.screenshot({path: 'test-results/screens/staff-new-errors-en.png'});

  const name = `Shadchan ${uniqueSurname()}`;
  const phone = mobile();
  await form.locator('[name=name]').fill(name);
  await form.locator('[name=phone]').fill('12');
  await form.locator('[name=gender]').selectOption('female');
  await form.locator('[name=email]').fill('not-an-email');
  await admin.getByTestId('staff-save').click();
  await expect(form.getByText('Invalid phone number')).toBeVisible();
  await expect(form.getByText('Invalid email address')).toBeVisible();

  await form.locator('[name=phone]').fill(phone);
  await form.locator('[name=email]').fill('');
  await form.locator('[name=availableHours]').fill('Sun–Thu 18:00–21:00');
  await form.locator('[name=printNotes]').fill('Call in the evening');
  await admin.getByTestId('staff-save').click();
  await admin.waitForURL('**/users/edit/**');
  const id = decodeURIComponent(new URL(admin.url()).pathname.split('/').pop()!);
  await expect(admin.getByTestId('staff-state')).toHaveAttribute('data-state', 'pending');

  // Its print view carries the hours and the notes to print.
  await admin.getByTestId('staff-print-link').click();
  const sheet = admin.getByTestId('staff-print');
  await expect(sheet.getByText('Sun–Thu 18:00–21:00')).toBeVisible();
  await expect(sheet.getByTestId('staff-print-notes')).toContainText('Call in the evening');
  await expect(sheet.getByText(phone)).toBeVisible();

  // A second one with the same mobile number: the server refuses it by field.
  await admin.goto('/users/new-user');
  await form.locator('[name=name]').fill(`Other ${uniqueSurname()}`);
  await form.locator('[name=phone]').fill(phone);
  await form.locator('[name=gender]').selectOption('male');
  await admin.getByTestId('staff-save').click();
  await expect(form.getByText('A shadchan with this contact number already exists')).toBeVisible();
  await expect(admin).toHaveURL(/\/users\/new-user$/);

  // The list finds the first by phone, live.
  await admin.goto('/users');
  await admin.getByTestId('staff-search').fill(phone);
  await expect(admin.getByTestId('staff-row')).toHaveCount(1);
  await expect(admin.getByTestId('staff-row').first()).toHaveAttribute('data-id', id);

  // Approved, the shadchan signs in (the activities declaration first) and has a page open.
  await admin.goto(`/users/edit/${id}`);
  await admin.getByTestId('staff-approve').click();
  await admin.getByTestId('confirm-ok').click();
  await expect(admin.getByTestId('staff-state')).toHaveAttribute('data-state', 'active');
  const shadchan = await (await browser.newContext()).newPage();
  await shadchan.goto('/login');
  await shadchan.getByTestId(`sign-in-${id}`).click();
  await shadchan.getByTestId('declaration-checkbox').check();
  await shadchan.getByTestId('declaration-enter').click();
  // A new shadchan signs the commitment form first (user-agreement/{id}), then sees the list.
  await shadchan.waitForURL(`**/user-agreement/${id}`);
  await shadchan.getByTestId('agreement-checkbox').check();
  await shadchan.getByTestId('agreement-name').fill(name);
  await shadchan.getByTestId('agreement-sign').click();
  await shadchan.getByTestId('agreement-continue').click();
  await shadchan.waitForURL('**/home');
  await expect(shadchan.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await expect(shadchan.getByTestId('candidate-row').first()).toBeVisible();
  // Without edit rights there is no new-card action; granted live, it appears; revoked, it goes.
  await expect(shadchan.getByTestId('new-candidate')).toHaveCount(0);
  // One save on the page (issue 31): a ticked box is an unsaved change the footer knows of.
  await admin.getByTestId('permission-editTickets').check();
  await expect(admin.getByTestId('staff-dirty')).toHaveText('You have unsaved changes');
  await admin.getByTestId('staff-save').click();
  await expect(admin.getByTestId('staff-dirty')).toHaveText('All changes saved');
  await expect(shadchan.getByTestId('new-candidate')).toBeVisible();
  await admin.getByTestId('permission-editTickets').uncheck();
  await admin.getByTestId('staff-save').click();
  await expect(shadchan.getByTestId('new-candidate')).toHaveCount(0);
  // A right of the role's preset withheld (issue 30): without "view profiles" their list empties, live;
  // given back, it returns.
  await admin.getByTestId('permission-showTickets').uncheck();
  await expect(admin.getByTestId('withheld-showTickets')).toBeVisible();
  await admin.getByTestId('staff-save').click();
  await expect(shadchan.getByTestId('candidate-row')).toHaveCount(0);
  await admin.getByTestId('permission-showTickets').check();
  await admin.getByTestId('staff-save').click();
  await expect(shadchan.getByTestId('candidate-row').first()).toBeVisible();

  // Blocked: their sessions end with the block, and their open page is back at the sign-in within seconds.
  await admin.getByTestId('staff-block').click();
  await admin.getByTestId('confirm-ok').click();
  const blockedAt = Date.now();
  await expect(admin.getByTestId('staff-state')).toHaveAttribute('data-state', 'blocked');
  await shadchan.waitForURL('**/login**', {timeout: 8_000});
  expect(Date.now() - blockedAt).toBeLessThan(8_000);
  const sql = db();
  try {
    expect(await sql`SELECT count(*)::int AS live FROM session WHERE user_id = ${id} AND revoked_at IS NULL`).toEqual([
      {live: 0},
    ]);
  } finally {
    await sql.end();
  }
  await shadchan.context().close();
});

test('the staff list is cards on a 375 px phone, in Hebrew (RTL)', async ({browser}) => {
  const page = await newSignedInPage(browser, 'demo-admin', 'he');
  await page.setViewportSize({width: 375, height: 800});
  await page.goto('/users');
  await expect(page.getByTestId('staff-card').first()).toBeVisible();
  await expect(page.getByTestId('staff-table')).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectNoSidewaysScroll(page);
  await page.getByTestId('staff-filter-role').selectOption('admin');
  await expect(page.getByTestId('staff-card')).toHaveCount(1);
  await page.screenshot({path: 'test-results/screens/staff-list-he-375.png'});
});

test('a coordinator serves a community or an institution chosen on the form; the role asks for it', async ({browser}) => {
  for (const locale of ['he', 'en'] as const) {
    const admin = await newSignedInPage(browser, 'demo-admin', locale);
    await admin.goto('/users/new-user');
    const form = admin.getByTestId('staff-form');
    await expect(form.getByTestId('staff-place')).toHaveCount(0);
    await form.locator('[name=name]').fill(`${locale === 'he' ? 'רכזת' : 'Coordinator'} ${uniqueSurname()}`);
    await form.locator('[name=phone]').fill(mobile());
    await form.locator('[name=gender]').selectOption('female');
    await form.locator('[name=role]').selectOption('coordinator');
    await admin.getByTestId('staff-save').click();
    await expect(form.getByText(locale === 'he' ? 'יש לבחור מוסד או קהילה' : 'Choose an institution or community')).toBeVisible();
    await form.getByTestId('staff-place').selectOption('institution:wolf');
    await admin.getByTestId('staff-save').click();
    await admin.waitForURL('**/users/edit/**');
    await expect(form.getByTestId('staff-place')).toHaveValue('institution:wolf');
    for (const width of [1280, 375]) {
      await admin.setViewportSize({width, height: 900});
      await expectNoSidewaysScroll(admin);
      await admin.screenshot({path: `test-results/screens/staff-coordinator-place-${locale}-${width}.png`, fullPage: true});
    }
    await admin.context().close();
  }
});
