import {readFile} from 'node:fs/promises';
import {Readable} from 'node:stream';
import {expect, test, type Page} from '@playwright/test';
import ExcelJS from 'exceljs';
import {makeIsraeliID, nationalPhone, randomMobile} from '../support/fixtures.ts';
import {db, expectNoSidewaysScroll, newSignedInPage, search, seriousViolations, signIn, uniqueSurname, SHOTS} from './helpers.ts';

/**
 * import/excel (issue 16) in the browser: upload a sheet with Hebrew headers → match the columns (one
 * by hand) → save the mapping as a format → the preview with its errors and a duplicate → fix a row in
 * place → import, with its progress → the cards appear live in another user's list → download the
 * error report and read it back. Then the same screens in English, and the screenshots a reviewer looks
 * at (mapping, preview with errors, progress, formats) at 1280 and 375 px.
 */

const HEADERS = [
  'שם פרטי',
  'שם משפחה',
  'מין',
  'תאריך לידה',
  'עיר',
  'מגזר',
  'ת.ז.',
  'נייד',
  'פלאפון הורים',
  'עיסוק',
  'איש קשר להצעות',
  'טלפון להצעות',
  'טלפונים לבירורים',
  'הערות',
];

/** A sheet of this run's own people (fresh ID numbers and mobiles): three valid rows, an ID number with a wrong check digit, an empty row, row 2's ID number again, and a row with an impossible date and no occupation. */
function sheet(surname: string) {
  const [id1, id2, id4, id5] = [makeIsraeliID(), makeIsraeliID(), makeIsraeliID(), makeIsraeliID()];
  const [p1, p2, p4, p7, p8] = [randomMobile(), randomMobile(), randomMobile(), randomMobile(), randomMobile()];
  const spaced = (e164: string) => `+972 ${e164.slice(4, 6)} ${e164.slice(6, 9)} ${e164.slice(9)}`;
  const rows = [
    HEADERS,
    [
      'משה',
      surname,
      'זכר',
      '12/03/1998',
      'בני ברק',
      'ליטאי',
      id1,
      nationalPhone(p1).replace(/^(\d{3})/, '$1-'),
      nationalPhone(randomMobile()),
      'אברך',
      'אבא',
      nationalPhone(p1),
      '03-6181818',
      '',
    ],
    ['שרה', surname, 'נקבה', '05.11.2000', 'ירושלים', 'חסידי', id2, spaced(p2), '', 'גננת', 'אמא', p2, '02-5381111', 'הערה'],
    [
      'יצחק',
      surname,
      'ז',
      '1999-07-21',
      'אלעד',
      'ספרדי',
      '123456789',
      nationalPhone(p4),
      '',
      'אברך',
      'יעקב',
      nationalPhone(p4),
      '03-9090909',
      '',
    ],
    Array(HEADERS.length).fill(''),
    [
      'רבקה',
      surname,
      'נ',
      '20/01/2001',
      'בית שמש',
      'Litvish',
      id4,
      nationalPhone(randomMobile()).replace(/^(\d{3})(\d{3})/, '$1 $2 '),
      '',
      'מורה',
      'אסתר',
      nationalPhone(randomMobile()),
      '08-9912345',
      '',
    ],
    [
      'אהרן',
      surname,
      'זכר',
      '14/04/1997',
      'בני ברק',
      'ליטאי',
      id1,
      nationalPhone(p7),
      '',
      'אברך',
      'דוד',
      nationalPhone(p7),
      '03-6100000',
      '',
    ],
    [
      'מרים',
      surname,
      'נקבה',
      '31/02/2001',
      'חיפה',
      'ליטאי',
      id5,
      nationalPhone(p8),
      '',
      '',
      'אמא',
      nationalPhone(p8),
      '04-8383838',
      '',
    ],
  ];
  return {buffer: Buffer.from(rows.map(r => r.join(',')).join('\n') + '\n'), fixedID: makeIsraeliID()};
}

async function upload(page: Page, name: string, buffer: Buffer, shot?: string) {
  await page.goto('/import/excel');
  await page.getByTestId('import-file').setInputFiles({name, mimeType: 'text/csv', buffer});
  await expect(page.getByTestId('import-file-name')).toHaveText(name);
  if (shot) await shots(page, shot);
  await page.getByTestId('import-upload-submit').click();
  await expect(page.getByTestId('import-mapping')).toBeVisible();
}

