import {expect, test} from '@playwright/test';
import {db, localIsoDate, pickActivitySide, signIn, typeDate} from './helpers.ts';

/** Issue 12's activity screens through the whole stack: the form, the list, the collision warning, the toast. */
type Card = {id: string; forename: string; surname: string};

async function cards() {
  const sql = db();
  const pick = (gender: string, offset: number) => sql<Card[]>`
    SELECT id, forename, surname FROM profile
    WHERE gender = ${gender} AND database = 'general' AND visibility = 'all' AND deleted_at IS NULL AND state = 'active'
    ORDER BY id OFFSET ${offset} LIMIT 1`;
  return {sql, pick};
}

test('an activity from the list: errors by field, both sides picked, saved, listed live, edited, commented, deleted', async ({
  page,
}) => {
  const {sql, pick} = await cards();
  const [man] = await pick('male', 3);
  const [woman] = await pick('female', 3);
  const title = `הצעה מהבדיקה ${Date.now()}`;
  try {
    await signIn(page, 'demo-shadchan');
    await page.getByTestId('side-menu').getByTestId('menu-/dashboard/activities').click();
    await expect(page.getByTestId('activities-page')).toBeVisible();
    await page.getByTestId('new-activity').click();
    await page.waitForURL('**/dashboard/activity/edit/new');

    // Nothing chosen, no title: each field says what is missing, nothing is written.
    await page.getByTestId('activity-save').click();
    const form = page.getByTestId('activity-form');
    await expect(form.locator('[name=title]')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.locator('[data-field-error]').first()).toContainText('שדה חובה');
    await expect(page.getByTestId('pick-male')).toHaveAttribute('aria-invalid', 'true');
    // A reminder that is no time of day.
    await form.locator('[name=reminderTime]').fill('2599');
    await form.locator('[name=title]').fill(title);
    await pickActivitySide(page, 'male', man!);
    await pickActivitySide(page, 'female', woman!);
    await form.locator('[name=reminderDate]').fill('01-01-2031');
    await page.getByTestId('activity-save').click();
    await expect(page.getByTestId('reminder-fields').locator('..').locator('[data-field-error]')).toContainText('תאריך');
    expect(await sql`SELECT 1 FROM activity WHERE title = ${title}`).toHaveLength(0);

    await form.locator('[name=reminderTime]').fill('1030');
    await expect(form.locator('[name=reminderTime]')).toHaveValue('10:30');
    await form.locator('[name=type]').selectOption('suggestion');
    await page.getByTestId('activity-save').click();
    await expect(page.getByText('נשמר בהצלחה')).toBeVisible();
    await page.waitForURL(url => /\/dashboard\/activity\/edit\/(?!new)[^/]+$/.test(url.pathname));
    const id = decodeURIComponent(page.url().split('/').pop()!);
    await expect(page.getByTestId('activity-code')).toHaveText(/#\d{4,}/);
    await expect(page.getByTestId('activity-entered')).toContainText('יעקב כץ');
    const [row] =
      await sql`SELECT created_by, type, male_profile_id, female_profile_id, reminder_at FROM activity WHERE id = ${id}`;
    expect(row).toMatchObject({
      created_by: 'demo-shadchan',
      type: 'suggestion',
      male_profile_id: man!.id,
      female_profile_id: woman!.id,
    });
    // 10:30 on the browser's clock (the e2e browser runs in the machine's zone, as the test does).
    expect(row!.reminder_at.getHours()).toBe(10);

    // A comment, with its author.
    await page.getByTestId('activity-comment-body').fill('דיברתי עם האמא');
    await page.getByTestId('activity-comment-send').click();
    await expect(page.getByTestId('activity-comment')).toContainText('דיברתי עם האמא');
    await expect(page.getByTestId('activity-comment')).toContainText('יעקב כץ');

    // The list has it, with both names; an edit made elsewhere shows there at once.
    await page.getByRole('link', {name: 'לכל הפעילויות'}).first().click();
    const listed = page.getByTestId('activity-row').filter({hasText: title});
    await expect(listed).toBeVisible();
    await expect(listed.getByTestId('activity-pair')).toContainText(
      `${man!.forename} ${man!.surname} › ${woman!.forename} ${woman!.surname}`,
    );
    await expect(listed.getByTestId('activity-reminder')).toContainText('01-01-2031 10:30');
    await sql`UPDATE activity SET status = 'irrelevant', updated_at = now() WHERE id = ${id}`;
    await expect(listed.getByTestId('activity-status')).toHaveText('לא רלוונטי');
    // Filters live in the URL.
    await page.getByTestId('filter-status').selectOption('done');
    await expect(page).toHaveURL(/status=done/);
    await expect(listed).toHaveCount(0);
    await page.getByTestId('filter-status').selectOption('irrelevant');
    await expect(listed).toBeVisible();
    // Dates (spec §9): a custom window that ended yesterday leaves out today's activity; choosing
    // another range drops the custom days from the URL.
    await page.getByTestId('filter-range').selectOption('custom');
    await typeDate(page.locator('#filter-from'), localIsoDate(-7));
    await expect(page).toHaveURL(/range=custom&from=/);
    await expect(listed).toBeVisible();
    await typeDate(page.locator('#filter-until'), localIsoDate(-1));
    await expect(page).toHaveURL(/until=/);
    await expect(listed).toHaveCount(0);
    await page.getByTestId('filter-range').selectOption('today');
    await expect(page).toHaveURL(/range=today/);
    await expect(page).not.toHaveURL(/from=|until=/);
    await expect(listed).toBeVisible();
    // The name narrows the list to either side's name once typing pauses; cleared, the list is whole again.
    const name = page.getByTestId('filter-candidate');
    await name.fill(`${woman!.forename} ${woman!.surname}`);
    await expect(page).toHaveURL(/q=/);
    await expect(listed).toBeVisible();
    await name.fill('שםשאינובשוםכרטיס');
    await expect(listed).toHaveCount(0);
    await name.fill('');
    await expect(page).not.toHaveURL(/q=/);
    await expect(listed).toBeVisible();
    await page.screenshot({path: 'test-results/screens/activities-he.png'});

    // Edit: updated successfully; then delete after the question.
    await listed.getByTestId('activity-open').click();
    await form.locator('[name=status]').selectOption('in_progress');
    await page.getByTestId('activity-save').click();
    await expect(page.getByText('עודכן בהצלחה')).toBeVisible();
    await expect.poll(async () => (await sql`SELECT status FROM activity WHERE id = ${id}`)[0]?.status).toBe('in_progress');
    await page.screenshot({path: 'test-results/screens/activity-edit-he.png', fullPage: true});
    await page.getByTestId('activity-delete').click();
    await expect(page.getByRole('dialog')).toContainText('להמשיך במחיקה?');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByText('הפעילות נמחקה')).toBeVisible();
    await page.waitForURL(/\/dashboard\/activities/);
    await expect(page.getByTestId('activity-row').filter({hasText: title})).toHaveCount(0);
    expect(await sql`SELECT 1 FROM activity WHERE id = ${id}`).toHaveLength(0);
  } finally {
    await sql`DELETE FROM activity WHERE title = ${title}`;
    await sql.end();
  }
});

