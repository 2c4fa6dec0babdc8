import {expect, test, type Browser, type Page} from '@playwright/test';
import {db, insertCard, signIn, uniqueSurname} from './helpers.ts';

/**
 * Session rules in the browser: the declaration the server asks for, signing out (here and everywhere)
 * removing the browser's local copy of the data, and a remotely ended session stopping the live sync
 * within 5 seconds (zero-cache re-checks each connection every 3 s).
 */

/** A staff user of this test's own (so demo users stay as other tests expect them), declaration as given. */
async function staffUser(declarationDaysAgo: number | null = 0) {
  const sql = db();
  const id = `e2e-${Math.random().toString(36).slice(2, 10)}`;
  await sql`INSERT INTO app_user (id, name, gender, role, permissions, approved_at, declaration_accepted_on, agreement_due)
            VALUES (${id}, ${uniqueSurname()}, 'female', 'shadchan', '[]', now(),
                    ${declarationDaysAgo === null ? null : sql`current_date - ${declarationDaysAgo}::int`}, false)`;
  await sql.end();
  return id;
}

/** Zero's local databases in this browser (IndexedDB), without the registry of them that stays behind. */
const zeroDatabases = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map(d => d.name!).filter(name => name.startsWith('rep:')));

async function signedInPage(browser: Browser, userID: string) {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, userID);
  await expect.poll(() => zeroDatabases(page)).not.toEqual([]);
  return page;
}

test('a due declaration is asked after sign-in, before the shell and any sync, and leads to redirectTo', async ({page}) => {
  const userID = await staffUser(40); // last accepted more than a month ago
  const card = await insertCard(uniqueSurname());
  await page.goto('/login');
  await page.getByTestId(`sign-in-${userID}`).click();
  await expect(page.getByTestId('declaration')).toBeVisible();
  await expect(page).toHaveURL(/\/login\?redirectTo=/);

  // The session is live, but the server lets it do nothing else: the card's link comes back here.
  const cardPath = `/home/tickets/${encodeURIComponent(card)}`;
  await page.goto(cardPath);
  await expect(page.getByTestId('declaration')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('redirectTo')).toBe(cardPath);
  expect(await zeroDatabases(page)).toEqual([]);
  expect(await page.evaluate(() => fetch('/api/users/admin-notifications').then(r => r.status))).toBe(403);

  await page.getByTestId('declaration-checkbox').check();
  await page.getByTestId('declaration-enter').click();
  await page.waitForURL(url => url.pathname === cardPath);
  await expect(page.getByTestId('card-name')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  const sql = db();
  const [row] = await sql`SELECT declaration_accepted_on = current_date AS today FROM app_user WHERE id = ${userID}`;
  await sql.end();
  expect(row).toEqual({today: true});
});

test('declining the declaration signs out', async ({page}) => {
  const userID = await staffUser(null);
  await page.goto('/login');
  await page.getByTestId(`sign-in-${userID}`).click();
  await expect(page.getByTestId('declaration')).toBeVisible();
  await page.screenshot({path: 'test-results/screens/login-declaration-due-he.png'});
  await page.getByTestId('declaration-sign-out').click();
  await expect(page.getByTestId('send-code')).toBeVisible();
  expect(await page.evaluate(() => fetch('/api/session').then(r => r.json()))).toMatchObject({user: null});
});

test('signing out removes the browser’s local copy of the synced data', async ({browser}) => {
  const page = await signedInPage(browser, await staffUser());
  await page.getByRole('button', {name: 'התנתקות'}).click();
  await page.waitForURL('**/login');
  expect(await zeroDatabases(page)).toEqual([]);
  await page.context().close();
});

test('sign out everywhere: the other browser stops syncing, forgets its data and lands on /login within 5 s', async ({
  browser,
}) => {
  const userID = await staffUser();
  const here = await signedInPage(browser, userID);
  const there = await signedInPage(browser, userID);
  await there.getByTestId('candidate-open').first().click(); // somewhere deeper, to come back to
  await there.waitForURL('**/home/tickets/*');
  const deeper = new URL(there.url()).pathname;

  await here.getByTestId('settings-open').click();
  await expect(here.getByTestId('sign-out-everywhere')).toBeVisible();
  await here.screenshot({path: 'test-results/screens/settings-sign-out-everywhere-he.png'});
  const started = Date.now();
  await here.getByTestId('sign-out-everywhere').click();
  await here.waitForURL('**/login');
  await there.waitForURL('**/login?redirectTo=**', {timeout: 5_000});
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(new URL(there.url()).searchParams.get('redirectTo')).toBe(deeper);
  expect(await zeroDatabases(there)).toEqual([]);
  expect(await zeroDatabases(here)).toEqual([]);
  await here.context().close();
  await there.context().close();
});

test('a user blocked in the database loses the live sync within 5 s', async ({browser}) => {
  const userID = await staffUser();
  const page = await signedInPage(browser, userID);
  const sql = db();
  await sql`UPDATE app_user SET role = 'blocked' WHERE id = ${userID}`;
  await sql.end();
  const started = Date.now();
  await page.waitForURL('**/login?redirectTo=**', {timeout: 5_000});
  expect(Date.now() - started).toBeLessThan(5_000);
  expect(await zeroDatabases(page)).toEqual([]);
  await page.context().close();
});

test('printing a card is written to the access log', async ({page}) => {
  const userID = await staffUser();
  const card = await insertCard(uniqueSurname());
  await signIn(page, userID);
  await page.goto(`/home/tickets/${encodeURIComponent(card)}`);
  await expect(page.getByTestId('card-name')).toBeVisible();
  await page.getByTestId('card-print').click();
  const sql = db();
  try {
    await expect
      .poll(async () => sql`SELECT what, result FROM access_log WHERE user_id = ${userID} AND profile_id = ${card} ORDER BY id`)
      .toEqual([
        {what: 'card', result: 'shown'},
        {what: 'print', result: 'printed'},
      ]);
  } finally {
    await sql.end();
  }
});
