import {readFile} from 'node:fs/promises';
import {expect, test, type Page} from '@playwright/test';
import ExcelJS from 'exceljs';
import {db, expectNoSidewaysScroll, search, seriousViolations, signIn, uniqueSurname, SHOTS} from './helpers.ts';

/**
 * admin/exports (issue 16): "Export this search" on the list leads to the exports page, where the
 * export is followed to its download; the downloaded .xlsx reads back as the user's language has it
 * (right to left in Hebrew, translated headers, a date cell shown DD-MM-YYYY, a phone as text). The
 * exports page follows a job live, in Hebrew and English, at a desktop's and a phone's width.
 */

/** A card of this test's own, with a birth date and a phone to find in the sheet. */
async function insertCardWithPhone(surname: string) {
  const sql = db();
  const id = `e2e-${surname}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
            VALUES (${id}, 'רבקה', ${surname}, 'female', '2001-01-05', 'צפת', 'litvish', 'available', 'demo-coordinator')`;
  await sql`INSERT INTO profile_detail (profile_id, details)
            VALUES (${id}, ${sql.json({occupation: 'מורה', suggestionsContact: 'אמא', suggestionsPhone: '+972527000000', candidatePhone: '+972501234567', inquiryPhones: ['+97235000000']})})`;
  await sql.end();
  return id;
}

/** Clicks the newest job's download and reads the file with exceljs. */
async function downloadNewest(page: Page) {
  const newest = page.getByTestId('export-job').first();
  await expect(newest).toHaveAttribute('data-status', 'ready');
  const [file] = await Promise.all([page.waitForEvent('download'), newest.getByTestId('export-download').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await file.path())!)) as unknown as ExcelJS.Buffer);
  return {file, sheet: workbook.worksheets[0]!};
}

test('export the search on the list, follow it on the exports page and read the file back', async ({page, browser}) => {
  const surname = uniqueSurname();
  await insertCardWithPhone(surname);
  await signIn(page, 'demo-admin');
  await search(page, surname);
  await expect(page.getByTestId('candidate-row')).toHaveCount(1);
  await page.getByTestId('export-search').click();
  await page.waitForURL('**/admin/exports');

  const {file, sheet} = await downloadNewest(page);
  expect(file.suggestedFilename()).toMatch(/^כרטיסים \d{4}-\d{2}-\d{2}\.xlsx$/);
  await expect(page.getByTestId('export-job').first().getByTestId('export-job-rows')).toHaveText('שורה אחת');
  expect(sheet.views[0]?.rightToLeft).toBe(true);
  const header = (sheet.getRow(1).values as string[]).slice(1);
  expect(header.slice(0, 5)).toEqual(['שם פרטי', 'שם משפחה', 'מספר זהות', 'מין', 'תאריך לידה']);
  expect(sheet.rowCount).toBe(2);
  const cell = (label: string) => sheet.getRow(2).getCell(header.indexOf(label) + 1);
  expect(cell('שם משפחה').value).toBe(surname);
  expect(cell('תאריך לידה').value).toEqual(new Date(Date.UTC(2001, 0, 5)));
  expect(cell('תאריך לידה').numFmt).toBe('dd-mm-yyyy');
  expect(cell('נייד המועמד/ת').value).toBe('050-1234567');
  expect(cell('נייד המועמד/ת').type).toBe(ExcelJS.ValueType.String);
  expect(cell('נייד המועמד/ת').numFmt).toBe('@');

  // A user without exportToExcel has no such button (and the server refuses them: tests/pg/exports.pg.test.ts).
  const viewer = await (await browser.newContext()).newPage();
  await signIn(viewer, 'demo-viewer');
  await expect(viewer.getByTestId('save-search')).toBeVisible();
  await expect(viewer.getByTestId('export-search')).toHaveCount(0);
  await viewer.context().close();
});

