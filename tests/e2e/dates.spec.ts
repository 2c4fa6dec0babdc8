import AxeBuilder from '@axe-core/playwright';
import {expect, test} from '@playwright/test';
import {db, insertCard, signIn, uniqueSurname} from './helpers.ts';

/**
 * Date fields read and write DD-MM-YYYY in the app's language, whatever the browser's own locale
 * (spec §9); the calendar names months in the app's language; history and notes carry the time of day.
 */
const LANGUAGES = [
  {locale: 'he', march: 'מרץ', april: 'אפריל', forward: 'ArrowLeft', invalid: 'תאריך לא תקין'},
  {locale: 'en', march: 'March', april: 'April', forward: 'ArrowRight', invalid: 'Invalid date'},
] as const;

for (const {locale, march, april, forward, invalid} of LANGUAGES) {
  test(`the birth date reads and takes DD-MM-YYYY, with a calendar in the app's language (${locale})`, async ({browser}) => {
    // An American browser: a native date input would show mm/dd/yyyy here.
    const context = await browser.newContext({locale: 'en-US'});
    const page = await context.newPage();
    const id = await insertCard(uniqueSurname(), {birthDate: '2001-03-05'});
    const birthDateOf = async () => {
      const sql = db();
      const [row] = await sql`SELECT to_char(birth_date, 'YYYY-MM-DD') AS birth FROM profile WHERE id = ${id}`;
      await sql.end();
      return row!.birth as string;
    };
    await signIn(page, 'demo-admin', locale);
    await page.goto(`/home/tickets/edit/${encodeURIComponent(id)}`);
    const field = page.getByTestId('card-form').locator('[name=birthDate]');
    await expect(field).toHaveValue('05-03-2001');
    await expect(field).toHaveAttribute('dir', 'ltr');

    // The calendar opens on the stored day, names the month in the app's language, and is run by keys.
    await page.getByTestId('birthDate-calendar').click();
    const calendar = page.getByTestId('calendar');
    await expect(calendar.getByTestId('calendar-month').locator('option:checked')).toHaveText(march);
    await expect(calendar.getByTestId('calendar-year')).toHaveValue('2001');
    await expect(calendar.locator('[aria-pressed=true]')).toHaveText('5');
    await expect(calendar.locator('[data-day="2001-03-05"]')).toBeFocused();
    await page.screenshot({path: `test-results/screens/date-calendar-${locale}.png`});
    const axe = await new AxeBuilder({page}).include('[data-testid=calendar]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => v.id)).toEqual([]);
    await page.keyboard.press(forward); // the next day is to the left in Hebrew
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    await expect(calendar.getByTestId('calendar-month').locator('option:checked')).toHaveText(april);
    await page.keyboard.press('Enter');
    await expect(calendar).toBeHidden();
    await expect(field).toHaveValue('13-04-2001');
    await page.getByTestId('card-save').click();
    await page.waitForURL(url => !url.pathname.includes('/edit/'));
    await expect.poll(birthDateOf).toBe('2001-04-13');

    // Typed digits get their dashes; an unfinished date is refused next to the field, nothing is written.
    await page.getByTestId('card-edit').click();
    await field.fill('');
    await field.pressSequentially('050320');
    await expect(field).toHaveValue('05-03-20');
    await page.getByTestId('card-save').click();
    await expect(page.getByTestId('card-form').locator('[data-field-error]')).toHaveText(invalid);
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(await birthDateOf()).toBe('2001-04-13');

    await field.pressSequentially('01');
    await expect(field).toHaveValue('05-03-2001');
    await page.getByTestId('card-save').click();
    await page.waitForURL(url => !url.pathname.includes('/edit/'));
    await expect.poll(birthDateOf).toBe('2001-03-05');
    await expect(page.getByTestId('card-header')).toContainText('05-03-2001');

    // The history says when, to the minute.
    await expect(page.getByTestId('history-entry').first()).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);
    await context.close();
  });
}

test('other separators are read day first, and the self-user login takes DD-MM-YYYY', async ({page}) => {
  await page.goto('/self-user/login');
  const field = page.locator('[name=birthday]');
  await field.fill('5.3.2001');
  await field.blur();
  await expect(field).toHaveValue('05-03-2001');
  await field.fill('31/02/2001');
  await expect(page.getByText('תאריך לא תקין')).toBeVisible();
  await field.fill('28/02/2001');
  await expect(page.getByText('תאריך לא תקין')).toHaveCount(0);
});

test('a note shows the time of day it was written', async ({page}) => {
  const id = await insertCard(uniqueSurname());
  await signIn(page, 'demo-coordinator');
  await page.goto(`/home/tickets/${encodeURIComponent(id)}`);
  await page.getByTestId('note-body').fill('שוחחנו עם האם');
  const before = new Date();
  await page.getByTestId('note-add').click();
  const two = (n: number) => String(n).padStart(2, '0');
  const day = `${two(before.getDate())}-${two(before.getMonth() + 1)}-${before.getFullYear()}`;
  await expect(page.getByTestId('note').first()).toContainText(new RegExp(`${day} \\d{2}:\\d{2}`));
});
