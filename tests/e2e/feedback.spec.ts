import {expect, test} from '@playwright/test';
import {fillRequiredCardFields, insertCard, signIn, uniqueSurname} from './helpers.ts';

/**
 * Feedback that tells the truth: an error is shown at its field and goes once the field is fixed; the
 * field comes into view clear of the sticky top bar and of the save bar; toasts never cover the save
 * bar; a forbidden address says why before it sends the user elsewhere; the toasts' region is named in
 * the user's language.
 */

for (const viewport of [
  {width: 375, height: 700},
  {width: 1280, height: 800},
]) {
  test(`${viewport.width} px: a failed save shows the bad field below the top bar, the toast above the save bar, and the error goes once fixed`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'demo-shadchan');
    await page.goto('/home/tickets/new');
    await fillRequiredCardFields(page, {forename: 'אסתר', surname: uniqueSurname(), birthDate: '2001-06-15'});
    // A height out of range, and one bad number in a list of numbers; the page scrolled so that the
    // first of them sits under the sticky top bar.
    const height = page.locator('[name=height]');
    const phones = page.locator('[name=inquiryPhones]');
    await height.fill('500');
    await phones.fill('03-5000001, 12');
    await height.evaluate(field => window.scrollBy(0, field.getBoundingClientRect().top - 10));
    const header = (await page.getByRole('banner').boundingBox())!;
    expect((await height.boundingBox())!.y).toBeLessThan(header.y + header.height);
    await page.getByTestId('card-save').click();

    // Each error is at its field; the first has the focus, in full view between the two bars.
    const errors = page.locator('[data-field-error]');
    await expect(errors).toHaveText(['הערך מחוץ לטווח המותר', 'מספר טלפון לא תקין']);
    await expect(height).toBeFocused();
    await expect(phones).toHaveAttribute('aria-invalid', 'true');
    const saveBar = (await page.getByTestId('save-bar').boundingBox())!;
    const field = (await height.boundingBox())!;
    expect(field.y).toBeGreaterThanOrEqual(header.y + header.height);
    expect(field.y + field.height).toBeLessThanOrEqual(saveBar.y);

    // The toast that says the save failed sits clear of the save bar (it settles from below).
    const toast = page.locator('[data-sonner-toast]').filter({hasText: 'שגיאה בפרטים, נא לבדוק ולנסות שוב'});
    await expect(toast).toBeVisible();
    await expect
      .poll(async () => {
        const box = (await toast.boundingBox())!;
        return box.y + box.height;
      })
      .toBeLessThanOrEqual(saveBar.y);
    await page.screenshot({path: `test-results/screens/card-new-failed-save-${viewport.width}.png`});

    // Each error goes once its field is fixed, and so does the field's invalid state.
    await phones.fill('03-5000001, 02-6000002');
    await expect(errors).toHaveText(['הערך מחוץ לטווח המותר']);
    await expect(phones).toHaveAttribute('aria-invalid', 'false');
    await height.fill('165');
    await expect(errors).toHaveCount(0);
    await expect(height).toHaveAttribute('aria-invalid', 'false');
  });
}

test('a forbidden address says why, then goes where the user may be; the same for a card that does not exist', async ({page}) => {
  const id = await insertCard(uniqueSurname());
  await signIn(page, 'demo-viewer', 'en');
  const refusal = page.locator('[data-sonner-toast]').filter({hasText: 'You do not have access to that page'});

  await page.goto('/home/tickets/new');
  await page.waitForURL('**/home');
  await expect(refusal).toBeVisible();
  await page.locator('[data-sonner-toast] [data-close-button]').click();
  await expect(refusal).toHaveCount(0);

  await page.goto(`/home/tickets/edit/${id}`);
  await page.waitForURL(`**/home/tickets/${encodeURIComponent(id)}`);
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('card-name')).toBeVisible();
  await page.locator('[data-sonner-toast] [data-close-button]').click();

  // Whether a card exists or not, the refusal is the same: it depends on the permission alone.
  await page.goto('/home/tickets/edit/no-such-card');
  await page.waitForURL('**/home/tickets/no-such-card');
  await expect(refusal).toBeVisible();
  await expect(page.getByTestId('card-not-found')).toBeVisible();
});

for (const [locale, label] of [
  ['he', 'הודעות'],
  ['ru', 'Уведомления'],
] as const) {
  // In the staff's app (a public page fetches sonner with its first toast, app/ui/notify.ts).
  test(`the toasts' region is named in the user's language (${locale})`, async ({page}) => {
    await signIn(page, 'demo-shadchan', locale);
    await expect(page.locator('section[aria-live]')).toHaveAttribute('aria-label', new RegExp(`^${label}`));
  });
}