test('a new activity from a card and a call is prefilled; someone else’s activity is read-only', async ({page}) => {
  const {sql, pick} = await cards();
  const [woman] = await pick('female', 5);
  const [man] = await pick('male', 5);
  const id = `e2e-others-${Date.now()}`;
  await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by)
            VALUES (${id}, 'idea', 'של מרים', ${man!.id}, ${woman!.id}, 'demo-coordinator')`;
  try {
    await signIn(page, 'demo-shadchan', 'en');
    await page.goto(`/dashboard/activity/edit/new?profile=${woman!.id}&callerNumber=%2B972521234567&callDuration=95`);
    await expect(page.getByTestId('pick-female-chosen')).toContainText(woman!.surname);
    await expect(page.getByTestId('pick-male')).toHaveValue('');
    await expect(page.getByTestId('activity-call')).toContainText('052-1234567');
    await expect(page.getByTestId('activity-call')).toContainText('1:35');
    await page.setViewportSize({width: 375, height: 740});
    await page.screenshot({path: 'test-results/screens/activity-new-en-375.png', fullPage: true});
    await page.setViewportSize({width: 1280, height: 800});

    await page.goto(`/dashboard/activity/edit/${id}`);
    await expect(page.getByTestId('activity-read-only')).toBeVisible();
    await expect(page.getByTestId('activity-form').locator('[name=title]')).toHaveAttribute('readonly', '');
    await expect(page.getByTestId('activity-save')).toHaveCount(0);
  } finally {
    await sql`DELETE FROM activity WHERE id = ${id}`;
    await sql.end();
  }
});

test('the collision warning: another shadchan’s date with A, and the pair once marked irrelevant; saving stays open', async ({
  page,
}) => {
  const {sql, pick} = await cards();
  const [man] = await pick('male', 7);
  const [woman] = await pick('female', 7);
  const [other] = await pick('female', 8);
  const stamp = Date.now();
  const title = `רעיון עם התנגשות ${stamp}`;
  await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by) VALUES
            (${`e2e-busy-${stamp}`}, 'date', 'פגישה של מרים', ${man!.id}, ${other!.id}, 'demo-coordinator'),
            (${`e2e-tried-${stamp}`}, 'suggestion', 'ניסיון ישן', ${man!.id}, ${woman!.id}, 'demo-admin')`;
  await sql`UPDATE activity SET status = 'irrelevant' WHERE id = ${`e2e-tried-${stamp}`}`;
  try {
    await signIn(page, 'demo-shadchan');
    await page.goto('/dashboard/activity/edit/new');
    await expect(page.getByTestId('collision-warning')).toHaveCount(0);
    await pickActivitySide(page, 'male', man!);
    const warning = page.getByTestId('collision-warning');
    // The demo's own activities may name A too: this test's date is the one with the other woman.
    const busy = warning.getByTestId('collision-busy').filter({hasText: `${other!.forename} ${other!.surname}`});
    await expect(busy).toContainText('מרים שטרן');
    await expect(warning.getByTestId('collision-tried')).toHaveCount(0);
    await pickActivitySide(page, 'female', woman!);
    // This test's irrelevant try was by the administrator (the demo's own may have tried the pair too).
    await expect(warning.getByTestId('collision-tried').filter({hasText: 'רחל אדלר'})).toBeVisible();
    await page.screenshot({path: 'test-results/screens/activity-collision-he.png', fullPage: true});
    // A date is not an idea or a suggestion: no warning.
    await page.getByTestId('activity-form').locator('[name=type]').selectOption('date');
    await expect(warning).toHaveCount(0);
    await page.getByTestId('activity-form').locator('[name=type]').selectOption('idea');
    await expect(warning).toBeVisible();
    // The user can still go on.
    await page.getByTestId('activity-form').locator('[name=title]').fill(title);
    await page.getByTestId('activity-save').click();
    await expect(page.getByText('נשמר בהצלחה')).toBeVisible();
    await expect.poll(async () => (await sql`SELECT count(*)::int AS n FROM activity WHERE title = ${title}`)[0]?.n).toBe(1);
  } finally {
    await sql`DELETE FROM activity WHERE id IN (${`e2e-busy-${stamp}`}, ${`e2e-tried-${stamp}`}) OR title = ${title}`;
    await sql.end();
  }
});

