import {readFile} from 'node:fs/promises';
import {expect, test, type Page} from '@playwright/test';
import ExcelJS from 'exceljs';
import {nanoid} from 'nanoid';
import {db, expectNoSidewaysScroll, seriousViolations, signIn, SHOTS} from './helpers.ts';

/**
 * The reports (issue 17): over a community of the test's own, the activities report's charts draw its
 * figures (SVG elements for the data), follow a change made elsewhere live, a filter changes them, the couples report is exported through the
 * export path and its file reads back; the reports and the shadchanim reports in Hebrew and English, at
 * a desktop's and a phone's width, right to left in Hebrew.
 */

const DAY = 86_400_000;

/** A community with two couples of cards, activities in March 2026 and yesterday, and two confirmed couples. */
async function reportData() {
  const sql = db();
  const tag = nanoid(6);
  const community = `e2e-reports-${tag}`;
  await sql`INSERT INTO community (id, name) VALUES (${community}, ${'קהילת דוחות ' + tag})`;
  const card = async (name: string, gender: string, birth: string) => {
    const id = `e2e-${name}-${tag}`;
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, community_id)
              VALUES (${id}, ${name}, 'דוחות', ${gender}, ${birth}, 'צפת', 'litvish', 'available', 'demo-shadchan', ${community})`;
    await sql`INSERT INTO profile_detail (profile_id) VALUES (${id})`;
    return id;
  };
  const m1 = await card('משה', 'male', '1999-02-01');
  const f1 = await card('שרה', 'female', '2002-06-01');
  const m2 = await card('יוסף', 'male', '1998-02-01');
  const f2 = await card('לאה', 'female', '2001-06-01');
  const activity = (by: string, type: string, at: Date, male: string, female: string) =>
    sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by, created_at, updated_at)
        VALUES (${nanoid()}, ${type}, ${'דוח ' + type}, ${male}, ${female}, ${by}, ${at}, ${at})`;
  await activity('demo-shadchan', 'idea', new Date('2026-03-10T10:00:00Z'), m1, f1);
  await activity('demo-shadchan', 'suggestion', new Date('2026-03-20T10:00:00Z'), m1, f1);
  // Yesterday, both in one month whatever the day.
  await activity('demo-coordinator', 'idea', new Date(Date.now() - DAY - 60_000), m2, f2);
  await activity('demo-shadchan', 'date', new Date(Date.now() - DAY), m2, f2);
  const couple = (male: string, female: string, decided: Date) =>
    sql`INSERT INTO engaged_couple (id, status, male_profile_id, male_name, male_id_number, female_profile_id, female_name,
                                    shadchan_id, submitted_by_user, submitted_at, decided_at)
        VALUES (${nanoid()}, 'confirmed', ${male}, 'חתן', '000000018', ${female}, 'כלה', 'demo-shadchan', 'demo-admin',
                ${decided}, ${decided})`;
  await couple(m1, f1, new Date('2026-03-25T10:00:00Z'));
  await couple(m2, f2, new Date(Date.now() - DAY));
  await sql.end();
  return community;
}

const funnelCount = (page: Page, stage: string) => page.getByTestId(`funnel-${stage}`).getByTestId('funnel-count');
/** The dots of the activities-over-time lines: one per month and type. */
const lineDots = (page: Page) => page.getByTestId('report-over-time-chart').locator('.recharts-line-dot');
const bars = (page: Page, testid: string) => page.getByTestId(`${testid}-chart`).locator('.recharts-bar-rectangle path');

