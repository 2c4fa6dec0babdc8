import {expect, test} from '@playwright/test';
import {SHOTS, db, insertCard, search, signIn, uniqueSurname} from './helpers.ts';

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

/**
 * Issue 36: the list's read rule names the cards open to a user as a chosen party, as the session lists
 * them, and zero-cache transforms the open queries again every few seconds. A card opened to a shadchan
 * (their first, then a second) arrives in their open list within seconds, and goes when they are taken
 * off, without a reload.
 */
test('a card opened to a chosen shadchan reaches their open list live, and leaves it when they are taken off', async ({page}) => {
  const sql = db();
  const id = `e2e-chosen-${Math.random().toString(36).slice(2, 10)}`;
  const surname = uniqueSurname();
  await sql`INSERT INTO app_user (id, name, gender, role, approved_at, declaration_accepted_on, agreement_due)
            VALUES (${id}, ${uniqueSurname()}, 'female', 'shadchan', now(), current_date, false)`;
  const [card, second] = [await insertCard(`${surname}א`), await insertCard(`${surname}ב`)];
  await sql`UPDATE profile SET visibility = 'chosen', updated_at = now() WHERE id IN (${card}, ${second})`;
  try {
    await signIn(page, id);
    await search(page, surname);
    const row = page.locator(`[data-testid=candidate-row][data-id="${card}"]`);
    const secondRow = page.locator(`[data-testid=candidate-row][data-id="${second}"]`);
    await expect(page.getByTestId('candidate-row')).toHaveCount(0);

    await sql`INSERT INTO profile_viewer (profile_id, user_id) VALUES (${card}, ${id})`;
    await expect(row).toBeVisible({timeout: 15_000});
    await sql`INSERT INTO profile_viewer (profile_id, user_id) VALUES (${second}, ${id})`;
    await expect(secondRow).toBeVisible({timeout: 15_000});
    // The row names the card's shadchan from the staff names the list holds, not from the row.
    const [owner] = await sql<{name: string}[]>`SELECT name FROM app_user WHERE id = 'demo-coordinator'`;
    await expect(row).toContainText(owner!.name);
    await page.screenshot({path: `${SHOTS}/chosen-viewer-list.png`});

    // Its card names the shadchan too; taken off it (still chosen for the second), the open card and the
    // list both let it go.
    await row.getByTestId('candidate-open').click();
    await expect(page.getByTestId('card-owner')).toContainText(owner!.name);
    await sql`DELETE FROM profile_viewer WHERE profile_id = ${card} AND user_id = ${id}`;
    await expect(page.getByTestId('card-not-found')).toBeVisible({timeout: 15_000});
    await page.goBack();
    await expect(secondRow).toBeVisible();
    await expect(page.getByTestId('candidate-row')).toHaveCount(1);
  } finally {
    await sql`DELETE FROM profile WHERE id IN (${card}, ${second})`;
    await sql`DELETE FROM session WHERE user_id = ${id}`;
    await sql.end();
  }
});