test('a reminder that comes due while the app is open toasts; snooze moves it an hour on', async ({page}) => {
  const {sql, pick} = await cards();
  const [man] = await pick('male', 9);
  const id = `e2e-toast-${Date.now()}`;
  try {
    await signIn(page, 'demo-shadchan');
    await sql`INSERT INTO activity (id, type, title, male_profile_id, reminder_at, created_by)
              VALUES (${id}, 'suggestion', 'להתקשר לשדכנית', ${man!.id}, now() + interval '4 seconds', 'demo-shadchan')`;
    const toast = page.locator(`[data-testid=reminder-toast][data-id="${id}"]`);
    await expect(page.getByTestId('reminders-bell')).toBeVisible();
    await expect(toast).toHaveCount(0);
    await expect(toast).toBeVisible({timeout: 15_000});
    await expect(toast).toContainText('להתקשר לשדכנית');
    await expect(toast).toContainText(man!.surname);
    await page.screenshot({path: 'test-results/screens/reminder-toast-he.png'});
    const before = Date.now();
    await toast.getByTestId('reminder-snooze-hour').click();
    await expect(toast).toHaveCount(0);
    await expect(page.getByText('התזכורת נדחתה')).toBeVisible();
    const [row] = await sql`SELECT reminder_at FROM activity WHERE id = ${id}`;
    expect(row!.reminder_at.getTime()).toBeGreaterThanOrEqual(before + 3_590_000);
    expect(row!.reminder_at.getTime()).toBeLessThan(Date.now() + 3_610_000);
  } finally {
    await sql`DELETE FROM activity WHERE id = ${id}`;
    await sql.end();
  }
});