/** The page at 1280 and at 375 px (where nothing may push it sideways), into SHOTS; and no serious accessibility violations. */
async function shots(page: Page, name: string) {
  await page.setViewportSize({width: 1280, height: 800});
  // A toast still fading out (a format saved) is not the page.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, {timeout: 10_000});
  expect(await seriousViolations(page), name).toEqual([]);
  // From the top: a full-page picture of a scrolled page draws the fixed top bar in its middle.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({path: `${SHOTS}/${name}-1280.png`, fullPage: true});
  await page.setViewportSize({width: 375, height: 740});
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoSidewaysScroll(page, name);
  await page.screenshot({path: `${SHOTS}/${name}-375.png`, fullPage: true});
  await page.setViewportSize({width: 1280, height: 800});
}

const mappingOf = (page: Page, header: string) =>
  page.locator(`[data-testid=mapping-column][data-header="${header}"]`).getByTestId('mapping-field');
const previewRow = (page: Page, row: number) => page.locator(`[data-testid=preview-row][data-row="${row}"]`);

test('upload → map → save the format → preview with errors → fix → import with progress → live in a second browser → error report', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const surname = uniqueSurname();
  const file = `מועמדים-${surname}.csv`;
  const {buffer, fixedID} = sheet(surname);
  // Another user's list, searching for these people: nothing yet.
  const colleague = await newSignedInPage(browser, 'demo-coordinator');
  await search(colleague, surname);
  await expect(colleague.getByTestId('candidate-row')).toHaveCount(0);

  await signIn(page, 'demo-admin');
  await upload(page, file, buffer, 'import-upload-he');

  // The Hebrew headers are recognised; the parents' phone column is matched by hand, the notes stay out.
  await expect(mappingOf(page, 'ת.ז.')).toHaveValue('idNumber');
  await expect(mappingOf(page, 'טלפונים לבירורים')).toHaveValue('inquiryPhones');
  await expect(mappingOf(page, 'פלאפון הורים')).toHaveValue('');
  await expect(mappingOf(page, 'הערות')).toHaveValue('');
  await mappingOf(page, 'פלאפון הורים').selectOption('fatherPhone');
  await expect(page.getByTestId('mapping-missing')).toHaveCount(0);
  await shots(page, 'import-mapping-he');

  // Saved as a format, it is offered for the next file and listed on the formats screen.
  const formatName = `פורמט ${surname}`;
  await page.getByTestId('mapping-save-format').click();
  await page.getByTestId('format-name').fill(formatName);
  await expect(page.getByTestId('format-header')).toHaveCount(HEADERS.length);
  await page.getByTestId('format-save').click();
  await expect(page.getByTestId('format-form')).toBeHidden();

  // The preview: three valid rows, two with errors (marked on their cells), row 2's ID number again.
  await page.getByTestId('mapping-preview').click();
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await expect(page.getByTestId('preview-filter-problems')).toContainText('(3)');
  await expect(page.getByTestId('preview-filter-valid')).toContainText('(3)');
  await expect(previewRow(page, 4).getByTestId('cell-error')).toHaveCount(1);
  await expect(previewRow(page, 4).getByTestId('cell-message')).toHaveText('מספר זהות לא תקין');
  await expect(previewRow(page, 8).getByTestId('cell-error')).toHaveCount(2);
  await expect(previewRow(page, 7).getByTestId('row-duplicates')).toContainText('אותו מספר זהות כמו בשורה 2');
  await expect(previewRow(page, 7).getByTestId('decide-import')).toBeDisabled();
  await shots(page, 'import-preview-errors-he');

  // Row 4 fixed in place: valid, and chosen for the import.
  await previewRow(page, 4).getByTestId('fix-row').click();
  const fix = page.getByTestId('fix-form');
  await fix.getByTestId('fix-cell').nth(6).fill(fixedID);
  await page.getByTestId('fix-save').click();
  await expect(fix).toBeHidden();
  await expect(previewRow(page, 4).getByTestId('cell-error')).toHaveCount(0);
  await expect(previewRow(page, 4).getByTestId('decide-import')).toHaveAttribute('aria-pressed', 'true');

  // The import: its progress, to the end; the cards appear in the colleague's list as they are written.
  await expect(page.getByTestId('import-start')).toContainText('4');
  await page.getByTestId('import-start').click();
  const panel = page.getByTestId('import-progress-panel');
  await expect(panel.getByTestId('import-progress')).toBeVisible();
  await expect(panel.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '100');
  await expect(panel.getByTestId('import-status')).toHaveText('הסתיים');
  await expect(panel.getByTestId('count-imported')).toHaveText('4');
  await expect(colleague.getByTestId('candidate-row')).toHaveCount(4);
  await expect(page.getByTestId('recent-import').filter({hasText: file}).getByTestId('import-status')).toHaveText('הסתיים');

  // The error report: the two rows not imported, as the sheet had them, with why.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('import-report').click()]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.read(Readable.from(await readFile((await download.path())!)));
  const report = workbook.worksheets[0]!;
  expect(report.views[0]).toMatchObject({rightToLeft: true});
  expect(report.getRow(1).values).toEqual([undefined, 'שורה', ...HEADERS, 'שגיאה']);
  expect(report.rowCount).toBe(3);
  expect(report.getRow(2).getCell(1).value).toBe(7);
  expect(String(report.getRow(2).getCell(HEADERS.length + 2).value)).toBe('אותו מספר זהות כמו בשורה 2');
  expect(report.getRow(3).getCell(1).value).toBe(8);
  expect(String(report.getRow(3).getCell(HEADERS.length + 2).value)).toContain('תאריך לידה');

  // An imported card's history names the file.
  const sql = db();
  const [card] = await sql<{id: string}[]>`SELECT id FROM profile WHERE surname = ${surname} AND forename = 'רבקה'`;
  await sql.end();
  await page.goto(`/home/tickets/${card!.id}`);
  await expect(page.getByTestId('card-history')).toContainText(`הכרטיס יובא מהקובץ ${file}`);

  // The format is listed, with the column matched by hand.
  await page.goto('/import/excel/formats');
  const format = page.getByTestId('format-row').filter({hasText: formatName});
  await expect(format.getByTestId('format-mapping')).toContainText('פלאפון הורים');
  await expect(format.getByTestId('format-mapping')).toContainText('נייד האב');
  await shots(page, 'import-formats-he');
});

