import {expect, test} from '@playwright/test';
import {db, newSignedInPage, phoneSignIn, signIn} from './helpers.ts';

/**
 * admin/notifications: the administrator writes a notice (bad input refused near its field), sees it
 * listed with its reads, and edits it: the form shows what was stored.
 */
test('the administrator writes a notice, sees it listed read by no one yet, and edits it', async ({page}) => {
  const title = `הודעת בדיקה ${Date.now()}`;
  try {
    await signIn(page, 'demo-admin');
    await page.goto('/admin/notifications');
    await page.getByTestId('notification-new').click();
    await page.getByTestId('notification-save').click();
    await expect(page.getByTestId('notification-form').getByText('שדה חובה').first()).toBeVisible();
    await page.getByTestId('notification-title').fill(title);
    await page.getByTestId('notification-body').fill('ביום חמישי אין משמרת טלפונים.');
    await page.getByTestId('notification-audience').selectOption('roles');
    await page.getByTestId('notification-save').click();
    await expect(page.getByText('יש לבחור לפחות תפקיד אחד')).toBeVisible();
    await page.getByLabel('שדכן').check();
    await page.screenshot({path: 'test-results/screens/admin-notifications-form-1280-he.png'});
    await page.getByTestId('notification-save').click();
    const row = page.getByTestId('notification-row').filter({hasText: title});
    await expect(row).toContainText('נקראה על ידי 0');
    await expect(row.getByTestId('notification-audience-shown')).toContainText('שדכן/ית');
    await page.screenshot({path: 'test-results/screens/admin-notifications-1280-he.png', fullPage: true});

    // Edited: the form shows what was stored (the role chosen); a period that ends before it starts is refused.
    await row.getByRole('button', {name: 'עריכה'}).click();
    const form = page.getByTestId('notification-form');
    await expect(form.getByLabel('שדכן')).toBeChecked();
    await expect(form.getByLabel('רכז/ת קהילה')).not.toBeChecked();
    // Dates as every date field of the app takes them (DD-MM-YYYY), the time in 24 hours.
    await form.locator('[name=fromDate]').fill('01-12-2099');
    await form.locator('[name=fromTime]').fill('10:00');
    await form.locator('[name=untilDate]').fill('30-11-2099');
    await form.locator('[name=untilTime]').fill('10:00');
    await page.getByTestId('notification-save').click();
    await expect(form.getByText('תאריך הסיום חייב להיות אחרי תאריך ההתחלה')).toBeVisible();
    await form.locator('[name=untilDate]').fill('02-12-2099');
    await form.locator('[name=untilTime]').fill('18:30');
    await page.getByTestId('notification-body').fill('ביום חמישי אין משמרת טלפונים, גם לא בערב.');
    await page.getByTestId('notification-save').click();
    await expect(form).toHaveCount(0);
    await expect(row).toContainText('גם לא בערב');
    await expect(row).toContainText('01-12-2099 10:00 – 02-12-2099 18:30');
    await page.setViewportSize({width: 375, height: 800});
    await page.screenshot({path: 'test-results/screens/admin-notifications-375-he.png', fullPage: true});
  } finally {
    // Other tests sign in through /login: a live notice of this test's would greet them.
    const sql = db();
    await sql`UPDATE admin_notification SET active = false WHERE title = ${title}`;
    await sql.end();
  }
});

/**
 * Live (issue 13): a second holder of adminNotifications, their screen open, sees the first's new notice
 * arrive, then its reader: the count and the name grow the moment the user reads it in their popup after
 * sign-in. What the second does (retire it) reaches the first's screen the same way. No reload anywhere.
 */
test("a second administrator's open screen shows a new notice and a user's reading of it live", async ({page, browser}) => {
  const sql = db();
  const holderID = `e2e-notif-${Math.random().toString(36).slice(2, 10)}`;
  await sql`INSERT INTO app_user (id, name, gender, role, permissions, approved_at, declaration_accepted_on, agreement_due)
            VALUES (${holderID}, 'מנהלת הודעות', 'female', 'shadchan', '["adminNotifications"]', now(), current_date, false)`;
  const title = `הודעה חיה ${Date.now()}`;
  try {
    const second = await newSignedInPage(browser, holderID);
    await second.goto('/admin/notifications');
    await expect(second.getByTestId('notification-new')).toBeVisible();

    await signIn(page, 'demo-admin');
    await page.goto('/admin/notifications');
    await page.getByTestId('notification-new').click();
    await page.getByTestId('notification-title').fill(title);
    await page.getByTestId('notification-body').fill('מחר בעשר ישיבת נציגים.');
    await page.getByTestId('notification-audience').selectOption('users');
    await page.getByTestId('notification-save').click();
    await expect(page.getByText('יש לבחור לפחות משתמש אחד')).toBeVisible();
    await page.getByTestId('notification-form').getByLabel('חנה לוי').check();
    await page.getByTestId('notification-save').click();
    await expect(page.getByTestId('notification-form')).toHaveCount(0);

    const row = second.getByTestId('notification-row').filter({hasText: title});
    await expect(row.getByTestId('notification-reads')).toHaveText('נקראה על ידי 0');
    await expect(row.getByTestId('notification-audience-shown')).toContainText('משתמשים נבחרים (1)');
    await row.getByTestId('notification-reads').click();
    const readers = row.getByTestId('notification-readers').getByRole('listitem');
    await expect(readers).toHaveCount(0);

    // חנה לוי signs in as a user does; the popup shows the notice, and she reads it.
    const readerContext = await browser.newContext();
    try {
      const reader = await readerContext.newPage();
      await reader.goto('/login');
      await phoneSignIn(reader, '050-1000005', '+972501000005');
      const popup = reader.getByTestId('admin-notification');
      await expect(popup).toContainText('מחר בעשר ישיבת נציגים.');
      await reader.getByTestId('admin-notification-next').click();
      await reader.waitForURL('**/home');
    } finally {
      await readerContext.close();
    }

    await expect(row.getByTestId('notification-reads')).toHaveText('נקראה על ידי 1');
    await expect(readers).toHaveCount(1);
    await expect(readers.first()).toContainText('חנה לוי');
    await second.screenshot({path: 'test-results/screens/admin-notifications-readers-1280-he.png', fullPage: true});
    const first = page.getByTestId('notification-row').filter({hasText: title});
    await expect(first.getByTestId('notification-reads')).toHaveText('נקראה על ידי 1');

    await row.getByRole('button', {name: 'הפסקת הצגה'}).click();
    await expect(first).toContainText('הופסקה');
    await expect(first.getByRole('button', {name: 'החזרה להצגה'})).toBeVisible();
  } finally {
    await sql`UPDATE admin_notification SET active = false WHERE title = ${title}`;
    await sql`DELETE FROM session WHERE user_id = ${holderID}`;
    await sql.end();
  }
});