test('a report’s charts draw its figures, a filter changes them, and the export reads back', async ({page}) => {
  const community = await reportData();
  await signIn(page, 'demo-admin');
  await page.goto(`/admin/reports?community=${community}`);
  await expect(page.getByTestId('reports-page')).toHaveAttribute('data-view', 'activities');

  // The funnel, the lines (four types, one dot a month) and the bars (each shadchan's stages that are not 0).
  await expect(funnelCount(page, 'idea')).toHaveText('2');
  await expect(funnelCount(page, 'suggestion')).toHaveText('1');
  await expect(funnelCount(page, 'date')).toHaveText('1');
  await expect(funnelCount(page, 'vort')).toHaveText('0');
  // Every month from March to yesterday's has its dots, those without activities at 0.
  const [year, month] = new Intl.DateTimeFormat('en-CA', {timeZone: 'Asia/Jerusalem', year: 'numeric', month: '2-digit'})
    .format(Date.now() - DAY)
    .split('-')
    .map(Number);
  await expect(lineDots(page)).toHaveCount(4 * ((year! - 2026) * 12 + month! - 3 + 1));
  await expect(page.getByTestId('report-over-time-chart').locator('.recharts-line')).toHaveCount(4);
  await expect(bars(page, 'report-by-shadchan')).toHaveCount(4);
  await expect(page.getByTestId('report-by-shadchan-table-row')).toHaveCount(3);

  // Live: a vort recorded elsewhere (straight into Postgres, through replication like any user's write)
  // reaches the open report without a reload.
  const sql = db();
  const [pair] = await sql<{male: string; female: string}[]>`
    SELECT male_profile_id AS male, female_profile_id AS female FROM activity
    WHERE type = 'date' AND male_profile_id LIKE ${'%' + community.slice('e2e-reports-'.length)}`;
  const vortID = nanoid();
  await sql`INSERT INTO activity (id, type, title, male_profile_id, female_profile_id, created_by)
            VALUES (${vortID}, 'vort', 'ווארט', ${pair!.male}, ${pair!.female}, 'demo-shadchan')`;
  await expect(funnelCount(page, 'vort')).toHaveText('1');
  await sql`DELETE FROM activity WHERE id = ${vortID}`;
  await sql.end();
  await expect(funnelCount(page, 'vort')).toHaveText('0');

  // The last month: March drops out of every chart.
  await page.getByTestId('report-filter-range').selectOption('month');
  await expect(funnelCount(page, 'idea')).toHaveText('1');
  await expect(funnelCount(page, 'suggestion')).toHaveText('0');
  await expect(lineDots(page)).toHaveCount(4);
  await expect(bars(page, 'report-by-shadchan')).toHaveCount(2);
  expect(new URL(page.url()).searchParams.get('range')).toBe('month');

  // Couples per month: the filters stay as the tab changes.
  await page.getByTestId('report-tab-couples').click();
  await expect(bars(page, 'report-couples')).toHaveCount(1);
  await page.getByTestId('report-filter-range').selectOption('');
  await expect(bars(page, 'report-couples')).toHaveCount(2);
  await expect(page.getByTestId('report-couples-table-row')).toHaveCount(2);

  // Cards: the community's four cards, two of each gender, in one sector.
  await page.getByTestId('report-tab-cards').click();
  await expect(page.getByTestId('report-sectors-table-row')).toHaveCount(1);
  await expect(bars(page, 'report-sectors')).toHaveCount(2);
  await expect(page.getByTestId('report-ages-table-row')).toHaveCount(4);

  // The couples report to Excel: through the exports page, to its download.
  await page.getByTestId('report-tab-couples').click();
  await page.getByTestId('report-export').click();
  await page.waitForURL('**/admin/exports');
  const newest = page.getByTestId('export-job').first();
  await expect(newest).toHaveAttribute('data-status', 'ready');
  const [file] = await Promise.all([page.waitForEvent('download'), newest.getByTestId('export-download').click()]);
  expect(file.suggestedFilename()).toMatch(/^מאורסים \d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.views[0]?.rightToLeft).toBe(true);
  const rows = [1, 2, 3].map(n => (sheet.getRow(n).values as unknown[]).slice(1));
  const now = new Date(Date.now() - DAY);
  const thisMonth = `${String(now.getMonth() + 1).padStart(2, '0')}-${now.getFullYear()}`;
  expect(rows).toEqual([
    ['חודש', 'זוגות שאושרו'],
    ['03-2026', 1],
    [thisMonth, 1],
  ]);
  expect(sheet.rowCount).toBe(3);
});

test('a shadchan without viewShadchanimReports: no shadchanim reports, and no one else by name', async ({page}) => {
  const community = await reportData();
  await signIn(page, 'demo-viewer');
  // The control panel's reports submenu holds the reports alone for them.
  const menu = page.getByTestId('side-menu');
  await menu.getByTestId('submenu-control').click();
  await menu.getByTestId('submenu-reports').click();
  await expect(menu.getByTestId('menu-/admin/shadchanim-reports')).toHaveCount(0);
  await menu.getByTestId('menu-/admin/reports').click();
  await page.waitForURL('**/admin/reports');
  await page.goto(`/admin/reports?community=${community}`);
  await expect(page.getByTestId('report-loaded')).toBeVisible();
  // demo-viewer sees the cards (general, open to all), so the activities count; nobody is named.
  await expect(funnelCount(page, 'idea')).toHaveText('2');
  await expect(page.getByTestId('report-by-shadchan-table')).not.toContainText('יעקב כץ');
  await expect(page.getByTestId('report-by-shadchan-table')).not.toContainText('מרים שטרן');
  await page.goto('/admin/shadchanim-reports');
  await page.waitForURL('**/home');
});

test('the reports and the shadchanim reports in Hebrew and English, at 1280 and 375 px', async ({page}) => {
  test.setTimeout(180_000);
  const community = await reportData();
  const shots = process.env.SHOTS_DIR ?? `${SHOTS}/reports`;
  for (const locale of ['he', 'en'] as const) {
    await page.context().clearCookies();
    await signIn(page, 'demo-admin', locale);
    for (const [name, path, ready] of [
      ['activities', `/admin/reports?community=${community}`, 'report-over-time-chart'],
      ['cards', '/admin/reports?view=cards', 'report-ages-chart'],
      ['shadchanim', '/admin/shadchanim-reports', 'report-load-chart'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready).locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
      for (const width of [1280, 375]) {
        await page.setViewportSize({width, height: 900});
        await expect(page.getByTestId(ready).locator('.recharts-wrapper > svg.recharts-surface')).toBeVisible();
        await expectNoSidewaysScroll(page);
        expect(await seriousViolations(page), `${name} ${locale} ${width}`).toEqual([]);
        await page.screenshot({path: `${shots}/reports-${name}-${locale}-${width}.png`, fullPage: true});
      }
      await page.setViewportSize({width: 1280, height: 900});
    }
    // In Hebrew the value axis stands on the right and time runs from the right.
    if (locale === 'he') {
      await page.goto(`/admin/reports?community=${community}`);
      const chart = page.getByTestId('report-over-time-chart');
      const box = (await chart.boundingBox())!;
      const axis = (await chart.locator('.recharts-yAxis').boundingBox())!;
      expect(axis.x + axis.width / 2).toBeGreaterThan(box.x + box.width / 2);
      // On paper: the report alone, without the shell, the tabs, the filters and the buttons.
      await page.emulateMedia({media: 'print'});
      await expect(page.getByTestId('report-filters')).toBeHidden();
      await expect(page.getByTestId('report-print')).toBeHidden();
      await expect(page.getByTestId('report-over-time-chart')).toBeVisible();
      await page.screenshot({path: `${shots}/reports-activities-print-he.png`, fullPage: true});
      await page.emulateMedia({media: 'screen'});
    }
  }
});