test('the same screens in English, and an import in progress as everyone sees it', async ({page}) => {
  test.setTimeout(120_000);
  await signIn(page, 'demo-admin', 'en');
  const surname = uniqueSurname();
  await upload(page, `candidates-${surname}.csv`, sheet(surname).buffer);
  await expect(page.getByText("Match the columns to the profile's fields")).toBeVisible();
  await shots(page, 'import-mapping-en');
  await page.getByTestId('mapping-preview').click();
  await expect(previewRow(page, 4).getByTestId('cell-message')).toHaveText('Invalid ID number');
  await expect(previewRow(page, 7).getByTestId('row-duplicates')).toContainText('Same ID number as row 2');
  await shots(page, 'import-preview-errors-en');
  await page.getByTestId('preview-filter-valid').click();
  await expect(page.getByTestId('preview-row')).toHaveCount(3);

  // An import half-way, as its job row says (the progress is the job row's, live through Zero): set
  // here so the screenshot does not race a real import of a few rows.
  const sql = db();
  const id = `e2e-progress-${surname}`;
  await sql`INSERT INTO import_job (id, file_name, created_by, status, headers, mapping, database, total_rows, valid_rows,
                                    queued_rows, imported_rows, rejected_rows, started_at)
            VALUES (${id}, 'office-2019.xlsx', 'demo-admin', 'importing', ${sql.json(HEADERS)}, ${sql.json(HEADERS.map(() => null))},
                    'general', 10000, 9800, 9800, 4200, 35, now())`;
  try {
    await page.goto(`/import/excel?job=${id}`);
    const panel = page.getByTestId('import-progress-panel');
    await expect(panel.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '43');
    await expect(
      page.getByTestId('recent-import').filter({hasText: 'office-2019.xlsx'}).getByTestId('import-progress'),
    ).toBeVisible();
    // The progress moves live.
    await sql`UPDATE import_job SET imported_rows = 6100 WHERE id = ${id}`;
    await expect(panel.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '63');
    await shots(page, 'import-progress-en');
    await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'he'));
    await page.reload();
    await expect(panel.getByTestId('import-status')).toHaveText('מייבא');
    await shots(page, 'import-progress-he');
  } finally {
    await sql`UPDATE import_job SET status = 'cancelled', finished_at = now() WHERE id = ${id}`;
    await sql.end();
  }
  await page.addInitScript(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
  await page.goto('/import/excel/formats');
  await expect(page.getByTestId('formats-page')).toBeVisible();
  await shots(page, 'import-formats-en');
});

/** A legacy office sheet (issue 31): name, phone, city and birth date, its dates day first, one that reads either way. */
function legacySheet(surname: string) {
  const rows = [
    ['שם פרטי', 'שם משפחה', 'טלפון', 'עיר', 'תאריך לידה'],
    ['יוסף', surname, nationalPhone(randomMobile()), 'ביתר עילית', '25/12/2000'],
    ['דוד', surname, nationalPhone(randomMobile()), 'אלעד', '1/2/2001'],
    ['שמעון', surname, nationalPhone(randomMobile()), 'צפת', '13/3/1999'],
  ];
  return Buffer.from(rows.map(r => r.join(',')).join('\n') + '\n');
}

