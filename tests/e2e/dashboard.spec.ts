import {expect, test} from '@playwright/test';
import {db, newSignedInPage, pickActivitySide, signIn, uniqueSurname} from './helpers.ts';

/**
 * "My day" (/dashboard, issue 12), live: my due and overdue reminders, my open activities by stage with
 * the other side named only when I may see that card, and my numbers this month.
 */
test('my day shows my due reminders and my pipeline, and follows a new activity live', async ({page}) => {
  const sql = db();
  const surname = uniqueSurname();
  const card = async (
    key: string,
    forename: string,
    gender: 'male' | 'female',
    database = 'general',
    owner = 'demo-coordinator',
  ) => {
    const id = `e2e-${key}-${surname}`;
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id)
              VALUES (${id}, ${forename}, ${surname}, ${gender}, '2000-05-05', 'צפת', 'litvish', 'available', ${database}, ${owner})`;
    await sql`INSERT INTO profile_detail (profile_id) VALUES (${id})`;
    return id;
  };
  const man = await card('man', 'נפתלי', 'male');
  // The administrator's personal card: the shadchan may not see it.
  const hidden = await card('hidden', 'זלפה', 'female', 'personal', 'demo-admin');
  const activity = async (title: string, type: string, reminderAt: Date | null, female: string | null = null) => {
    await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, reminder_at, created_by)
              VALUES (${`e2e-${title}-${surname}`}, ${type}, ${`${title} ${surname}`}, ${man}, ${female}, ${reminderAt}, 'demo-shadchan')`;
  };
  await activity('overdue', 'idea', new Date(Date.now() - 26 * 3_600_000), hidden);
  await activity('later', 'date', new Date(Date.now() + 40 * 86_400_000));
  // Someone else's reminder is not on my day.
  await sql`INSERT INTO activity (id, type, title, male_profile_id, reminder_at, created_by)
            VALUES (${`e2e-others-${surname}`}, 'idea', ${`others ${surname}`}, ${man}, now() - interval '1 hour', 'demo-coordinator')`;

  await signIn(page, 'demo-shadchan', 'en');
  await page.goto('/dashboard');
  const reminders = page.getByTestId('dashboard-reminders');
  const overdue = reminders.getByTestId('dashboard-reminder').filter({hasText: `overdue ${surname}`});
  await expect(overdue).toContainText('Overdue');
  // The other side is the administrator's personal card: named only as another profile.
  await expect(overdue.getByTestId('pair-names')).toHaveText('נפתלי ' + surname + ' · another profile');
  await expect(overdue).toHaveAttribute('href', `/dashboard/activity/edit/${encodeURIComponent(`e2e-overdue-${surname}`)}`);
  await expect(reminders).not.toContainText(`later ${surname}`);
  await expect(reminders).not.toContainText(`others ${surname}`);

  const ideas = page.getByTestId('stage-idea');
  await expect(ideas.getByTestId('stage-item').filter({hasText: `overdue ${surname}`})).toBeVisible();
  await expect(
    page
      .getByTestId('stage-date')
      .getByTestId('stage-item')
      .filter({hasText: `later ${surname}`}),
  ).toBeVisible();

  // A new suggestion appears at once, at the top of its column, and in this month's numbers.
  const suggestions = page.getByTestId('stage-suggestion');
  const created = Number(await page.getByTestId('numbers-suggestion').locator('dd').textContent());
  await activity('fresh', 'suggestion', null);
  await expect(suggestions.getByTestId('stage-item').first()).toContainText(`fresh ${surname}`);
  await expect(page.getByTestId('numbers-suggestion').locator('dd')).toHaveText(String(created + 1));
  await sql.end();
});

test('an activity made from a card appears at once on my day in my other window, and in the coordinator’s list of all', async ({
  page,
  browser,
}) => {
  const sql = db();
  const surname = uniqueSurname();
  const insertCard = async (forename: string, gender: 'male' | 'female') => {
    const id = `e2e-${gender}-${surname}`;
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id)
              VALUES (${id}, ${forename}, ${surname}, ${gender}, '2001-03-03', 'טבריה', 'litvish', 'available', 'general', 'demo-coordinator')`;
    await sql`INSERT INTO profile_detail (profile_id) VALUES (${id})`;
    return {id, forename, surname};
  };
  const man = await insertCard('שמעיה', 'male');
  const woman = await insertCard('יוכבד', 'female');
  const title = `הצעה מהכרטיס ${surname}`;
  try {
    // My other window (the same shadchan on another screen) on my day, and the coordinator on everyone's list.
    const otherWindow = await newSignedInPage(browser, 'demo-shadchan');
    await otherWindow.goto('/dashboard');
    await expect(otherWindow.getByTestId('stage-suggestion')).toBeVisible();
    const coordinator = await newSignedInPage(browser, 'demo-coordinator');
    await coordinator.goto(`/dashboard/activities?all=true&q=${encodeURIComponent(surname)}`);
    await expect(coordinator.getByTestId('activities-page')).toBeVisible();

    await signIn(page, 'demo-shadchan');
    await page.goto(`/home/tickets/${man.id}`);
    await page.getByTestId('card-timeline').getByTestId('timeline-new').click();
    await expect(page.getByTestId('pick-male-chosen')).toContainText(surname); // the card is on its side
    await pickActivitySide(page, 'female', woman);
    const form = page.getByTestId('activity-form');
    await form.locator('[name=type]').selectOption('suggestion');
    await form.locator('[name=title]').fill(title);
    await page.getByTestId('activity-save').click();
    await expect(page.getByText('נשמר בהצלחה')).toBeVisible();

    await expect(otherWindow.getByTestId('stage-suggestion').getByTestId('stage-item').first()).toContainText(title);
    await expect(coordinator.getByTestId('activity-row').filter({hasText: title})).toContainText(`${man.forename} ${surname}`);
    // Back on the card, its timeline has it.
    await page.goto(`/home/tickets/${man.id}`);
    await expect(page.getByTestId('card-timeline').getByTestId('timeline-item').filter({hasText: title})).toBeVisible();
  } finally {
    await sql`DELETE FROM activity WHERE male_profile_id = ${man.id}`;
    await sql.end();
  }
});
