import {readFileSync} from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {createCandidate, db, expectNoSidewaysScroll, newSignedInPage, portraitPNG, search, uniqueSurname} from './helpers.ts';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n%%EOF\n',
);

async function openNewCard(page: Page) {
  const surname = uniqueSurname();
  await createCandidate(page, {
    forename: 'שרה',
    surname,
    gender: 'female',
    city: 'ירושלים',
    birthDate: '2001-03-14',
    sector: 'litvish',
  });
  await search(page, surname);
  await page.getByTestId('candidate-open').first().click();
  await page.waitForURL('**/home/tickets/*');
  return surname;
}

test('upload a photo and documents on a card: the photo heads the card, the list updates live for another shadchan', async ({
  browser,
}) => {
  const page = await newSignedInPage(browser, 'demo-admin');
  await openNewCard(page);
  const other = await newSignedInPage(browser, 'demo-admin');
  await other.goto(page.url());
  await expect(other.getByTestId('card-files')).toBeVisible();

  // Refused in the browser, next to the button, before anything is sent.
  await page
    .getByTestId('files-input-photo')
    .setInputFiles({name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(6 * 1024 * 1024)});
  await expect(page.getByTestId('files-error-photo')).toContainText('הקובץ גדול מדי: אפשר להעלות עד');
  await expect(page.getByTestId('files-error-photo')).toContainText('5 MB');
  await page
    .getByTestId('files-input-document')
    .setInputFiles({name: 'cv.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ this is not a PDF')});
  await expect(page.getByTestId('files-error-document')).toContainText('סוג הקובץ אינו נתמך');
  await page.getByTestId('card-files').screenshot({path: 'test-results/screens/card-files-errors-he.png'});
  // A JPEG's signature on bytes that are no image passes the browser's check; the server, which decodes
  // every image, refuses it and the words appear in the same place.
  await page.getByTestId('files-input-photo').setInputFiles({
    name: 'face.jpg',
    mimeType: 'image/jpeg',
    buffer: readFileSync(new URL('../fixtures/hostile/not-really.jpg', import.meta.url)),
  });
  await expect(page.getByTestId('files-error-photo')).toHaveText('לא ניתן לקרוא את התמונה: ייתכן שהקובץ פגום. יש לבחור קובץ אחר');

  await page.getByTestId('files-input-photo').setInputFiles({name: 'שרה.png', mimeType: 'image/png', buffer: portraitPNG()});
  await expect(page.getByTestId('files-error-photo')).toHaveCount(0);
  const photo = page.getByTestId('card-photo');
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
  await expect(page.getByTestId('files-upload-photo')).toHaveText('החלפת תמונה');

  await page
    .getByTestId('files-input-document')
    .setInputFiles({name: 'קורות חיים.pdf', mimeType: 'application/pdf', buffer: PDF});
  const rows = page.getByTestId('file-row');
  // One after the other, as a user does: two uploads at once may land in either order.
  await expect(rows).toHaveCount(1);
  await page
    .getByTestId('files-input-document')
    .setInputFiles({name: 'המלצה מהרב.pdf', mimeType: 'application/pdf', buffer: PDF});
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('המלצה מהרב.pdf');
  await expect(rows.first()).toContainText('רחל אדלר');
  await expect(page.getByTestId('files-error-document')).toHaveCount(0);

  // The other browser got both without a reload.
  await expect(other.getByTestId('card-photo')).toBeVisible();
  await expect(other.getByTestId('file-row')).toHaveCount(2);

  // A download is the file itself under its Hebrew name.
  const [download] = await Promise.all([page.waitForEvent('download'), rows.last().getByTestId('file-name').click()]);
  expect(download.suggestedFilename()).toBe('קורות חיים.pdf');

  await page.getByTestId('card-name').scrollIntoViewIfNeeded();
  await page.screenshot({path: 'test-results/screens/card-files-he.png', fullPage: true});
  await page.getByTestId('card-files').screenshot({path: 'test-results/screens/card-files-section-he.png'});
  await page.emulateMedia({media: 'print'});
  await expect(page.getByTestId('card-photo')).toBeVisible();
  await expect(page.getByTestId('card-files')).toBeHidden();
  await page.screenshot({path: 'test-results/screens/card-files-print-he.png', fullPage: true});
  await page.emulateMedia({media: 'screen'});

  // Deleting asks first; the row goes for both, and so do the bytes' row in the database.
  const dialog = page.getByRole('dialog');
  await rows.first().getByTestId('file-delete').click();
  await expect(dialog.getByRole('heading')).toHaveText('להמשיך במחיקה?');
  await dialog.getByTestId('confirm-cancel').click();
  await expect(rows).toHaveCount(2);
  await rows.first().getByTestId('file-delete').click();
  await dialog.getByTestId('confirm-ok').click();
  await expect(rows).toHaveCount(1);
  await expect(other.getByTestId('file-row')).toHaveCount(1);
  const sql = db();
  const cardID = page.url().split('/').at(-1)!;
  expect((await sql`SELECT name FROM profile_file WHERE profile_id = ${cardID} ORDER BY name`).map(r => r.name)).toEqual([
    'קורות חיים.pdf',
    'שרה.jpg', // every photo is stored re-encoded as a JPEG (server/files/images.ts)
  ]);
  await sql.end();
});

test('without viewFiles there is no Files section and the card shows its initial, not the photo', async ({browser}) => {
  const admin = await newSignedInPage(browser, 'demo-admin');
  await openNewCard(admin);
  await admin.getByTestId('files-input-photo').setInputFiles({name: 'p.png', mimeType: 'image/png', buffer: portraitPNG()});
  await expect(admin.getByTestId('card-photo')).toBeVisible();

  const coordinator = await newSignedInPage(browser, 'demo-coordinator');
  await coordinator.goto(admin.url());
  await expect(coordinator.getByTestId('card-name')).toBeVisible();
  await expect(coordinator.getByTestId('card-files')).toHaveCount(0);
  await expect(coordinator.getByTestId('card-photo')).toHaveCount(0);
  const id = admin.url().split('/').at(-1)!;
  const sql = db();
  const [file] = await sql`SELECT id FROM profile_file WHERE profile_id = ${id}`;
  await sql.end();
  const response = await coordinator.request.get(`/api/files/${file!.id}`);
  expect(response.status()).toBe(403);
});

test('the Files section in English reads left to right, passes axe and fits a phone', async ({browser}) => {
  const page = await newSignedInPage(browser, 'demo-admin', 'en');
  await openNewCard(page);
  await page.getByTestId('files-input-photo').setInputFiles({name: 'photo.png', mimeType: 'image/png', buffer: portraitPNG()});
  await page
    .getByTestId('files-input-document')
    .setInputFiles({name: 'references from the yeshiva.pdf', mimeType: 'application/pdf', buffer: PDF});
  await expect(page.getByTestId('file-row')).toHaveCount(1);
  await expect(page.getByTestId('card-photo')).toBeVisible();
  await expect(page.getByTestId('files-upload-photo')).toHaveText('Replace photo');
  await page.getByTestId('card-files').screenshot({path: 'test-results/screens/card-files-en.png'});

  const results = await new AxeBuilder({page}).include('[data-testid=card-files]').withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  await page.setViewportSize({width: 375, height: 740});
  await expectNoSidewaysScroll(page);
  await page.getByTestId('card-files').screenshot({path: 'test-results/screens/card-files-375-en.png'});
});
