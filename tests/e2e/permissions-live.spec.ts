import {expect, test} from '@playwright/test';
import {db, signIn, uniqueSurname} from './helpers.ts';

/**
 * Issue 13: a change to a user's permissions reaches their open browser at once: the menu changes and
 * a page they may no longer open sends them home, without a reload.
 */
test('revoking and granting a permission changes the menu and the route guards live', async ({page}) => {
  const sql = db();
  const id = `e2e-perm-${Math.random().toString(36).slice(2, 10)}`;
  await sql`INSERT INTO app_user (id, name, gender, role, permissions, approved_at, declaration_accepted_on, agreement_due)
            VALUES (${id}, ${uniqueSurname()}, 'female', 'shadchan', '["authorizeTemporaryProfiles"]', now(), current_date, false)`;
  try {
    await signIn(page, id);
    const entry = page.getByTestId('side-menu').getByTestId('menu-/temporary-profiles');
    await expect(entry).toBeVisible();
    await entry.click();
    await page.waitForURL('**/temporary-profiles');

    await sql`UPDATE app_user SET permissions = '[]', updated_at = now() WHERE id = ${id}`;
    await page.waitForURL('**/home');
    await expect(entry).toHaveCount(0);

    await sql`UPDATE app_user SET permissions = '["authorizeTemporaryProfiles"]', updated_at = now() WHERE id = ${id}`;
    await expect(entry).toBeVisible();
    await entry.click();
    await page.waitForURL('**/temporary-profiles');
  } finally {
    await sql`DELETE FROM session WHERE user_id = ${id}`;
    await sql.end();
  }
});
