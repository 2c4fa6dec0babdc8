import {expect, test} from '@playwright/test';
import {db, signIn} from './helpers.ts';

/** Issue 11 "menu honesty": what is not built says so, and only editors hand out the add-card link. */
test('built entries carry no “coming soon” mark, and no such mark a badge; the activities entry counts the due reminders', async ({
  page,
}) => {
  const sql = db();
  const [man] = await sql<{id: string}[]>`SELECT id FROM profile WHERE gender = 'male' AND database = 'general' LIMIT 1`;
  const [woman] = await sql<{id: string}[]>`SELECT id FROM profile WHERE gender = 'female' AND database = 'general' LIMIT 1`;
  const id = `e2e-menu-${Date.now()}`;
  // A reminder due now: the bell counts it, and so does the activities entry.
  await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, reminder_at, created_by)
            VALUES (${id}, 'suggestion', 'תזכורת לבדיקת התפריט', ${man!.id}, ${woman!.id}, now() - interval '1 hour', 'demo-shadchan')`;
  try {
    await signIn(page, 'demo-shadchan');
    await expect(page.getByTestId('reminders-count')).toBeVisible();
    const menu = page.getByTestId('side-menu');
    // The ideas bank is built now (issue 17): its entry carries no mark.
    await menu.getByTestId('submenu-ideas').click();
    await expect(menu.getByTestId('menu-/ideas').getByTestId('coming-soon-tag')).toHaveCount(0);
    const activities = menu.getByTestId('menu-/dashboard/activities');
    await expect(activities.getByTestId('coming-soon-tag')).toHaveCount(0);
    await expect(activities.getByTestId('badge-reminders')).toHaveText(await page.getByTestId('reminders-count').innerText());
    await expect(menu.locator('[data-coming-soon] [data-testid^=badge-]')).toHaveCount(0);
    // Built entries keep theirs (the forum's unread posts).
    await expect(menu.getByTestId('badge-forum')).toBeVisible();
    // Built screens carry no such mark.
    await expect(menu.getByTestId('menu-/home').getByTestId('coming-soon-tag')).toHaveCount(0);
    await expect(menu.getByTestId('menu-/home/tickets/new').getByTestId('coming-soon-tag')).toHaveCount(0);
    await page.screenshot({path: 'test-results/screens/menu-coming-soon-he.png'});

    await page.getByTestId('reminders-bell').click();
    const all = page.getByTestId('reminders-all');
    await expect(all).toContainText('לכל הפעילויות');
    await all.click();
    await page.waitForURL('**/dashboard/activities');
    await expect(page.getByTestId('activities-page')).toBeVisible();
    await expect(page.getByTestId('coming-soon')).toHaveCount(0);
  } finally {
    await sql`DELETE FROM activity WHERE id = ${id}`;
    await sql.end();
  }
});

test('in English the ideas submenu opens the bank', async ({page}) => {
  await signIn(page, 'demo-coordinator', 'en');
  await page.getByTestId('side-menu').getByTestId('submenu-ideas').click();
  await page.getByTestId('side-menu').getByTestId('menu-/ideas').click();
  await page.waitForURL('**/ideas');
  await expect(page.getByRole('heading', {name: 'Ideas bank'})).toBeVisible();
  await expect(page.getByTestId('coming-soon')).toHaveCount(0);
});

test('the view-only shadchan gets no personal add-card link, in the side column or the phone’s drawer', async ({browser}) => {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, 'demo-viewer');
  await expect(page.getByTestId('shell-actions')).toBeVisible();
  await expect(page.getByTestId('open-contact')).toBeVisible();
  await expect(page.getByTestId('copy-link')).toHaveCount(0);

  await page.setViewportSize({width: 375, height: 740});
  await page.getByTestId('menu-drawer-open').click();
  const drawer = page.getByTestId('menu-drawer');
  await expect(drawer.getByTestId('open-contact')).toBeVisible();
  await expect(drawer.getByTestId('copy-link')).toHaveCount(0);

  // A shadchan who may edit has it.
  const editor = await (await browser.newContext()).newPage();
  await signIn(editor, 'demo-shadchan');
  await expect(editor.getByTestId('copy-link')).toBeVisible();
});
