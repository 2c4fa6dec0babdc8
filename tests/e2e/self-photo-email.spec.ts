import {mkdirSync} from 'node:fs';
import {expect, test, type Page} from '@playwright/test';
import {
  db,
  expectNoSidewaysScroll,
  insertSelfTicket,
  inspect,
  newSignedInPage,
  nextCode,
  portraitPNG,
  selfSignIn,
  seriousViolations,
  SHOTS,
} from './helpers.ts';

/**
 * Issue 15 point 4, the candidate's own photo and email: the photo they upload on their edit form shows
 * live on the shadchan's open card (and in its history, "by the candidate"); the email they add is
 * verified with the code that reaches the test SMTP stand-in. Screenshots of both screens in he and en
 * at 1280 and 375 px.
 */
mkdirSync(SHOTS, {recursive: true});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The self-user's edit form of the ticket, opened from their home page. */
async function openEditForm(page: Page, id: string) {
  await page.getByTestId('edit-ticket').click();
  await page.waitForURL(`**/home/tickets/edit/${id}`);
  await expect(page.getByTestId('self-photo')).toBeVisible();
}

/** The id of the photo file an image shows (its src ends with it). */
const shownFileID = async (page: Page, testID: string) => (await page.getByTestId(testID).getAttribute('src'))!.split('/').pop()!;

test('a candidate uploads, replaces and removes their photo; the shadchan’s open card follows live', async ({page, browser}) => {
  const t = await insertSelfTicket();
  const shadchan = await newSignedInPage(browser, 'demo-admin');
  await shadchan.goto(`/home/tickets/${t.id}`);
  await expect(shadchan.getByTestId('files-photo-block')).toBeVisible();
  await expect(shadchan.getByTestId('card-photo')).toHaveCount(0);

  await selfSignIn(page, t);
  await openEditForm(page, t.id);
  await expect(page.getByTestId('self-photo-none')).toBeVisible();
  // Something typed and not yet saved stays through the photo's upload.
  await page.locator('[name=aboutMe]').fill('אוהבת לטייל');

  // Not an image (by its bytes, whatever its name): the error beside the button, nothing uploaded.
  await page.getByTestId('files-input-photo').setInputFiles({name: 'אני.png', mimeType: 'image/png', buffer: PDF});
  await expect(page.getByTestId('files-error-photo')).toContainText('WebP');
  await expect(page.getByTestId('self-photo-none')).toBeVisible();

  await page.getByTestId('files-input-photo').setInputFiles({name: 'אני.png', mimeType: 'image/png', buffer: portraitPNG()});
  await expect(page.getByText('התמונה עודכנה', {exact: true})).toBeVisible();
  const image = page.getByTestId('self-photo-image');
  await expect(image).toBeVisible();
  // The bytes came back through the candidate's own route.
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expect(page.locator('[name=aboutMe]')).toHaveValue('אוהבת לטייל');
  await expect(page.getByTestId('self-edit-status')).toHaveText('יש שינויים שלא נשמרו');
  const first = await shownFileID(page, 'self-photo-image');

  // Live on the shadchan's card: the header photo, the Files section (by the candidate), the history.
  await expect(shadchan.getByTestId('card-photo')).toBeVisible();
  expect(await shownFileID(shadchan, 'card-photo')).toBe(first);
  await expect(shadchan.getByTestId('files-photo-block')).toContainText('המועמד/ת');
  // Stored re-encoded as a JPEG, as every photo is (server/files/images.ts), and named so.
  await expect(shadchan.getByTestId('history-entry').first()).toContainText('אני.jpg');
  await expect(shadchan.getByTestId('history-author').first()).toHaveText('המועמד/ת');

  // A new photo replaces it, there too.
  await page
    .getByTestId('files-input-photo')
    .setInputFiles({name: 'חדשה.png', mimeType: 'image/png', buffer: portraitPNG(200, 300)});
  await expect.poll(() => shownFileID(page, 'self-photo-image')).not.toBe(first);
  const second = await shownFileID(page, 'self-photo-image');
  await expect.poll(() => shownFileID(shadchan, 'card-photo')).toBe(second);

  await page.getByTestId('self-photo-remove').click();
  await page.getByTestId('confirm-ok').click();
  await expect(page.getByText('התמונה הוסרה', {exact: true})).toBeVisible();
  await expect(page.getByTestId('self-photo-none')).toBeVisible();
  await expect(shadchan.getByTestId('card-photo')).toHaveCount(0);

  const sql = db();
  const history = await sql<{field: string; by_candidate: boolean}[]>`
    SELECT field, by_candidate FROM profile_revision WHERE profile_id = ${t.id} ORDER BY revision`;
  await sql.end();
  expect(history).toEqual([
    {field: 'photo', by_candidate: true},
    {field: 'photo', by_candidate: true},
    {field: 'photo', by_candidate: true},
  ]);
});

