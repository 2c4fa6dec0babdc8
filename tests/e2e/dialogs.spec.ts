import {expect, test, type Page} from '@playwright/test';
import {db, insertCard, signIn, uniqueSurname} from './helpers.ts';

/**
 * Confirmations are the app's own dialog, never the browser's window.confirm(): the spec's question,
 * focus on the safe choice, Escape and "cancel" change nothing. What can be taken back (a card moved to
 * the recycling bin, a note) is offered back from its toast.
 */

/** Fails the test if the page ever opens a native dialog (confirm, alert, prompt). */
function refuseNativeDialogs(page: Page) {
  const opened: string[] = [];
  page.on('dialog', dialog => (opened.push(dialog.message()), void dialog.dismiss()));
  return () => expect(opened, 'native dialogs').toEqual([]);
}

const toastWith = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({hasText: text});

test('deleting a card: the spec’s question in the app’s dialog, cancel keeps it, confirm bins it, undo brings it back', async ({
  page,
}) => {
  const noNativeDialogs = refuseNativeDialogs(page);
  const id = await insertCard(uniqueSurname());
  const sql = db();
  const deletedAt = async () => (await sql`SELECT deleted_at FROM profile WHERE id = ${id}`)[0]!.deleted_at;
  await signIn(page, 'demo-admin');
  await page.goto(`/home/tickets/${id}`);
  const dialog = page.getByRole('dialog');

  // Escape, then the safe button (which has the focus): nothing happens to the card.
  await page.getByTestId('card-delete').click();
  await expect(dialog.getByRole('heading')).toHaveText('להמשיך במחיקה?');
  await expect(dialog).toContainText('כרטיס שנמחק נמצא בסל המחזור');
  await expect(dialog.getByTestId('confirm-cancel')).toBeFocused();
  await page.screenshot({path: 'test-results/screens/confirm-delete-he.png'});
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('card-delete')).toBeFocused();
  await page.getByTestId('card-delete').click();
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/home/tickets/${encodeURIComponent(id)}$`));
  expect(await deletedAt()).toBeNull();

  // Confirmed: to the recycling bin, and home; the toast that says so offers it back.
  await page.getByTestId('card-delete').click();
  await dialog.getByTestId('confirm-ok').click();
  await page.waitForURL('**/home');
  await expect.poll(deletedAt).not.toBeNull();
  const binned = toastWith(page, 'כרטיס שנמחק נמצא בסל המחזור');
  await binned.getByRole('button', {name: 'ביטול הפעולה'}).click();
  await expect(toastWith(page, 'הכרטיס שוחזר')).toBeVisible();
  await expect.poll(deletedAt).toBeNull();
  await sql.end();
  noNativeDialogs();
});

test('deleting a note: asked in the app’s dialog, and the toast’s undo brings back the very same note', async ({page}) => {
  const noNativeDialogs = refuseNativeDialogs(page);
  const id = await insertCard(uniqueSurname());
  await signIn(page, 'demo-shadchan');
  await page.goto(`/home/tickets/${id}`);
  const notes = page.getByTestId('card-notes').getByTestId('note');
  await page.getByTestId('note-body').fill('להתקשר לאמא אחרי החג');
  await page.getByTestId('note-add').click();
  await expect(notes).toHaveCount(1);
  const sql = db();
  const saved = () => sql`SELECT * FROM profile_note WHERE profile_id = ${id}`;
  await expect.poll(async () => (await saved()).length).toBe(1);
  const [before] = await saved();
  const dialog = page.getByRole('dialog');

  await notes.getByRole('button', {name: 'מחיקת ההערה'}).click();
  await expect(dialog.getByRole('heading')).toHaveText('להמשיך במחיקה?');
  await expect(dialog.getByTestId('confirm-cancel')).toBeFocused();
  await dialog.getByTestId('confirm-cancel').click();
  await expect(notes).toHaveCount(1);

  await notes.getByRole('button', {name: 'מחיקת ההערה'}).click();
  await dialog.getByTestId('confirm-ok').click();
  await expect(notes).toHaveCount(0);
  await expect.poll(async () => (await sql`SELECT 1 FROM profile_note WHERE id = ${before!.id}`).length).toBe(0);
  await toastWith(page, 'ההערה נמחקה').getByRole('button', {name: 'ביטול הפעולה'}).click();
  await expect(notes).toHaveCount(1);
  await expect(notes).toContainText('להתקשר לאמא אחרי החג');
  await expect.poll(async () => sql`SELECT * FROM profile_note WHERE id = ${before!.id}`).toEqual([before]);
  await sql.end();
  noNativeDialogs();
});
