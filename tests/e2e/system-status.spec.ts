import {expect, test, type Page} from '@playwright/test';
import {SHOTS, db, expectNoSidewaysScroll, signIn} from './helpers.ts';

/**
 * The system status (/admin/system, issue 32 point 5): the administrator finds it in the administration
 * overview, sees the API and Postgres, zero-cache, the processes with their memory, and the last backup
 * (a warning while there is none, its time and size once there is one, live); anyone else is refused.
 * Screenshots in Hebrew at 1280 and 375 px and in English.
 */
async function backupTable(): Promise<boolean> {
  const sql = db();
  try {
    const [row] = await sql<{table: string | null}[]>`SELECT to_regclass('backup_run')::text AS table`;
    return row?.table !== null && row?.table !== undefined;
  } finally {
    await sql.end();
  }
}

async function expectLive(page: Page) {
  await expect(page.getByTestId('system-status-page')).toBeVisible();
  await expect(page.getByTestId('system-postgres')).toHaveAttribute('data-good', 'true');
  await expect(page.getByTestId('process-row').filter({hasText: 'api'}).first()).toBeVisible();
  await expect(page.getByTestId('process-memory').first()).toHaveText(/\d/);
}

test('the administrator sees the system live: processes, Postgres, zero-cache and the last backup', async ({page}) => {
  await signIn(page, 'demo-admin');
  await page.goto('/admin');
  await page.getByTestId('admin-link-/admin/system').click();
  await expect(page).toHaveURL(/\/admin\/system$/);
  await expectLive(page);
  await expect(page.getByTestId('system-status-page')).toContainText('מצב המערכת');
  await expect(page.getByTestId('system-client-groups')).toHaveText(/^\d+$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  const withTable = await backupTable();
  const sql = db();
  const id = `e2e-${Date.now()}`;
  try {
    if (withTable) {
      const [good] = await sql<{count: number}[]>`SELECT count(*)::int AS count FROM backup_run WHERE ok`;
      if (good?.count === 0) {
        await expect(page.getByTestId('backup-warning')).toHaveAttribute('data-warning', 'none');
        await expect(page.getByTestId('system-backup-none')).toBeVisible();
        await page.screenshot({path: `${SHOTS}/system-status-no-backup-1280-he.png`, fullPage: true});
      }
      // A backup finishes: the page shows its time and size within a few seconds, and the warning goes.
      await sql`INSERT INTO backup_run (id, started_at, finished_at, size_bytes, file_name, encrypted, ok)
        VALUES (${id}, now() - interval '2 minutes', now() - interval '1 minute', 3400000000, ${`kesher-${id}.tar.gz.enc`}, true, true)`;
      await expect(page.getByTestId('system-backup-size')).toHaveText(/3[.,]17\s?GB/, {timeout: 10_000});
      await expect(page.getByTestId('backup-warning')).toHaveCount(0);
    } else {
      await expect(page.getByTestId('backup-warning')).toHaveAttribute('data-warning', 'none');
    }
    await expectNoSidewaysScroll(page);
    await page.screenshot({path: `${SHOTS}/system-status-1280-he.png`, fullPage: true});

    await page.setViewportSize({width: 375, height: 800});
    await expect(page.getByTestId('process-card').first()).toBeVisible();
    await expect(page.getByTestId('system-processes-table')).toBeHidden();
    await expectNoSidewaysScroll(page, 'no sideways scrolling at 375 px');
    await page.screenshot({path: `${SHOTS}/system-status-375-he.png`, fullPage: true});
  } finally {
    if (withTable) await sql`DELETE FROM backup_run WHERE id = ${id}`;
    await sql.end();
  }
});

test('in English, left to right', async ({page}) => {
  await signIn(page, 'demo-admin', 'en');
  await page.goto('/admin/system');
  await expectLive(page);
  await expect(page.getByTestId('system-status-page')).toContainText('System status');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: `${SHOTS}/system-status-1280-en.png`, fullPage: true});
});

test('anyone but an administrator is refused: no menu entry, the page sends them home, the route answers 403', async ({page}) => {
  await signIn(page, 'demo-coordinator');
  await page.goto('/admin');
  await expect(page.getByTestId('admin-overview')).toBeVisible();
  await expect(page.getByTestId('admin-link-/admin/system')).toHaveCount(0);
  await page.goto('/admin/system');
  await page.waitForURL('**/home');
  await expect(page.getByTestId('system-status-page')).toHaveCount(0);
  const res = await page.request.get('/api/admin/system-status');
  expect(res.status()).toBe(403);
  expect(await res.text()).not.toContain('postgres');
});
