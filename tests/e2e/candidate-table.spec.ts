import {expect, test, type Locator, type Page} from '@playwright/test';
import {db, expectNoSidewaysScroll, newSignedInPage, search, signIn, uniqueSurname} from './helpers.ts';

/**
 * The candidate table (issue 14): keyset pages through Zero, sort, keyboard, selection with a bulk
 * action, the phone's cards, live rows. The e2e seed has 60 cards, so the table gets 350 of its own
 * (removed afterwards), enough for four pages of 100: they share one surname prefix, so a search
 * shows exactly them, and two in three have no last activity (null), so the pages' seams fall inside
 * the null group when sorting by it.
 */

const COUNT = 350;
const LETTERS = 'אבגדהוזחטיכלמנסעפצקרשת';
const prefix = uniqueSurname();
type Seeded = {id: string; surname: string; lastActivity: number | null};
/** Ids and surnames in the same order, so names and ids sort alike (the list breaks ties by id). */
const cards: Seeded[] = Array.from({length: COUNT}, (_, i) => ({
  id: `e2e-table-${String(i).padStart(3, '0')}`,
  surname: prefix + LETTERS[Math.floor(i / LETTERS.length)]! + LETTERS[i % LETTERS.length]!,
  // Distinct times, not in id order: the non-null part is really ordered by value.
  lastActivity: i % 3 === 0 ? Date.UTC(2026, 0, 1) + ((i * 7919) % COUNT) * 3_600_000 : null,
}));

/** A seeded card's row: alike but for id and surname, all the coordinator's. */
const profileRow = (c: {id: string; surname: string}) => ({
  id: c.id,
  forename: 'לאה',
  surname: c.surname,
  gender: 'female',
  birth_date: '2001-01-01',
  city: 'צפת',
  sector_id: 'litvish',
  status_id: 'available',
  owner_id: 'demo-coordinator',
});

test.beforeAll(async () => {
  const sql = db();
  await sql`INSERT INTO profile ${sql(
    cards.map(c => ({...profileRow(c), last_activity_at: c.lastActivity === null ? null : new Date(c.lastActivity)})),
  )}`;
  await sql`INSERT INTO profile_detail ${sql(cards.map(c => ({profile_id: c.id, details: sql.json({occupation: 'מורה'})})))}`;
  await sql.end();
});

test.afterAll(async () => {
  const sql = db();
  const ids = cards.map(c => c.id);
  // Cards with a history stay (the users log is kept for two years), in the recycling bin; the rest go.
  await sql`DELETE FROM profile p WHERE id IN ${sql(ids)} AND NOT EXISTS (SELECT FROM profile_revision r WHERE r.profile_id = p.id)`;
  await sql`UPDATE profile SET deleted_at = now() WHERE id IN ${sql(ids)}`;
  await sql.end();
});

/** Scrolls the window to the end of the list, noting every row drawn on the way: position → id. */
async function scrollThrough(page: Page, expected: number) {
  const seen = new Map<number, string>();
  for (let step = 0; step < 120 && seen.size < expected; step++) {
    const drawn = await page
      .getByTestId('candidate-row')
      .evaluateAll(rows =>
        rows.map(
          r => [Number(r.getAttribute('aria-rowindex') ?? r.getAttribute('data-index')), r.getAttribute('data-id')!] as const,
        ),
      );
    for (const [index, id] of drawn) seen.set(index, id);
    await page.mouse.wheel(0, 1200);
    await page.waitForTimeout(150);
  }
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, id]) => id);
}

/**
 * Scrolls down the virtual list until `row` is drawn, a step at a time, letting each step render: a
 * burst of wheels overshoots the row once its page arrives, and a virtual list no longer draws it.
 */
async function scrollTo(page: Page, row: Locator) {
  for (let i = 0; i < 80 && (await row.count()) === 0; i++) {
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(150);
  }
  await expect(row).toHaveCount(1);
}