/** Gives a value for every row: the field, then its value (a list's choice or text). */
async function fill(page: Page, field: string, value: string) {
  await page.getByTestId('fill-add').click();
  const line = page.getByTestId('import-fill').last();
  await line.getByTestId('fill-field').selectOption(field);
  const control = line.getByTestId('fill-value');
  if ((await control.evaluate(el => el.tagName)) === 'SELECT') await control.selectOption(value);
  else await control.fill(value);
}

test('a legacy sheet: values for whole columns, its incomplete rows as temporary cards listing what they lack, its dates read day first', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const surname = uniqueSurname();
  // The approver's list of temporary cards, open in another browser while the import runs.
  const approver = await newSignedInPage(browser, 'demo-admin');
  await approver.goto('/temporary-profiles');
  await expect(approver.getByTestId('pending-profiles')).toBeVisible();

  await signIn(page, 'demo-admin');
  await upload(page, `משרד-${surname}.csv`, legacySheet(surname));
  // Gender and sector, which every card needs, are nowhere: every row would be refused.
  await expect(page.getByTestId('mapping-missing')).toContainText('מין');
  await expect(page.getByTestId('mapping-lacking')).toContainText('עיסוק');
  await fill(page, 'gender', 'male');
  await fill(page, 'sectorID', 'litvish');
  await expect(page.getByTestId('mapping-missing')).toHaveCount(0);
  await shots(page, 'import-fills-he');

  await page.getByTestId('mapping-preview').click();
  await expect(page.getByTestId('import-preview')).toBeVisible();
  await expect(page.getByTestId('preview-filter-incomplete')).toContainText('(3)');
  await expect(page.getByTestId('preview-filter-errors')).toContainText('(0)');
  await expect(page.getByTestId('import-dates')).toContainText('יום, חודש, שנה');
  await expect(page.getByTestId('import-dates')).toContainText('תאריך אחד');
  await expect(previewRow(page, 3).getByTestId('cell-note')).toContainText('יום לפני חודש');
  await expect(previewRow(page, 2).getByTestId('row-lacking')).toContainText('עיסוק');
  // Nothing goes in until the incomplete rows are chosen in, as temporary cards.
  await expect(page.getByTestId('import-start')).toBeDisabled();
  await page.getByTestId('import-incomplete-temporary').click();
  await expect(page.getByTestId('import-start')).toContainText('3');
  await expect(previewRow(page, 2).getByTestId('decide-import')).toHaveAttribute('aria-pressed', 'true');
  await shots(page, 'import-incomplete-he');

  await page.getByTestId('import-start').click();
  const panel = page.getByTestId('import-progress-panel');
  await expect(panel.getByTestId('count-imported')).toHaveText('3');
  // The approver sees them arrive, awaiting approval.
  await expect(approver.getByTestId('pending-card').filter({hasText: surname})).toHaveCount(3);

  // Each card says what it lacks, with the way to complete it; its birth date read day first.
  await approver
    .getByTestId('pending-card')
    .filter({hasText: `${surname} דוד`})
    .getByRole('link')
    .click();
  await expect(approver.getByTestId('card-missing')).toContainText('עיסוק');
  await expect(approver.getByTestId('card-missing-complete')).toBeVisible();
  await expect(approver.getByTestId('card-header')).toContainText('01-02-2001');
  await shots(approver, 'card-missing-he');
});

test('a legacy sheet in English: the values for every row and the incomplete rows', async ({page}) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-admin', 'en');
  const surname = uniqueSurname();
  await upload(page, `office-${surname}.csv`, legacySheet(surname));
  await fill(page, 'gender', 'male');
  await fill(page, 'sectorID', 'litvish');
  await page.getByTestId('fill-add').click();
  // A line left without a value says so at the line, and nothing is checked.
  await page.getByTestId('mapping-preview').click();
  await expect(page.getByTestId('import-fill').last()).toContainText('Choose a field and give a value');
  await shots(page, 'import-fills-en');
  await page.getByTestId('fill-remove').last().click();
  await page.getByTestId('mapping-preview').click();
  await expect(page.getByTestId('import-incomplete')).toContainText('Import the 3 incomplete rows as temporary profiles');
  await expect(page.getByTestId('import-dates')).toContainText('Day, month, year');
  await page.getByTestId('import-incomplete-temporary').click();
  await expect(page.getByTestId('import-start')).toContainText('3');
  await shots(page, 'import-incomplete-en');
});
