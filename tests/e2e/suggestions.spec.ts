import {expect, test, type Page} from '@playwright/test';
import {nanoid} from 'nanoid';
import {SHOTS, db, newSignedInPage, uniqueSurname} from './helpers.ts';

/**
 * Issue 37: an open card's suggested matches, with their reasons in words, live for two users on the same
 * card: an edit to a listed card moves the list, and one click records a suggestion, which takes the pair
 * off both screens and shows the collision warning. The cards are in a sector of the test's own, so the
 * demo's cards never enter the list.
 */
const shots = async (page: Page, name: string, locale: string) => {
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 900});
    await page.getByTestId('suggestions').scrollIntoViewIfNeeded();
    await page.screenshot({path: `${SHOTS}/${name}-${locale}-${width}.png`});
  }
  await page.setViewportSize({width: 1280, height: 800});
};

test('suggested matches with reasons, live on two screens; one click records a suggestion with the collision warning', async ({
  browser,
}) => {
  const sql = db();
  const sector = `e2e-${nanoid(6)}`;
  const surname = uniqueSurname();
  const ids: string[] = [];
  const card = async (
    forename: string,
    gender: 'male' | 'female',
    {born, city, details = {}}: {born: string; city: string; details?: Record<string, unknown>},
  ) => {
    const id = `e2e-${nanoid(8)}`;
    ids.push(id);
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, created_at)
              VALUES (${id}, ${forename}, ${surname}, ${gender}, ${born}, ${city}, ${sector}, 'available', 'demo-coordinator',
                      now() - interval '250 days')`;
    const base = {
      occupation: 'מורה',
      suggestionsContact: 'אמא',
      suggestionsPhone: '+972527000000',
      inquiryPhones: ['+97235000000'],
    };
    await sql`INSERT INTO profile_detail (profile_id, details) VALUES (${id}, ${sql.json({...base, ...details} as never)})`;
    return id;
  };
  await sql`INSERT INTO sector (id, labels) VALUES (${sector}, ${sql.json({he: 'מגזר בדיקה', en: 'Test sector'})})`;
  try {
    const him = await card('יוסף', 'male', {
      born: '2001-02-01',
      city: 'בני ברק',
      details: {maritalStatus: 'single', height: 178, origin: 'ashkenazi', seekHeadCovering: ['wig'], preferredPlace: 'בני ברק'},
    });
    const best = await card('חנה', 'female', {
      born: '2003-04-01',
      city: 'בני ברק',
      details: {maritalStatus: 'single', height: 165, origin: 'ashkenazi', headCovering: 'wig'},
    });
    const plain = await card('מרים', 'female', {
      born: '2002-09-01',
      city: 'צפת',
      details: {maritalStatus: 'single', height: 182},
    });
    await card('דבורה', 'female', {
      born: '2003-01-01',
      city: 'בני ברק',
      details: {seekAgeMin: 18, seekAgeMax: 22},
    });
    // Another man, with whom another shadchan is already busy suggesting `best`: the warning's matter.
    const rival = await card('אהרן', 'male', {born: '2000-06-01', city: 'אלעד'});
    await sql`INSERT INTO activity (id, type, status, title, male_profile_id, female_profile_id, created_by)
              VALUES (${`${rival}-a`}, 'suggestion', 'in_progress', 'הצעה', ${rival}, ${best}, 'demo-admin')`;

    for (const locale of ['he', 'en'] as const) {
      const page = await newSignedInPage(browser, 'demo-coordinator', locale);
      await page.goto(`/home/tickets/${him}`);
      const panel = page.getByTestId('suggestions');
      const rows = panel.getByTestId('suggestion');
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('חנה');
      await expect(rows.filter({hasText: 'דבורה'})).toHaveCount(0);
      const top = rows.first();
      if (locale === 'he') {
        await expect(top).toContainText('שניהם בבני ברק');
        await expect(top).toContainText('פתוחה להצעות כבר 8 חודשים');
        await expect(top).toContainText('כיסוי הראש שלה (פאה) הוא מה שהוא מחפש');
        await expect(top).toContainText('הוא מעדיף לגור בבני ברק, שם היא גרה');
        await expect(top).toContainText('גילאים 25 ו־23');
      } else {
        await expect(top).toContainText('Both in בני ברק');
        await expect(top).toContainText('Her head covering (Wig) is what he seeks');
        await expect(top).toContainText('Open to suggestions for 8 months');
      }
      // The plain one: taller than him, a reason against.
      await expect(rows.nth(1).getByTestId('reason-against')).toHaveCount(1);
      await shots(page, 'suggestions', locale);
      await page.context().close();
    }

    // Two users on the card.
    const coordinator = await newSignedInPage(browser, 'demo-coordinator');
    const admin = await newSignedInPage(browser, 'demo-admin');
    for (const page of [coordinator, admin]) {
      await page.goto(`/home/tickets/${him}`);
      await expect(page.getByTestId('suggestion')).toHaveCount(2);
    }
    // An edit elsewhere to a listed card moves the list on both screens: now she lives in Bnei Brak too.
    await sql`UPDATE profile SET city = 'בני ברק', updated_at = now() WHERE id = ${plain}`;
    for (const page of [coordinator, admin]) {
      await expect(page.getByTestId('suggestion').filter({hasText: 'מרים'})).toContainText('שניהם בבני ברק');
    }
    // One click: a suggestion for the pair; it leaves both lists, and the warning names the rival's suggestion.
    await coordinator.getByTestId('suggestion').filter({hasText: 'חנה'}).getByTestId('make-suggestion').click();
    await expect(coordinator.getByTestId('suggestion').filter({hasText: 'חנה'})).toHaveCount(0);
    const made = coordinator.getByTestId('suggestion-made');
    await expect(made).toContainText('נשמר: הצעה עם חנה');
    await expect(made.getByRole('alert')).toContainText('אהרן');
    await expect(admin.getByTestId('suggestion').filter({hasText: 'חנה'})).toHaveCount(0);
    await expect(admin.getByTestId('suggestion')).toHaveCount(1);
    await coordinator.screenshot({path: `${SHOTS}/suggestions-made-he-1280.png`});
    const [activity] = await sql<{type: string; created_by: string}[]>`
      SELECT type, created_by FROM activity WHERE male_profile_id = ${him} AND female_profile_id = ${best}`;
    expect(activity).toEqual({type: 'suggestion', created_by: 'demo-coordinator'});
  } finally {
    await sql`DELETE FROM activity_comment WHERE activity_id IN (SELECT id FROM activity WHERE male_profile_id = ANY(${ids}) OR female_profile_id = ANY(${ids}))`;
    await sql`DELETE FROM activity WHERE male_profile_id = ANY(${ids}) OR female_profile_id = ANY(${ids})`;
    await sql`UPDATE profile SET deleted_at = now() WHERE id = ANY(${ids})`;
    await sql.end();
  }
});
