import {readFile} from 'node:fs/promises';
import {expect, test} from '@playwright/test';
import {
  db,
  expectNoSidewaysScroll,
  insertCard,
  localIsoDate,
  newSignedInPage,
  signIn,
  typeDate,
  uniqueSurname,
} from './helpers.ts';

/**
 * admin/logs (usersLog): a shadchan opens a card; the administrator's users log shows that card opened
 * by them (found by the card's name and the kind), and the CSV export downloads it and is itself logged.
 */
test('the users log shows the card a shadchan opened, and exports it as CSV', async ({page, browser}) => {
  const surname = uniqueSurname();
  const card = await insertCard(surname);

  const shadchan = await newSignedInPage(browser, 'demo-shadchan');
  await shadchan.goto(`/home/tickets/${card}`);
  await expect(shadchan.getByTestId('card-name')).toContainText(surname);

  await signIn(page, 'demo-admin');
  await page.goto(`/admin/logs?record=${encodeURIComponent(surname)}`);
  await expect(page.getByTestId('users-log-page')).toBeVisible();
  // The card's opening is written in the background: the log shows it once it is there.
  const opened = page.getByTestId('log-row').filter({hasText: 'יעקב כץ'}).filter({hasText: surname});
  await expect(async () => {
    await page.reload();
    await expect(opened.first()).toBeVisible({timeout: 1_000});
  }).toPass({timeout: 20_000});
  await expect(opened.first().getByTestId('log-kind')).toHaveText('פתיחת פרטי כרטיס');
  await expect(opened.first().getByTestId('log-result')).toHaveText('הוצג');
  await expect(opened.first()).toContainText(/\d{2}-\d{2}-\d{4} \d{2}:\d{2}/);

  // Filters live in the URL: the kind narrows the list to card openings.
  await page.getByTestId('log-filter-kind').selectOption('card');
  await expect(page).toHaveURL(/kind=card/);
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row').first()).toHaveAttribute('data-kind', 'card');
  await page.screenshot({path: 'test-results/screens/users-log-1280-he.png', fullPage: true});

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('users-log-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^users-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trim().split('\r\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`"card","יעקב כץ","demo-shadchan","לאה ${surname}","${card}"`);

  const sql = db();
  try {
    const [exported] = await sql<{detail: Record<string, string>}[]>`
      SELECT detail FROM access_log WHERE user_id = 'demo-admin' AND what = 'export' ORDER BY id DESC LIMIT 1`;
    expect(exported?.detail).toMatchObject({export: 'users-log', record: surname, kind: 'card'});
  } finally {
    await sql.end();
  }

  // Dates: a custom window that ended yesterday leaves out today's opening; choosing another range drops
  // the custom days from the URL.
  await page.getByTestId('log-filter-range').selectOption('custom');
  await typeDate(page.locator('#log-filter-until'), localIsoDate(-1));
  await expect(page).toHaveURL(/range=custom&until=/);
  await expect(page.getByText('אין רשומות מתאימות ביומן.')).toBeVisible();
  await page.getByTestId('log-filter-range').selectOption('today');
  await expect(page).toHaveURL(/range=today/);
  await expect(page).not.toHaveURL(/until=/);
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  // The record reaches the URL once typing stops, trimmed; the field keeps the space typed on.
  const record = page.getByTestId('log-filter-record');
  await record.fill('');
  await expect(page).not.toHaveURL(/record=/);
  await record.fill(`${surname} `);
  await expect(page).toHaveURL(new RegExp(`record=${encodeURIComponent(surname)}&`));
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(record).toHaveValue(`${surname} `);

  await page.setViewportSize({width: 375, height: 800});
  await expect(page.getByTestId('log-card').first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: 'test-results/screens/users-log-375-he.png', fullPage: true});
});

test('the users log in English at 1280 and 375 px, and refused to a shadchan', async ({page, browser}) => {
  await signIn(page, 'demo-admin', 'en');
  await page.goto('/admin/logs?kind=sign-in');
  await expect(page.getByRole('heading', {name: 'Users log'})).toBeVisible();
  await expect(page.getByTestId('log-row').first()).toContainText('Sign-in / sign-out');
  await page.screenshot({path: 'test-results/screens/users-log-1280-en.png', fullPage: true});
  await page.setViewportSize({width: 375, height: 800});
  await expect(page.getByTestId('log-card').first()).toBeVisible();
  await page.screenshot({path: 'test-results/screens/users-log-375-en.png', fullPage: true});

  const shadchan = await newSignedInPage(browser, 'demo-shadchan');
  await shadchan.goto('/admin/logs');
  await shadchan.waitForURL('**/home');
  expect(await shadchan.request.get('/api/admin/users-log').then(r => r.status())).toBe(403);
});