test('a pair’s stages are kept: next stage opens the suggestion, both stay on the card; a type changed by hand asks and is recorded', async ({
  page,
}) => {
  const {sql, pick} = await cards();
  const [woman] = await pick('female', 9);
  const [man] = await pick('male', 9);
  const id = `e2e-stage-${Date.now()}`;
  const title = `רעיון שלבים ${Date.now()}`;
  await sql`INSERT INTO activity (id, type, title, summary, male_profile_id, female_profile_id, created_by)
            VALUES (${id}, 'idea', ${title}, 'שתי משפחות חמות', ${man!.id}, ${woman!.id}, 'demo-shadchan')`;
  try {
    await signIn(page, 'demo-shadchan');
    await page.goto(`/dashboard/activity/edit/${id}`);
    await page.getByTestId('activity-next-stage').click();
    await page.getByTestId('confirm-ok').click();
    await page.waitForURL(url => !url.pathname.endsWith(id));
    const form = page.getByTestId('activity-form');
    await expect(form.locator('[name=type]')).toHaveValue('suggestion');
    await expect(form.locator('[name=title]')).toHaveValue(title);
    await expect(page.getByTestId('activity-stage-previous')).toContainText('רעיון');
    // The card keeps both stages, each as what it was, with its date and who did it.
    await page.goto(`/home/tickets/${woman!.id}`);
    const stages = page.getByTestId('timeline-item').filter({hasText: title});
    await expect(stages).toHaveCount(2);
    for (const [locale, width] of [
      ['he', 1280],
      ['he', 375],
    ] as const) {
      await page.setViewportSize({width, height: 900});
      await stages.first().scrollIntoViewIfNeeded();
      await page.screenshot({path: `test-results/screens/stage-timeline-${locale}-${width}.png`});
    }
    await page.setViewportSize({width: 1280, height: 800});

    // Changing the type by hand asks first, and the thread records it.
    await page.goto(`/dashboard/activity/edit/${id}`);
    await form.locator('[name=type]').selectOption('date');
    await page.getByTestId('activity-save').click();
    await expect(page.getByRole('dialog')).toContainText('לשנות את סוג הפעילות');
    await page.getByTestId('confirm-ok').click();
    await expect(page.getByTestId('activity-comment')).toContainText('שינה/תה את הסוג מרעיון לפגישה');
  } finally {
    await sql`DELETE FROM activity WHERE title = ${title}`;
    await sql.end();
  }
});
