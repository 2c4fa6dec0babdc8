import {expect, test} from '@playwright/test';
import {db, uniqueSurname} from './helpers.ts';

/**
 * The commitment form (spec §2 user-agreement/{id}): a new shadchan's sign-in leads there, before the
 * shell and any sync; a wrong name is refused near its field; once signed they reach the list.
 */
async function newShadchan(name: string) {
  const sql = db();
  const id = `e2e-agree-${Math.random().toString(36).slice(2, 10)}`;
  // A new account: agreement_due is left to its default, as the new-user screen leaves it.
  await sql`INSERT INTO app_user (id, name, gender, role, permissions, approved_at, declaration_accepted_on)
            VALUES (${id}, ${name}, 'female', 'shadchan', '["showTickets"]', now(), current_date)`;
  await sql.end();
  return id;
}

const zeroDatabases = (page: import('@playwright/test').Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map(d => d.name!).filter(name => name.startsWith('rep:')));

test('a new shadchan is led to the commitment form, signs it with their own name, and reaches the list', async ({page}) => {
  const name = `רחל ${uniqueSurname()}`;
  const userID = await newShadchan(name);
  await page.goto('/login');
  await page.getByTestId(`sign-in-${userID}`).click();
  await page.waitForURL(`**/user-agreement/${userID}`);
  await expect(page.getByTestId('agreement')).toContainText(name);
  expect(await zeroDatabases(page)).toEqual([]);

  // Any other page leads back here; the API refuses the rest.
  await page.goto('/dashboard');
  await page.waitForURL(`**/user-agreement/${userID}`);
  expect(await page.evaluate(() => fetch('/api/users/admin-notifications').then(r => r.status))).toBe(403);
  await page.setViewportSize({width: 375, height: 800});
  await page.screenshot({path: 'test-results/screens/user-agreement-375-he.png', fullPage: true});
  await page.setViewportSize({width: 1280, height: 900});
  await page.screenshot({path: 'test-results/screens/user-agreement-1280-he.png', fullPage: true});

  // Nothing ticked, then someone else's name: each refused near its field.
  await page.getByTestId('agreement-sign').click();
  await expect(page.getByText('יש לסמן שקראת את כתב ההתחייבות')).toBeVisible();
  await page.getByTestId('agreement-checkbox').check();
  await page.getByTestId('agreement-name').fill('משה כהן');
  await page.getByTestId('agreement-sign').click();
  await expect(page.getByTestId('agreement-name')).toHaveAttribute('aria-invalid', 'true');

  await page.getByTestId('agreement-name').fill(`  ${name} `);
  await page.getByTestId('agreement-sign').click();
  await expect(page.getByTestId('agreement-signed')).toContainText(name);
  await expect(page.getByTestId('agreement-print')).toBeVisible();
  await page.screenshot({path: 'test-results/screens/user-agreement-signed-1280-he.png', fullPage: true});

  await page.getByTestId('agreement-continue').click();
  await page.waitForURL('**/home');
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();

  const sql = db();
  const [row] = await sql`SELECT u.agreement_due, a.full_name, a.ip IS NOT NULL AS has_ip
                          FROM app_user u JOIN user_agreement a ON a.user_id = u.id WHERE u.id = ${userID}`;
  await sql.end();
  expect(row).toEqual({agreement_due: false, full_name: name, has_ip: true});
});

test('the form in English at 375 px', async ({page}) => {
  const userID = await newShadchan(`Ruth ${uniqueSurname()}`);
  await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
  await page.setViewportSize({width: 375, height: 800});
  await page.goto('/login');
  await page.getByTestId(`sign-in-${userID}`).click();
  await page.waitForURL(`**/user-agreement/${userID}`);
  await expect(page.getByTestId('agreement')).toContainText('Matchmaker');
  await page.screenshot({path: 'test-results/screens/user-agreement-375-en.png', fullPage: true});
  await page.setViewportSize({width: 1280, height: 900});
  await page.screenshot({path: 'test-results/screens/user-agreement-1280-en.png', fullPage: true});
});
