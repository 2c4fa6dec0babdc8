import {expect, test} from '@playwright/test';
import {newSignedInPage, signIn} from './helpers.ts';

/** The candidate card: view, edit with validation, print, and two shadchanim on one card. */
test('open a card from the list, edit it with field errors first, save, see it and print it', async ({page}) => {
  await signIn(page, 'demo-admin');
  await page.getByTestId('candidate-open').first().click();
  await page.waitForURL('**/home/tickets/*');
  const name = await page.getByTestId('card-name').textContent();
  await expect(page.getByTestId('card-section-contacts')).toBeVisible();

  await page.getByTestId('card-edit').click();
  await page.waitForURL('**/home/tickets/edit/*');
  await expect(page.getByTestId('card-dirty')).toHaveText('כל השינויים נשמרו');
  await page.locator('[name=height]').fill('500');
  await page.locator('[name=suggestionsPhone]').fill('12');
  await page.locator('[name=aboutMe]').fill('אוהב ללמוד, שמח ואופטימי');
  await expect(page.getByTestId('card-dirty')).toHaveText('יש שינויים שלא נשמרו');
  await page.screenshot({path: 'test-results/screens/card-edit-he.png', fullPage: true});
  await page.getByTestId('card-save').click();
  await expect(page.locator('[name=height]')).toBeFocused();
  await expect(page.locator('[data-field-error]')).toHaveText(['הערך מחוץ לטווח המותר', 'מספר טלפון לא תקין']);

  await page.locator('[name=height]').fill('181');
  await page.locator('[name=suggestionsPhone]').fill('+44 20 7946 0958');
  // The shadchan's fees: an amount and its currency (₪ $ €), shown formatted.
  await page.locator('[name=shadchanFees]').fill('1,500');
  await page.getByTestId('shadchanFees-currency').selectOption('USD');
  await page.getByTestId('card-save').click();
  await page.waitForURL(url => !url.pathname.includes('/edit/'));
  await expect(page.getByTestId('card-value-shadchanFees')).toContainText('1,500');
  await expect(page.getByTestId('card-value-shadchanFees')).toContainText('$');
  await expect(page.getByTestId('card-value-height')).toHaveText('181');
  await expect(page.getByTestId('card-value-suggestionsPhone')).toHaveText('+44 20 7946 0958');
  await expect(page.getByTestId('card-value-aboutMe')).toHaveText('אוהב ללמוד, שמח ואופטימי');
  await expect(page.getByTestId('card-history')).toContainText('גובה (ס״מ)');
  await page.screenshot({path: 'test-results/screens/card-he.png', fullPage: true});
  await page.emulateMedia({media: 'print'});
  await expect(page.getByTestId('card-print')).toBeHidden();
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await expect(page.getByTestId('card-name')).toHaveText(name!);
  await page.screenshot({path: 'test-results/screens/card-print-he.png', fullPage: true});
});

test('the edit form and the print view in English read left to right', async ({page}) => {
  await signIn(page, 'demo-admin', 'en');
  await page.getByTestId('candidate-open').nth(1).click();
  await page.waitForURL('**/home/tickets/*');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await page.getByTestId('card-edit').click();
  await expect(page.getByTestId('card-form')).toBeVisible();
  await expect(page.getByTestId('form-section-contacts')).toContainText('Contacts');
  await page.screenshot({path: 'test-results/screens/card-edit-en.png', fullPage: true});
  await page.getByRole('link', {name: 'View profile'}).click();
  await expect(page.getByTestId('card-history')).toBeVisible();
  await page.emulateMedia({media: 'print'});
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await page.screenshot({path: 'test-results/screens/card-print-en.png', fullPage: true});
});

test('notes: a shared note appears for another shadchan at once; a personal one never does', async ({browser}) => {
  const author = await newSignedInPage(browser, 'demo-shadchan');
  const colleague = await newSignedInPage(browser, 'demo-coordinator');
  // A card in the general database, which both of them see.
  await author.getByTestId('candidate-row').filter({hasNotText: 'אישי'}).nth(4).getByTestId('candidate-open').click();
  await author.waitForURL('**/home/tickets/*');
  await colleague.goto(author.url());
  const notesOf = (page: typeof author) => page.getByTestId('card-notes').getByTestId('note');

  await author.getByTestId('note-body').fill('לבדוק שוב עם הרב לפני שמציעים');
  await author.getByTestId('note-personal').check();
  await author.getByTestId('note-add').click();
  await author.getByTestId('note-body').fill('המשפחה מבקשת לחכות עד אחרי החגים');
  await author.getByTestId('note-personal').uncheck();
  await author.getByTestId('note-add').click();
  await expect(notesOf(author)).toHaveCount(2);
  await expect(notesOf(author).first()).toContainText('המשפחה מבקשת לחכות');

  await expect(notesOf(colleague)).toHaveCount(1);
  await expect(notesOf(colleague)).toContainText('המשפחה מבקשת לחכות');
  await expect(colleague.getByTestId('card-notes')).not.toContainText('לבדוק שוב עם הרב');
  await author.screenshot({path: 'test-results/screens/card-notes-he.png', fullPage: true});
});

test('delete a card after confirming, find it in the recycling bin, restore it', async ({page}) => {
  await signIn(page, 'demo-admin');
  const row = page.getByTestId('candidate-row').nth(7);
  const id = await row.getAttribute('data-id');
  await row.getByTestId('candidate-open').click();
  await page.waitForURL(`**/home/tickets/${id}`);
  const name = (await page.getByTestId('card-name').textContent())!.trim();

  await page.getByTestId('card-delete').click();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText('להמשיך במחיקה?');
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await page.waitForURL('**/home');
  await expect(page.getByText('כרטיס שנמחק נמצא בסל המחזור').first()).toBeVisible();
  await expect(page.locator(`[data-testid=candidate-row][data-id="${id}"]`)).toHaveCount(0);

  await page.getByTestId('submenu-control').click();
  await page.getByTestId('menu-/recycle-bin').click();
  const inBin = page.getByTestId('bin-card').filter({hasText: name.split(' ').at(-1)!});
  await expect(inBin).toHaveCount(1);
  await page.screenshot({path: 'test-results/screens/recycle-bin-he.png'});
  await inBin.getByTestId('bin-restore').click();
  await expect(inBin).toHaveCount(0);
  await page.getByTestId('menu-/home').click();
  await expect(page.locator(`[data-testid=candidate-row][data-id="${id}"]`)).toHaveCount(1);
});
