import AxeBuilder from '@axe-core/playwright';
import {expect, test} from '@playwright/test';
import {db, expectNoSidewaysScroll, signIn, uniqueSurname} from './helpers.ts';

/**
 * A candidate opens a shadchan's personal link, fills the public form (errors first, then fixed),
 * confirms the §5 warning and sends it; the card waits on an approver's temporary-profiles list.
 */

test('the link → the form → an error → fixed → the §5 confirmation → sent → on the approver’s list', async ({page, browser}) => {
  await page.goto('/api/peoples/add-people-by-user/demo-shadchan');
  await page.waitForURL('**/add-people/demo-shadchan');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('candidate-form-shadchan')).toContainText('הטופס יישלח אל יעקב כץ');
  // The staff's own controls are not offered.
  for (const name of ['statusID', 'colour', 'openFrom', 'database']) await expect(page.locator(`[name=${name}]`)).toHaveCount(0);

  const surname = uniqueSurname();
  const form = page.getByTestId('candidate-form');
  await form.locator('[name=forename]').fill('נחמה');
  await form.locator('[name=surname]').fill(surname);
  await form.locator('[name=gender]').selectOption('female');
  await form.locator('[name=birthDate]').fill('05-04-2003');
  await form.locator('[name=city]').fill('מודיעין עילית');
  await form.locator('[name=occupation]').fill('גננת');
  await form.locator('[name=suggestionsContact]').fill('אמא');
  await form.locator('[name=suggestionsPhone]').fill('052-7000123');
  await form.locator('[name=inquiryPhones]').fill('02-5000123');
  await form.locator('[name=candidatePhone]').fill('054-7000321');

  // No sector yet: the error shows next to the field, nothing is sent, no dialog.
  await page.getByTestId('candidate-form-submit').click();
  await expect(form.getByText('יש לבחור מגזר')).toBeVisible();
  await expect(page.locator('[name=sectorID]')).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({path: 'test-results/screens/candidate-form-he.png', fullPage: true});
  await page.evaluate(() => window.scrollTo({top: 0}));
  await page.screenshot({path: 'test-results/screens/candidate-form-top-he.png'});

  await form.locator('[name=sectorID]').selectOption('litvish');
  await expect(form.getByText('יש לבחור מגזר')).toHaveCount(0);
  await page.getByTestId('candidate-form-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('candidate-form-final')).toHaveText('לאחר העלאת הטופס לא ניתן לבצע בו שינויים');
  await page.screenshot({path: 'test-results/screens/candidate-form-dialog-he.png'});
  expect((await new AxeBuilder({page}).include('[role=dialog]').analyze()).violations).toEqual([]);

  // Back out first: nothing was sent.
  await dialog.getByRole('button', {name: 'חזרה לטופס'}).click();
  await expect(dialog).toHaveCount(0);
  const sql = db();
  expect(await sql`SELECT 1 FROM profile WHERE surname = ${surname}`).toHaveLength(0);

  await page.getByTestId('candidate-form-submit').click();
  await page.getByTestId('candidate-form-confirm').click();
  await expect(page.getByTestId('candidate-form-sent')).toContainText('הטופס נשלח אל יעקב כץ.');
  await expect(page.getByTestId('candidate-form-self-login')).toHaveAttribute('href', '/self-user/login');
  await page.screenshot({path: 'test-results/screens/candidate-form-sent-he.png'});

  const [row] = await sql`SELECT owner_id, state, source, phones, candidate_verified_at FROM profile WHERE surname = ${surname}`;
  expect(row).toMatchObject({owner_id: 'demo-shadchan', state: 'pending', source: 'candidate', candidate_verified_at: null});
  expect(row!.phones).toEqual(['+972547000321']);
  await sql.end();

  // The approver sees it waiting.
  const admin = await (await browser.newContext()).newPage();
  await signIn(admin, 'demo-admin');
  await admin.goto('/temporary-profiles');
  await expect(admin.getByTestId('pending-card').filter({hasText: surname})).toBeVisible();
});

test('on a phone (375 px) the form, the dialog and the confirmation fit without sideways scrolling', async ({page}) => {
  await page.setViewportSize({width: 375, height: 760});
  await page.goto('/add-people/demo-shadchan');
  await expect(page.getByTestId('candidate-form')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByTestId('candidate-form-submit').click();
  await expect(page.locator('[name=forename]')).toBeFocused();
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/candidate-form-375-he.png'});
  await page.locator('[name=inquiryPhones]').scrollIntoViewIfNeeded();
  await page.screenshot({path: 'test-results/screens/candidate-form-375-contacts-he.png'});
  await page.getByTestId('candidate-form-submit').scrollIntoViewIfNeeded();
  await page.screenshot({path: 'test-results/screens/candidate-form-375-end-he.png'});
  expect((await new AxeBuilder({page}).analyze()).violations).toEqual([]);
});

test('an unknown or non-editing user’s link says it is not valid', async ({page}) => {
  for (const userID of ['no-such-user', 'demo-viewer']) {
    await page.goto(`/api/peoples/add-people-by-user/${userID}`);
    await expect(page.getByTestId('candidate-form-invalid')).toContainText('הקישור אינו תקין');
  }
  await page.screenshot({path: 'test-results/screens/candidate-form-invalid-he.png'});
});
