import {expect, test, type Page} from '@playwright/test';
import {SHOTS, db, expectNoSidewaysScroll, newSignedInPage, pickActivitySide, uniqueSurname} from './helpers.ts';

/**
 * The ideas bank (issue 17) through the whole stack: a shadchan sends an idea on a pair, the shadchan
 * responsible for the other card sees it arrive live in a second browser and accepts it, and an idea
 * activity appears; the sender follows each answer live. A second idea on the pair is warned as tried
 * before, and declined with a reason.
 */
type Card = {id: string; forename: string; surname: string};

/** A pair of its own: the man is the coordinator's card, the woman the shadchan's (the sender's). */
async function pair() {
  const sql = db();
  const surname = uniqueSurname();
  const man: Card = {id: `e2e-idea-m-${surname}`, forename: 'אליהו', surname};
  const woman: Card = {id: `e2e-idea-f-${surname}`, forename: 'נחמה', surname};
  for (const [card, gender, owner] of [
    [man, 'male', 'demo-coordinator'],
    [woman, 'female', 'demo-shadchan'],
  ] as const) {
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
              VALUES (${card.id}, ${card.forename}, ${card.surname}, ${gender}, '2001-03-04', 'צפת', 'litvish', 'available', ${owner})`;
    await sql`INSERT INTO profile_detail (profile_id) VALUES (${card.id})`;
  }
  return {sql, man, woman};
}

async function openBank(page: Page, filters: {box?: string; status?: string} = {}) {
  const entry = page.getByTestId('side-menu').getByTestId('menu-/ideas');
  // The submenu stays open once opened.
  if (!(await entry.isVisible())) await page.getByTestId('side-menu').getByTestId('submenu-ideas').click();
  await entry.click();
  await page.waitForURL('**/ideas');
  if (filters.box !== undefined) await page.getByTestId('ideas-box').selectOption(filters.box);
  if (filters.status !== undefined) await page.getByTestId('ideas-status').selectOption(filters.status);
}

async function fillIdea(page: Page, man: Card, woman: Card, note: string) {
  await page.goto('/add-shidduch-idea');
  await expect(page.getByTestId('add-idea-page')).toBeVisible();
  await pickActivitySide(page, 'male', man);
  await pickActivitySide(page, 'female', woman);
  await page.getByTestId('idea-note-input').fill(note);
}

test('an idea sent → the responsible shadchan sees it live and accepts → an idea activity appears; a second is declined with a reason', async ({
  browser,
}) => {
  const {sql, man, woman} = await pair();
  try {
    const coordinator = await newSignedInPage(browser, 'demo-coordinator');
    await openBank(coordinator, {box: 'received'});
    const shadchan = await newSignedInPage(browser, 'demo-shadchan');

    // Nothing chosen: each field says what is missing, and nothing is sent.
    await shadchan.goto('/add-shidduch-idea');
    await shadchan.getByTestId('idea-send').click();
    await expect(shadchan.getByTestId('pick-male')).toHaveAttribute('aria-invalid', 'true');
    await expect(shadchan.getByTestId('idea-form').locator('[data-field-error]').first()).toContainText('יש לבחור בחור');
    await expect(shadchan.getByTestId('idea-note-input')).toHaveAttribute('aria-invalid', 'true');

    await fillIdea(shadchan, man, woman, 'שניהם מחפשים בית של תורה');
    await expect(shadchan.getByTestId('pair-tried-before')).toHaveCount(0);
    await shadchan.getByTestId('idea-send').click();
    await shadchan.waitForURL('**/ideas');
    // The sender follows the answer among all their sent ideas, whatever it is.
    await shadchan.getByTestId('ideas-box').selectOption('sent');
    await shadchan.getByTestId('ideas-status').selectOption('');
    await shadchan.getByTestId('ideas-search').fill(man.surname);
    const sent = shadchan.getByTestId('idea-row');
    await expect(sent).toHaveCount(1);
    await expect(sent.getByTestId('idea-recipient')).toHaveAttribute('data-status', 'open');
    await expect(sent.getByTestId('idea-recipient')).toContainText('מרים שטרן');

    // The coordinator's bank shows it without a reload, and she accepts.
    const received = coordinator.getByTestId('idea-row').filter({hasText: man.surname});
    await expect(received).toBeVisible();
    await expect(received.getByTestId('idea-note')).toHaveText('שניהם מחפשים בית של תורה');
    await expect(received.getByTestId('idea-pair')).toContainText(`${woman.forename} ${woman.surname}`);
    await received.getByTestId('idea-accept').click();
    await expect(coordinator.getByText('הרעיון התקבל ונוספה פעילות רעיון')).toBeVisible();

    // The sender sees the fate live, with the activity it made.
    await expect(sent.getByTestId('idea-recipient')).toHaveAttribute('data-status', 'accepted');
    await expect(sent.getByTestId('idea-activity-link')).toBeVisible();
    const [made] = await sql<{id: string; type: string; status: string; created_by: string}[]>`
      SELECT a.id, a.type, a.status, a.created_by FROM activity a
      WHERE a.male_profile_id = ${man.id} AND a.female_profile_id = ${woman.id}`;
    expect(made).toMatchObject({type: 'idea', status: 'in_progress', created_by: 'demo-coordinator'});

    // …and the activity is in the coordinator's own list.
    await coordinator.getByTestId('side-menu').getByTestId('menu-/dashboard/activities').click();
    await expect(coordinator.getByTestId('activity-row').filter({hasText: man.surname})).toBeVisible();
    await openBank(coordinator, {box: 'received'});

    // The same pair again: the form says it was tried before (the idea and its activity).
    await fillIdea(shadchan, man, woman, 'אולי בכל זאת? המשפחה השתנתה');
    const tried = shadchan.getByTestId('pair-tried-before');
    await expect(tried.getByTestId('pair-tried-idea')).toHaveCount(1);
    await expect(tried.getByTestId('pair-tried-activity')).toHaveCount(1);
    await shadchan.getByTestId('idea-send').click();
    await shadchan.waitForURL('**/ideas');

    // Declined: the reason is required, then the sender reads it.
    const second = coordinator.getByTestId('idea-row').filter({hasText: 'אולי בכל זאת'});
    await second.getByTestId('idea-decline').click();
    await coordinator.getByTestId('idea-decline-save').click();
    await expect(coordinator.getByTestId('idea-decline-reason')).toHaveAttribute('aria-invalid', 'true');
    await expect(coordinator.getByTestId('idea-decline-form')).toContainText('יש לכתוב סיבה');
    await coordinator.getByTestId('idea-decline-reason').fill('הבחור כבר בהצעה אחרת');
    await coordinator.getByTestId('idea-decline-save').click();
    await expect(second).toHaveCount(0); // no longer open for her
    await shadchan.getByTestId('ideas-box').selectOption('sent');
    await shadchan.getByTestId('ideas-status').selectOption('declined');
    await shadchan.getByTestId('ideas-search').fill(man.surname);
    await expect(shadchan.getByTestId('idea-reason')).toHaveText(/הבחור כבר בהצעה אחרת/);
    expect(await sql`SELECT id FROM activity WHERE male_profile_id = ${man.id}`).toHaveLength(1);
  } finally {
    await sql`DELETE FROM shidduch_idea WHERE male_profile_id = ${man.id}`;
    await sql`DELETE FROM activity WHERE male_profile_id = ${man.id}`;
    await sql`DELETE FROM profile WHERE id IN (${man.id}, ${woman.id})`;
    await sql.end();
  }
});

test('screenshots: the ideas bank and the shidduch-idea form, in Hebrew and English, at 1280 and 375 px', async ({browser}) => {
  const {sql, man, woman} = await pair();
  // An idea answered each way, so the bank shows every state.
  const sent = [
    {id: `e2e-idea-a-${man.surname}`, note: 'שניהם מחפשים בית של תורה', status: 'accepted', reason: null},
    {id: `e2e-idea-d-${man.surname}`, note: 'רעיון שני על אותו זוג', status: 'declined', reason: 'הבחור כבר בהצעה אחרת'},
    {id: `e2e-idea-o-${man.surname}`, note: 'רעיון שלישי, עוד ממתין לתשובה', status: 'open', reason: null},
  ];
  try {
    for (const [i, idea] of sent.entries()) {
      await sql`INSERT INTO shidduch_idea (id, male_profile_id, female_profile_id, note, sent_by, created_at)
                VALUES (${idea.id}, ${man.id}, ${woman.id}, ${idea.note}, 'demo-shadchan', now() - ${`${i} hours`}::interval)`;
      await sql`INSERT INTO shidduch_idea_recipient (idea_id, user_id, status, reason, decided_at)
                VALUES (${idea.id}, 'demo-coordinator', ${idea.status}, ${idea.reason}, ${idea.status === 'open' ? null : new Date()})`;
    }
    const page = await newSignedInPage(browser, 'demo-shadchan');
    for (const locale of ['he', 'en'] as const) {
      await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
      for (const width of [1280, 375]) {
        await page.setViewportSize({width, height: 900});
        const shot = (name: string) => page.screenshot({path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true});
        await page.goto('/ideas');
        await page.getByTestId('ideas-status').selectOption('');
        await page.getByTestId('ideas-search').fill(man.surname);
        await expect(page.getByTestId('idea-row')).toHaveCount(3);
        // The man comes first in the reading direction: on the right in Hebrew, on the left in English (or
        // above, when a phone's width puts the names on lines of their own).
        const pairOf = page.getByTestId('idea-pair').first();
        const manFirst = async () => {
          const manBox = (await pairOf.getByText(man.forename).boundingBox())!;
          const womanBox = (await pairOf.getByText(woman.forename).boundingBox())!;
          if (Math.abs(manBox.y - womanBox.y) > manBox.height / 2) return manBox.y < womanBox.y;
          return locale === 'he' ? manBox.x > womanBox.x : manBox.x < womanBox.x;
        };
        await expect.poll(manFirst).toBe(true);
        await expectNoSidewaysScroll(page);
        await shot('ideas-bank');
        await fillIdea(page, man, woman, locale === 'he' ? 'שניהם אוהבים ללמוד' : 'Both love learning');
        await expect(page.getByTestId('pair-tried-idea')).toHaveCount(3);
        await expectNoSidewaysScroll(page);
        await shot('ideas-form');
      }
    }
  } finally {
    await sql`DELETE FROM shidduch_idea WHERE male_profile_id = ${man.id}`;
    await sql`DELETE FROM profile WHERE id IN (${man.id}, ${woman.id})`;
    await sql.end();
  }
});
