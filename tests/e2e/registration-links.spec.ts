import {expect, test, type Page} from '@playwright/test';
import {db, expectNoSidewaysScroll, signIn, uniqueSurname} from './helpers.ts';

/**
 * A community's registration link (issue 13, point 5): the community's coordinator makes one, a
 * candidate opens it in a fresh browser with the community preset and sends the form, and the card waits
 * pending for the coordinator; a revoked link is refused plainly.
 */

/** How many links the page lists, once the list has loaded (the new one comes with the server's token). */
async function linkCount(page: Page) {
  await expect(page.getByTestId('registration-links').or(page.getByText('אין עדיין קישורי הרשמה'))).toBeVisible();
  return page.getByTestId('registration-link-row').count();
}

test('the coordinator makes a link → a fresh browser opens the form with the community preset → sent → pending for the coordinator, who approves it', async ({
  page,
  browser,
}) => {
  // The demo coordinator (Bnei Brak) does not hold authorizeTemporaryProfiles: their community's arrivals wait for them anyway.
  await signIn(page, 'demo-coordinator');
  await page.goto('/registration-links');
  const form = page.getByTestId('registration-link-form');
  // A coordinator is offered their own community only, chosen already.
  await expect(form.locator('[name=communityID] option')).toHaveCount(2);
  await expect(form.locator('[name=communityID]')).toHaveValue('bnei-brak');
  const before = await linkCount(page);
  await page.getByTestId('generate-link').click();
  await expect(page.getByTestId('registration-link-row')).toHaveCount(before + 1);
  const row = page.getByTestId('registration-link-row').first();
  await expect(row.getByTestId('registration-link-state')).toHaveText('פעיל');
  const url = (await row.getByTestId('registration-link-url').textContent())!;
  expect(url).toMatch(/\/register\/[A-Za-z0-9_-]{24}$/);
  await page.screenshot({path: 'test-results/screens/registration-links-he.png', fullPage: true});

  const pending = await (await browser.newContext()).newPage();
  await signIn(pending, 'demo-coordinator');
  await pending.goto('/temporary-profiles');
  await expect(pending.getByTestId('pending-profiles')).toBeVisible();

  const candidate = await (await browser.newContext()).newPage();
  await candidate.goto(url);
  const card = candidate.getByTestId('candidate-form');
  await expect(card.locator('[name=communityID]')).toHaveValue('bnei-brak');
  const surname = uniqueSurname();
  await card.locator('[name=forename]').fill('רבקה');
  await card.locator('[name=surname]').fill(surname);
  await card.locator('[name=gender]').selectOption('female');
  await card.locator('[name=birthDate]').fill('05-04-2003');
  await card.locator('[name=city]').fill('בני ברק');
  await card.locator('[name=sectorID]').selectOption('litvish');
  await card.locator('[name=occupation]').fill('גננת');
  await card.locator('[name=suggestionsContact]').fill('אמא');
  await card.locator('[name=suggestionsPhone]').fill('052-7000124');
  await card.locator('[name=inquiryPhones]').fill('02-5000124');
  await card.locator('[name=candidatePhone]').fill('054-7000324');
  await candidate.getByTestId('candidate-form-submit').click();
  await candidate.getByTestId('candidate-form-confirm').click();
  await expect(candidate.getByTestId('candidate-form-sent')).toBeVisible();

  const sql = db();
  const [sent] = await sql`SELECT community_id, state FROM profile WHERE surname = ${surname}`;
  expect(sent).toMatchObject({community_id: 'bnei-brak', state: 'pending'});
  // Live on the coordinator's open list of arrivals, and approved from there.
  const arrived = pending.getByTestId('pending-card').filter({hasText: surname});
  await expect(arrived).toBeVisible();
  await arrived.getByTestId('pending-approve-one').click();
  await expect(arrived).toHaveCount(0);
  await expect.poll(async () => (await sql`SELECT state FROM profile WHERE surname = ${surname}`)[0]?.state).toBe('active');
  await sql.end();
});

test('a revoked link shows a clear refusal (375 px, no sideways scrolling on the list)', async ({page, browser}) => {
  await page.setViewportSize({width: 375, height: 800});
  await signIn(page, 'demo-admin');
  await page.goto('/registration-links');
  await page.getByTestId('registration-link-form').locator('[name=communityID]').selectOption('bnei-brak');
  const before = await linkCount(page);
  await page.getByTestId('generate-link').click();
  // The server draws the token: the new link is listed once its row syncs.
  await expect(page.getByTestId('registration-link-row')).toHaveCount(before + 1);
  const row = page.getByTestId('registration-link-row').first();
  const url = (await row.getByTestId('registration-link-url').textContent())!;
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/registration-links-375-he.png', fullPage: true});
  await row.getByTestId('revoke-registration-link').click();
  await page.getByRole('dialog').getByRole('button', {name: 'ביטול הקישור'}).click();
  await expect(page.getByTestId('registration-link-row').first().getByTestId('registration-link-state')).toHaveText('בוטל');

  const pending = await (await browser.newContext()).newPage();
  await signIn(pending, 'demo-coordinator');
  await pending.goto('/temporary-profiles');
  await expect(pending.getByTestId('pending-profiles')).toBeVisible();

  const candidate = await (await browser.newContext()).newPage();
  await candidate.goto(url);
  await expect(candidate.getByTestId('candidate-form-invalid')).toBeVisible();
  await expect(candidate.getByTestId('candidate-form')).toHaveCount(0);
});