const byName = cards.map(c => c.id);
/** Zero's order: nulls first ascending, then by value, ties by id; descending is the exact reverse. */
const byActivity = [...cards]
  .sort((a, b) => (a.lastActivity ?? -Infinity) - (b.lastActivity ?? -Infinity) || (a.id < b.id ? -1 : 1))
  .map(c => c.id);

test('scrolling opens page after page: every card once, in order, by name and by last activity (nulls across the seams), both ways', async ({
  page,
}) => {
  await signIn(page, 'demo-admin', 'en');
  await search(page, prefix);
  const rows = page.getByTestId('candidate-row');
  await expect(rows.first()).toHaveAttribute('data-id', byName[0]!);
  // Virtual: a few dozen rows drawn, not 350.
  expect(await rows.count()).toBeLessThan(80);

  expect(await scrollThrough(page, COUNT)).toEqual(byName);
  await expect(page.getByTestId('candidates-more')).toHaveCount(0);

  // Name, descending: the header sorts, and the URL keeps it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('sort-name').click();
  await expect(page).toHaveURL(/sort=name/);
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page.locator('th[aria-sort=descending]')).toContainText('Name');
  await expect(rows.first()).toHaveAttribute('data-id', byName.at(-1)!);
  expect(await scrollThrough(page, COUNT)).toEqual([...byName].reverse());

  // Last activity: a column the chooser adds; two in three cards have none.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('column-chooser').click();
  await page.getByTestId('column-lastActivityAt').check();
  await page.keyboard.press('Escape');
  await page.getByTestId('sort-lastActivityAt').click();
  await expect(page).toHaveURL(/sort=lastActivityAt&dir=asc|dir=asc&sort=lastActivityAt/);
  await expect(rows.first()).toHaveAttribute('data-id', byActivity[0]!);
  expect(await scrollThrough(page, COUNT)).toEqual(byActivity);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByTestId('sort-lastActivityAt').click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(rows.first()).toHaveAttribute('data-id', byActivity.at(-1)!);
  expect(await scrollThrough(page, COUNT)).toEqual([...byActivity].reverse());

  // The choice of columns is remembered on this device.
  await page.reload();
  await expect(page.locator('th').filter({hasText: 'Last activity'})).toBeVisible();
  await page.screenshot({path: 'test-results/screens/candidate-table-en-1280.png'});
  await page.setViewportSize({width: 375, height: 800});
  await expect(page.getByTestId('candidate-cards')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/candidate-table-en-375.png'});
});

