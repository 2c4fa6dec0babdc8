import {expect, test} from '@playwright/test';
import {expectNoSidewaysScroll, fillRequiredCardFields, signIn, uniqueSurname} from './helpers.ts';

/** Places (issue 13): an institution added on admin/schools is offered on the card and checked by the server. */

test('add an institution → the new-card form offers it; an unknown one is refused with "enter valid institution"', async ({
  page,
}) => {
  await signIn(page, 'demo-admin');
  await page.goto('/admin/schools');
  const name = `ישיבת ${uniqueSurname()}`;
  await page.getByTestId('new-institution').click();
  const form = page.getByTestId('institution-form');
  await form.locator('[name=name]').fill(name);
  await form.locator('[name=type]').selectOption('yeshiva');
  await form.locator('[name=variations]').fill('Other spelling');
  await page.getByTestId('save-institution').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('institution-row').filter({hasText: name})).toBeVisible();
  await page.screenshot({path: 'test-results/screens/institutions-he.png', fullPage: true});

  // The same name again (spelt with niqqud) is refused next to the field.
  await page.getByTestId('new-institution').click();
  await form.locator('[name=name]').fill(name.replace('ישיבת', 'יְשִׁיבַת'));
  await form.locator('[name=type]').selectOption('yeshiva');
  await page.getByTestId('save-institution').click();
  await expect(form.getByText('השם כבר קיים')).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/home/tickets/new');
  await fillRequiredCardFields(page, {forename: 'שרה', surname: uniqueSurname(), birthDate: '2002-02-02'});
  const field = page.getByTestId('card-form').locator('[name=institution]');
  const listID = await field.getAttribute('list');
  await expect(page.locator(`datalist[id="${listID}"] option[value="${name}"]`)).toHaveCount(1);

  await field.fill('ישיבה שאינה ברשימה');
  await page.getByTestId('card-save').click();
  await expect(page.getByTestId('card-form').getByText('נא להזין מוסד תקין')).toBeVisible();

  await field.fill(name);
  await page.getByTestId('card-save').click();
  await page.waitForURL(url => /\/home\/tickets\/(?!new)[^/]+$/.test(url.pathname));
  await expect(page.getByTestId('card-value-institution')).toHaveText(name);
});

test('sectors: a new community is offered on the card; retired, it is offered no more (375 px)', async ({page}) => {
  await page.setViewportSize({width: 375, height: 800});
  await signIn(page, 'demo-admin');
  await page.goto('/sectors');
  // Wide letters: a name that cannot wrap must not push the page sideways (app/styles.css `.grid`).
  const name = `קהילת ${uniqueSurname()}שםשם`;
  await page.getByTestId('communities-add').click();
  await page.getByTestId('community-form').locator('[name=name]').fill(name);
  await page.getByTestId('save-place').click();
  const row = page.getByTestId('communities-row').filter({hasText: name});
  await expect(row).toBeVisible();
  // Measured once the dialog's closing and the toast's arrival have played out: a lasting overflow fails.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/sectors-375-he.png', fullPage: true});

  await page.goto('/home/tickets/new');
  const community = page.getByTestId('card-form').locator('[name=communityID]');
  await expect(community.locator('option', {hasText: name})).toHaveCount(1);

  await page.goto('/sectors');
  await row.getByRole('button', {name: 'הוצאה משימוש'}).click();
  await page.getByRole('dialog').getByRole('button', {name: 'הוצאה משימוש'}).click();
  await expect(row).toContainText('לא בשימוש');
  await page.goto('/home/tickets/new');
  await expect(page.getByTestId('card-form').locator('[name=sectorID] option').first()).toBeAttached();
  await expect(community.locator('option', {hasText: name})).toHaveCount(0);
});
