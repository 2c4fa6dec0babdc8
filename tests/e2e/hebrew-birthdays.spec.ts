import {expect, test, type Page} from '@playwright/test';
import {civilToday, hebrewBirthdaysWithin} from '../../app/lib/hebrew-birthdays.ts';
import {SHOTS, db, insertCard, newSignedInPage, uniqueSurname} from './helpers.ts';

/**
 * Issue 37: the Hebrew birthdays of the shadchan's cards in the coming week, on the dashboard and in the
 * bell, live; and the display setting that puts Hebrew dates beside the Gregorian ones in activities and
 * history, on every device of the user at once.
 */
const DAY_MS = 86_400_000;

/** A birth date in 1996 or before whose Hebrew birthday falls `inDays` days from today. */
function bornForBirthdayIn(inDays: number): string {
  const on = civilToday() + inDays * DAY_MS;
  let birth = civilToday() - 30 * 365 * DAY_MS;
  while (!hebrewBirthdaysWithin([{birthDate: birth}], on, 1).length) birth -= DAY_MS;
  return new Date(birth).toISOString().slice(0, 10);
}

const shots = async (page: Page, name: string, locale: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 900});
    await page.screenshot({path: `${SHOTS}/${name}-${locale}-${width}.png`});
  }
  await page.setViewportSize({width: 1280, height: 800});
};

test('the week’s Hebrew birthdays of my cards, on the dashboard and in the bell, move live', async ({browser}) => {
  const sql = db();
  const surname = uniqueSurname();
  const today = await insertCard(`${surname}א`, {forename: 'רבקה', birthDate: bornForBirthdayIn(0)});
  const soon = await insertCard(`${surname}ב`, {forename: 'שרה', birthDate: bornForBirthdayIn(3)});
  try {
    for (const locale of ['he', 'en'] as const) {
      const page = await newSignedInPage(browser, 'demo-coordinator', locale);
      await page.goto('/dashboard');
      const panel = page.getByTestId('dashboard-birthdays');
      const todays = panel.getByTestId('birthday').filter({hasText: `${surname}א`});
      const soons = panel.getByTestId('birthday').filter({hasText: `${surname}ב`});
      await expect(todays).toBeVisible();
      await expect(soons).toBeVisible();
      await expect(todays.getByTestId('birthday-on')).toHaveText(locale === 'he' ? 'היום' : 'Today');
      // Soonest first, and the note that the Hebrew date is from the civil date of birth.
      const names = await panel.getByTestId('birthday').allTextContents();
      expect(names.findIndex(n => n.includes(`${surname}א`))).toBeLessThan(names.findIndex(n => n.includes(`${surname}ב`)));
      await expect(panel).toContainText(locale === 'he' ? 'מחושב מתאריך הלידה' : 'From the date of birth');
      await todays.scrollIntoViewIfNeeded();
      await shots(page, 'birthdays-dashboard', locale);

      await page.getByTestId('reminders-bell').click();
      const bell = page.getByTestId('bell-birthdays');
      await expect(bell.getByTestId('birthday').filter({hasText: `${surname}ב`})).toBeVisible();
      await shots(page, 'birthdays-bell', locale);
      // A birthday opens its card.
      await bell
        .getByTestId('birthday')
        .filter({hasText: `${surname}ב`})
        .click();
      await expect(page).toHaveURL(url => decodeURIComponent(url.pathname) === `/home/tickets/${soon}`);
      await page.goBack();
    }

    // Live: a birth date corrected elsewhere takes the card out of the week, and back in.
    const page = await newSignedInPage(browser, 'demo-coordinator');
    await page.goto('/dashboard');
    const soons = page
      .getByTestId('dashboard-birthdays')
      .getByTestId('birthday')
      .filter({hasText: `${surname}ב`});
    await expect(soons).toBeVisible();
    await sql`UPDATE profile SET birth_date = ${bornForBirthdayIn(20)}, updated_at = now() WHERE id = ${soon}`;
    await expect(soons).toHaveCount(0);
    await sql`UPDATE profile SET birth_date = ${bornForBirthdayIn(5)}, updated_at = now() WHERE id = ${soon}`;
    await expect(soons).toBeVisible();
  } finally {
    await sql`DELETE FROM profile WHERE id IN (${today}, ${soon})`;
    await sql.end();
  }
});

test('Hebrew dates beside the Gregorian ones in activities and history, on both of a user’s devices at once', async ({
  browser,
}) => {
  const sql = db();
  const card = await insertCard(uniqueSurname());
  await sql`INSERT INTO profile_revision (id, profile_id, revision, user_id, field, old_value, new_value)
            VALUES (${`${card}-r1`}, ${card}, 1, 'demo-admin', 'city', ${sql.json('צפת')}, ${sql.json('חיפה')})`;
  const title = `תאריכים ${uniqueSurname()}`;
  await sql`INSERT INTO activity (id, type, title, female_profile_id, reminder_at, created_by)
            VALUES (${`${card}-a1`}, 'idea', ${title}, ${card}, now() + interval '1 day', 'demo-admin')`;
  try {
    const here = await newSignedInPage(browser, 'demo-admin');
    const there = await here
      .context()
      .browser()!
      .newContext()
      .then(async c => {
        const p = await c.newPage();
        await p.goto('/login');
        await p.getByTestId('sign-in-demo-admin').click();
        await p.waitForURL('**/home');
        return p;
      });
    await there.goto('/dashboard/activities');
    const row = there.locator('tr', {hasText: title});
    await expect(row.getByTestId('activity-reminder')).not.toBeEmpty();
    await expect(there.getByTestId('hebrew-date')).toHaveCount(0);

    await here.getByTestId('settings-open').click();
    const toggle = here.getByTestId('toggle-hebrewDates');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await here.screenshot({path: `${SHOTS}/hebrew-dates-setting-he-1280.png`});

    // The other device shows them without a reload, in Hebrew letters beside each date.
    await expect(row.getByTestId('hebrew-date')).toHaveCount(2); // the reminder and the day it was entered
    await expect(row.getByTestId('hebrew-date').first()).toContainText(/ב[א-ת]+ תש/);
    await shots(there, 'hebrew-dates-activities', 'he');

    // The card's history too.
    await there.goto(`/home/tickets/${card}`);
    await expect(there.getByTestId('history-entry').first().getByTestId('hebrew-date')).toBeVisible();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await there.goto('/dashboard/activities');
    await expect(row.getByTestId('activity-reminder')).not.toBeEmpty();
    await expect(there.getByTestId('hebrew-date')).toHaveCount(0);
    await there.context().close();
  } finally {
    await sql`UPDATE user_setting SET hebrew_dates = false WHERE user_id = 'demo-admin'`;
    await sql`DELETE FROM activity WHERE id = ${`${card}-a1`}`;
    // Its history is kept for two years (the users log): the card goes to the bin instead.
    await sql`UPDATE profile SET deleted_at = now() WHERE id = ${card}`;
    await sql.end();
  }
});
