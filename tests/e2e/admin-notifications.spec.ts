import {expect, test} from '@playwright/test';
import {db, signIn} from './helpers.ts';

/** admin/notifications: the administrator writes a notice (bad input refused near its field) and sees it listed with its reads. */
test('the administrator writes a notice and sees it listed, read by no one yet', async ({page}) => {
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
    await page.screenshot({path: 'test-results/screens/admin-notifications-1280-he.png', fullPage: true});
    await page.setViewportSize({width: 375, height: 800});
    await page.screenshot({path: 'test-results/screens/admin-notifications-375-he.png', fullPage: true});
  } finally {
    // Other tests sign in through /login: a live notice of this test's would greet them.
    const sql = db();
    await sql`UPDATE admin_notification SET active = false WHERE title = ${title}`;
    await sql.end();
  }
});
