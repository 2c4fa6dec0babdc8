import {expect, test} from '@playwright/test';
import {db, newSignedInPage, signIn, uniqueSurname} from './helpers.ts';

/**
 * The card's activity timeline and the transfer of activities to another card (issue 12): cancelling
 * the confirmation changes nothing; confirming moves them, and both cards' timelines and histories
 * follow live, also in another user's browser.
 */

async function seed() {
  const sql = db();
  const surname = uniqueSurname();
  const card = async (key: string, forename: string, gender: 'male' | 'female') => {
    const id = `e2e-${key}-${surname}`;
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
              VALUES (${id}, ${forename}, ${surname}, ${gender}, '2000-05-05', 'צפת', 'litvish', 'available', 'demo-coordinator')`;
    await sql`INSERT INTO profile_detail (profile_id) VALUES (${id})`;
    return id;
  };
  const from = await card('from', 'ראובן', 'male');
  const to = await card('to', 'שמעון', 'male');
  const woman = await card('woman', 'דינה', 'female');
  const activity = async (title: string, type: string, at: string) => {
    const id = `e2e-act-${title}-${surname}`;
    await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by, created_at, updated_at)
              VALUES (${id}, ${type}, ${title}, ${from}, ${woman}, 'demo-shadchan', ${at}, ${at})`;
    return id;
  };
  const ids = [
    await activity('רעיון ראשון', 'idea', '2026-01-01T09:00:00Z'),
    await activity('הצעה שנייה', 'suggestion', '2026-02-01T09:00:00Z'),
    await activity('פגישה שלישית', 'date', '2026-03-01T09:00:00Z'),
  ];
  await sql.end();
  return {from, to, surname, ids};
}

const onCard = async (cardID: string) => {
  const sql = db();
  const rows = await sql`SELECT id FROM activity WHERE male_profile_id = ${cardID} ORDER BY id`;
  await sql.end();
  return rows.map(r => r.id as string).sort();
};

test('transfer with its confirmation: cancel leaves everything; confirm moves them and both timelines follow', async ({
  page,
  browser,
}) => {
  const {from, to, surname, ids} = await seed();
  await signIn(page, 'demo-admin', 'en');
  await page.goto(`/home/tickets/${from}`);
  const timeline = page.getByTestId('card-timeline');
  await expect(timeline.getByTestId('timeline-item')).toHaveCount(3);
  // Newest first, with the stage, the other side's name and who entered it.
  await expect(timeline.getByTestId('timeline-item').first()).toContainText('פגישה שלישית');
  await expect(timeline.getByTestId('timeline-item').first()).toContainText('Date');
  await expect(timeline.getByTestId('timeline-other').first()).toContainText('דינה');
  await expect(timeline.getByTestId('timeline-new')).toHaveAttribute(
    'href',
    `/dashboard/activity/edit/new?profile=${encodeURIComponent(from)}`,
  );

  // Another shadchan has the target card open.
  const other = await newSignedInPage(browser, 'demo-shadchan', 'en');
  await other.goto(`/home/tickets/${to}`);
  await expect(other.getByTestId('timeline-empty')).toBeVisible();

  await timeline.getByTestId('timeline-transfer').click();
  const panel = page.getByTestId('transfer-panel');
  // Nothing chosen and no target: the panel says what is missing, next to the fields.
  await panel.getByTestId('transfer-submit').click();
  await expect(panel.locator('[data-field-error]')).toBeVisible();
  await timeline.getByTestId('timeline-choose').nth(0).check();
  await timeline.getByTestId('timeline-choose').nth(2).check();
  await panel.getByTestId('transfer-search').fill(surname);
  // Only cards of the same gender, without this card itself.
  await expect(panel.getByTestId('transfer-option')).toHaveCount(1);
  await panel.getByTestId('transfer-option').click();
  await expect(panel.getByTestId('transfer-target')).toContainText('שמעון');

  await panel.getByTestId('transfer-submit').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('cannot be undone');
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog).toBeHidden();
  expect(await onCard(from)).toEqual([...ids].sort());
  await expect(timeline.getByTestId('timeline-item')).toHaveCount(3);

  await panel.getByTestId('transfer-submit').click();
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(page.getByTestId('transfer-panel')).toBeHidden();
  await expect(timeline.getByTestId('timeline-item')).toHaveCount(1);
  await expect(timeline.getByTestId('timeline-item')).toContainText('הצעה שנייה');
  await expect(other.getByTestId('timeline-item')).toHaveCount(2);
  expect(await onCard(to)).toEqual([ids[0], ids[2]].sort());

  // Both cards' history record it, naming the other card.
  await expect(page.getByTestId('history-transfer')).toContainText('transferred to');
  await expect(page.getByTestId('history-transfer')).toContainText('שמעון');
  await page.goto(`/home/tickets/${to}`);
  await expect(page.getByTestId('history-transfer')).toContainText('transferred from');
  await expect(page.getByTestId('history-transfer')).toContainText('ראובן');
});