test('screenshots of the edit form with its photo (he, en; 1280 and 375 px)', async ({page}) => {
  const t = await insertSelfTicket();
  await selfSignIn(page, t);
  await openEditForm(page, t.id);
  await page
    .getByTestId('files-input-photo')
    .setInputFiles({name: 'תמונה שלי.png', mimeType: 'image/png', buffer: portraitPNG()});
  await expect(page.getByTestId('self-photo-image')).toBeVisible();
  for (const locale of ['he', 'en'] as const) {
    await page.evaluate(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    for (const width of [1280, 375]) {
      await page.setViewportSize({width, height: 900});
      await page.goto(`/home/tickets/edit/${t.id}`);
      await expect(page.getByTestId('self-photo-image')).toBeVisible();
      await expect
        .poll(() => page.getByTestId('self-photo-image').evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBe(240);
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'he' ? 'rtl' : 'ltr');
      await page.screenshot({path: `${SHOTS}/self-edit-photo-${locale}-${width}.png`, fullPage: true});
      await page.getByTestId('self-photo').screenshot({path: `${SHOTS}/self-edit-photo-block-${locale}-${width}.png`});
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), `${locale} ${width}`).toEqual([]);
    }
  }
});

test('the candidate adds an email and verifies it with the mailed code; a changed email is unverified again', async ({
  page,
  browser,
}) => {
  const t = await insertSelfTicket();
  await selfSignIn(page, t);
  await page.setViewportSize({width: 375, height: 800});
  await expect(page.getByTestId('verify-email')).toBeVisible();
  await page.screenshot({path: `${SHOTS}/self-home-he-375.png`, fullPage: true});
  await expectNoSidewaysScroll(page);
  await page.getByTestId('verify-email').click();
  await page.waitForURL('**/self-user/verify-email');
  await expect(page.getByTestId('verify-email-none')).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 800});
    await page.screenshot({path: `${SHOTS}/self-verify-email-none-he-${width}.png`, fullPage: true});
    await expectNoSidewaysScroll(page);
  }

  // Added on the edit form: checked as an email, kept in lower case.
  await page.getByTestId('verify-email-add').click();
  await page.waitForURL(`**/home/tickets/edit/${t.id}`);
  await page.locator('[name=email]').fill('chana@');
  await page.getByTestId('self-edit-save').click();
  await expect(page.locator('[name=email]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('כתובת דוא״ל לא תקינה').first()).toBeVisible();
  const email = `chana.${t.id.slice(-6)}@example.org`;
  await page.locator('[name=email]').fill(`  Chana.${t.id.slice(-6)}@Example.ORG`);
  await page.getByTestId('self-edit-save').click();
  await expect(page.getByText('השינויים נשמרו', {exact: true})).toBeVisible();
  await expect(page.locator('[name=email]')).toHaveValue(email);

  // The shadchan sees it on the card.
  const shadchan = await newSignedInPage(browser, 'demo-admin');
  await shadchan.goto(`/home/tickets/${t.id}`);
  await expect(shadchan.getByTestId('card-value-email')).toHaveText(email);

  await page.getByTestId('self-edit-verify-email').click();
  await page.waitForURL('**/self-user/verify-email');
  await expect(page.getByTestId('verify-email-address')).toHaveText(email);
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 800});
    await page.screenshot({path: `${SHOTS}/self-verify-email-he-${width}.png`, fullPage: true});
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), `verify email he ${width}`).toEqual([]);
  }

  const before = (await inspect('mails')).length;
  await page.getByTestId('verify-email-send').click();
  await expect(page.getByTestId('code-hint')).toBeVisible();
  const code = await nextCode('mails', email, before);
  await page.locator('[name=verifyCode]').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('verify-code').click();
  await expect(page.getByText('הקוד שגוי').first()).toBeVisible();
  await page.screenshot({path: `${SHOTS}/self-verify-email-code-he-375.png`, fullPage: true});
  await expectNoSidewaysScroll(page);
  await page.locator('[name=verifyCode]').fill(code);
  await page.getByTestId('verify-code').click();
  await expect(page.getByText('כתובת הדוא״ל אומתה', {exact: true})).toBeVisible();
  await expect(page.getByTestId('email-verified')).toHaveText('מאומת');

  await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 800});
    await page.goto('/self-user/verify-email');
    await expect(page.getByTestId('email-verified')).toHaveText('Verified');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.screenshot({path: `${SHOTS}/self-verify-email-en-${width}.png`, fullPage: true});
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), `verify email en ${width}`).toEqual([]);
  }
  await expect(page.getByTestId('verify-email-send')).toHaveCount(0);

  // Another address on the form: unverified until its own code comes back.
  await page.goto(`/home/tickets/edit/${t.id}`);
  await page.locator('[name=email]').fill(`other.${t.id.slice(-6)}@example.org`);
  await page.getByTestId('self-edit-save').click();
  await expect(page.getByText('Your changes were saved', {exact: true})).toBeVisible();
  await page.goto('/self-user/verify-email');
  await expect(page.getByTestId('verify-email-send')).toBeVisible();
  await expect(page.getByTestId('email-verified')).toHaveCount(0);
});