test('the keyboard moves through the rows and opens a card; Space chooses', async ({page}) => {
  await signIn(page, 'demo-admin');
  await search(page, prefix);
  const grid = page.getByTestId('candidate-table');
  await expect(page.getByTestId('candidate-row').first()).toHaveAttribute('data-id', byName[0]!);

  await grid.focus();
  await expect(grid).toHaveAttribute('aria-activedescendant', `candidate-row-${byName[0]}`);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(grid).toHaveAttribute('aria-activedescendant', `candidate-row-${byName[2]}`);
  const active = page.locator(`[id="candidate-row-${byName[2]}"]`);
  await expect(active).toHaveAttribute('data-active', 'true');
  // The focus ring shows on the active row.
  expect(await active.evaluate(r => getComputedStyle(r).outlineStyle)).toBe('solid');

  await page.keyboard.press('Space');
  await expect(active).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('bulk-count')).toHaveText('נבחרו 1');
  await page.screenshot({path: 'test-results/screens/candidate-table-he-1280.png'});

  // End goes to the last loaded row, scrolled into view; Home back to the first.
  await page.keyboard.press('End');
  const last = page.locator('[data-testid=candidate-row][data-active]');
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-rowindex', /\d{3}/);
  await page.keyboard.press('Home');
  await expect(grid).toHaveAttribute('aria-activedescendant', `candidate-row-${byName[0]}`);
  await expect(page.locator(`[id="candidate-row-${byName[0]}"]`)).toBeInViewport();

  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**/home/tickets/${byName[1]}`);
  await expect(page.getByTestId('card-name')).toContainText(cards[1]!.surname);
});

test('choose a range with Shift and move it to the recycling bin: confirmed, and told how many', async ({page}) => {
  await signIn(page, 'demo-admin');
  await search(page, prefix);
  const rows = page.getByTestId('candidate-row');
  await expect(rows.first()).toHaveAttribute('data-id', byName[0]!);

  await rows.nth(0).getByTestId('select-row').click();
  await rows
    .nth(3)
    .getByTestId('select-row')
    .click({modifiers: ['Shift']});
  await expect(page.getByTestId('bulk-count')).toHaveText('נבחרו 4');
  await page.getByTestId('bulk-delete').click();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText('להמשיך במחיקה?');
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(page.getByText('בוצע ב־4 מתוך 4')).toBeVisible();
  await expect(page.getByTestId('bulk-actions')).toHaveCount(0);
  await expect(rows.first()).toHaveAttribute('data-id', byName[4]!);

  const sql = db();
  const binned = await sql`SELECT id FROM profile WHERE id IN ${sql(byName.slice(0, 5))} AND deleted_at IS NOT NULL ORDER BY id`;
  expect(binned.map(r => r.id)).toEqual(byName.slice(0, 4));
  // Back from the bin, for the tests that follow.
  await sql`UPDATE profile SET deleted_at = NULL WHERE id IN ${sql(byName.slice(0, 4))}`;
  await sql.end();
});

test('a coordinator may close the chosen cards, not bin them; closed, they leave the list', async ({page}) => {
  await signIn(page, 'demo-coordinator');
  await search(page, prefix);
  const rows = page.getByTestId('candidate-row');
  await expect(rows.first()).toHaveAttribute('data-id', byName[0]!);
  await rows.nth(0).getByTestId('select-row').click();
  await rows.nth(1).getByTestId('select-row').click();
  await expect(page.getByTestId('bulk-delete')).toHaveCount(0);
  await page.getByTestId('bulk-close').click();
  await expect(page.getByRole('dialog').getByRole('heading')).toHaveText('לסגור 2 כרטיסים?');
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(page.getByText('בוצע ב־2 מתוך 2')).toBeVisible();
  await expect(rows.first()).toHaveAttribute('data-id', byName[2]!);

  const sql = db();
  const closed = await sql`SELECT id FROM profile WHERE id IN ${sql(byName.slice(0, 3))} AND closed_at IS NOT NULL ORDER BY id`;
  expect(closed.map(r => r.id)).toEqual(byName.slice(0, 2));
  await sql`UPDATE profile SET closed_at = NULL WHERE id IN ${sql(byName.slice(0, 2))}`;
  await sql.end();
});

test('a view-only user may choose rows but is offered no bulk action', async ({page}) => {
  await signIn(page, 'demo-viewer');
  await page.getByTestId('candidate-row').first().getByTestId('select-row').click();
  await expect(page.getByTestId('bulk-actions')).toHaveCount(0);
});

test('at 375 px the table becomes cards: still virtual, still paged, no sideways scrolling', async ({page}) => {
  await page.setViewportSize({width: 375, height: 800});
  await signIn(page, 'demo-admin');
  await search(page, prefix);
  await expect(page.getByTestId('candidate-cards')).toBeVisible();
  await expect(page.getByTestId('candidate-table')).toHaveCount(0);
  const first = page.getByTestId('candidate-row').first();
  await expect(first).toHaveAttribute('data-id', byName[0]!);
  await expect(first).toContainText(cards[0]!.surname);
  await expect(first).toContainText('צפת');
  await expect(first.getByTestId('candidate-status')).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await page.getByTestId('candidate-row').count()).toBeLessThan(40);
  await page.getByTestId('candidate-row').nth(1).getByTestId('select-row').click();
  await expect(page.getByTestId('bulk-count')).toHaveText('נבחרו 1');
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/candidate-table-he-375.png'});

  // Sorting on a phone: the select and the direction.
  await page.getByTestId('sort-dir').click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(first).toHaveAttribute('data-id', byName.at(-1)!);
  await page.getByTestId('sort-dir').click();
  await expect(first).toHaveAttribute('data-id', byName[0]!);

  // Scrolled to the end, the last card of the last page is there.
  await scrollTo(page, page.locator(`[data-testid=candidate-row][data-id="${byName.at(-1)}"]`));
  await expect(page.locator(`[data-testid=candidate-row][data-id="${byName.at(-1)}"]`)).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test('a row edited in another browser changes at once, deep in the list', async ({browser}) => {
  const watcher = await newSignedInPage(browser, 'demo-admin');
  const editor = await newSignedInPage(browser, 'demo-coordinator');
  await search(watcher, prefix);
  // A row on the third page: the watcher scrolls down to it.
  const target = cards[230]!;
  const row = watcher.locator(`[data-testid=candidate-row][data-id="${target.id}"]`);
  await scrollTo(watcher, row);
  await row.scrollIntoViewIfNeeded();
  await expect(row.getByTestId('candidate-city')).toHaveText('צפת');

  await search(editor, target.surname);
  await editor.locator(`[data-testid=candidate-row][data-id="${target.id}"]`).getByTestId('edit-candidate').click();
  await editor.getByTestId('edit-candidate-form').locator('[name=city]').fill('טבריה');
  await editor.getByTestId('save-candidate').click();
  await expect(editor.getByTestId('edit-candidate-form')).toBeHidden();

  await expect(row.getByTestId('candidate-city')).toHaveText('טבריה');
  await expect(row).toHaveClass(/live-flash/);

  // At the end of the list the first page has gone quiet (it keeps its rows, not its live query): an
  // edit there shows once the watcher scrolls back up and the page is live again.
  const lastRow = watcher.locator(`[data-testid=candidate-row][data-id="${byName.at(-1)}"]`);
  await scrollTo(watcher, lastRow);
  const early = cards[5]!;
  await search(editor, early.surname);
  await editor.locator(`[data-testid=candidate-row][data-id="${early.id}"]`).getByTestId('edit-candidate').click();
  await editor.getByTestId('edit-candidate-form').locator('[name=city]').fill('עפולה');
  await editor.getByTestId('save-candidate').click();
  await expect(editor.getByTestId('edit-candidate-form')).toBeHidden();
  await watcher.evaluate(() => window.scrollTo(0, 0));
  const earlyRow = watcher.locator(`[data-testid=candidate-row][data-id="${early.id}"]`);
  await expect(earlyRow.getByTestId('candidate-city')).toHaveText('עפולה');
});

test('cards added inside an open page push no row out of the list: the next page moves its start', async ({page}) => {
  await signIn(page, 'demo-admin');
  await search(page, prefix);
  await expect(page.getByTestId('candidate-row').first()).toHaveAttribute('data-id', byName[0]!);
  // Open the second page (and go past its first rows), then come back to the top.
  const deep = page.locator(`[data-testid=candidate-row][data-id="${byName[150]}"]`);
  await scrollTo(page, deep);
  await page.evaluate(() => window.scrollTo(0, 0));

  // 25 new cards (more than a page reads beyond its own 100) that sort right after the first one.
  const added = Array.from({length: 25}, (_, j) => ({
    id: `e2e-table-000-${String(j).padStart(2, '0')}`,
    surname: cards[0]!.surname + LETTERS[Math.floor(j / LETTERS.length)]! + LETTERS[j % LETTERS.length]!,
  }));
  const sql = db();
  await sql`INSERT INTO profile ${sql(added.map(profileRow))}`;
  try {
    await expect(page.getByTestId('candidate-row').nth(1)).toHaveAttribute('data-id', added[0]!.id);
    const expected = [byName[0]!, ...added.map(c => c.id), ...byName.slice(1)];
    expect(await scrollThrough(page, expected.length)).toEqual(expected);
  } finally {
    await sql`DELETE FROM profile WHERE id IN ${sql(added.map(c => c.id))}`;
    await sql.end();
  }
});