test('the exports page: idle, preparing (live) and ready, in Hebrew and English, at 1280 and 375 px', async ({page}) => {
  test.setTimeout(120_000);
  const sql = db();
  const shots = process.env.SHOTS_DIR ?? `${SHOTS}/exports`;
  try {
    for (const locale of ['he', 'en'] as const) {
      await sql`DELETE FROM export_job WHERE owner_id = 'demo-coordinator'`;
      await page.context().clearCookies();
      await signIn(page, 'demo-coordinator', locale);
      await page.goto('/admin/exports');
      await expect(page.getByTestId('exports-page')).toBeVisible();
      // The coordinator may not see staff records: no shadchanim export is offered.
      await expect(page.getByTestId('export-kind-profiles')).toBeChecked();
      await expect(page.getByTestId('export-kind-shadchanim')).toHaveCount(0);
      const shoot = async (state: string) => {
        for (const width of [1280, 375]) {
          await page.setViewportSize({width, height: 900});
          await expectNoSidewaysScroll(page);
          expect(await seriousViolations(page), `${state} ${locale} ${width}`).toEqual([]);
          await page.screenshot({path: `${shots}/exports-${state}-${locale}-${width}.png`, fullPage: true});
        }
        await page.setViewportSize({width: 1280, height: 900});
      };
      await expect(page.getByText(locale === 'he' ? 'עדיין אין ייצואים' : 'No exports yet')).toBeVisible();
      await shoot('idle');

      // A job under way, as the server keeps it: the page shows its count live as the rows grow.
      await sql`INSERT INTO export_job (id, owner_id, kind, locale, row_count)
                VALUES ('e2e-running-export', 'demo-coordinator', 'profiles', ${locale}, 1240)`;
      const job = page.locator('[data-testid=export-job][data-status=running]');
      await expect(job.getByTestId('export-job-rows')).toHaveText(locale === 'he' ? '1240 שורות' : '1240 rows');
      await expect(job.getByRole('status')).toContainText(locale === 'he' ? 'בהכנה…' : 'Preparing…');
      await shoot('preparing');
      await sql`UPDATE export_job SET row_count = 2480, updated_at = now() WHERE id = 'e2e-running-export'`;
      await expect(job.getByTestId('export-job-rows')).toHaveText(locale === 'he' ? '2480 שורות' : '2480 rows');
      // While it runs, another export is refused, and said so beside the button.
      await page.getByTestId('export-start').click();
      await expect(page.getByTestId('export-error')).toHaveText(
        locale === 'he'
          ? 'הייצוא הקודם שלך עדיין בהכנה; המתינו לסיומו'
          : 'Your previous export is still being prepared; wait for it to finish',
      );
      await sql`DELETE FROM export_job WHERE id = 'e2e-running-export'`;
      await expect(job).toHaveCount(0);

      // A real export from the page: engaged couples, then every profile the coordinator may see.
      await page.getByTestId('export-kind-couples').check({force: true});
      await expect(page.getByTestId('export-profiles-scope')).toHaveCount(0);
      await page.getByTestId('export-start').click();
      await expect(page.getByTestId('export-error')).toHaveCount(0);
      await expect(page.getByTestId('export-job').first()).toHaveAttribute('data-status', 'ready');
      await page.getByTestId('export-kind-profiles').check({force: true});
      await page.getByTestId('export-start').click();
      await expect(page.getByTestId('export-job')).toHaveCount(2);
      const {sheet} = await downloadNewest(page);
      expect(sheet.views[0]?.rightToLeft).toBe(locale === 'he');
      expect(sheet.getRow(1).getCell(1).value).toBe(locale === 'he' ? 'שם פרטי' : 'First name');
      await expect(page.getByTestId('export-job').first()).toContainText(
        locale === 'he' ? 'כל הכרטיסים שמותר לי לראות' : 'All the profiles I may see',
      );
      await shoot('ready');
    }
  } finally {
    await sql`DELETE FROM export_job WHERE id = 'e2e-running-export'`;
    await sql.end();
  }
});
