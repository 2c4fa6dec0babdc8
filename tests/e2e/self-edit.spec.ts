import {expect, test} from '@playwright/test';
import {formatPhone} from '../../app/lib/phones.ts';
import {
  db,
  expectNoSidewaysScroll,
  insertSelfTicket,
  inspect,
  mobile,
  newSignedInPage,
  nextCode,
  selfSignIn,
  seriousViolations,
  SHOTS,
} from './helpers.ts';

test('a candidate changes their phone from the self-user home; the shadchan’s open card shows it live', async ({
  page,
  browser,
}) => {
  const t = await insertSelfTicket();
  const shadchan = await newSignedInPage(browser, 'demo-coordinator');
  await shadchan.goto(`/home/tickets/${t.id}`);
  await expect(shadchan.getByTestId('card-value-candidatePhone')).toHaveText(formatPhone(t.phone));

  await selfSignIn(page, t);
  await page.getByTestId('edit-ticket').click();
  await page.waitForURL(`**/home/tickets/edit/${t.id}`);
  // The candidate's own form, not the staff shell (no menu, no Zero connection) and not the staff login.
  await expect(page.getByTestId('self-edit-form')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toHaveCount(0);
  await expect(page.locator('[name=idNumber]')).toHaveCount(0);
  await expect(page.locator('[name=fatherName]')).toHaveCount(0);
  await expect(page.locator('[name=candidatePhone]')).toHaveValue(formatPhone(t.phone));

  // Bad input: the error beside the field, nothing saved.
  await page.locator('[name=candidatePhone]').fill('12');
  await page.getByTestId('self-edit-save').click();
  await expect(page.getByTestId('self-edit-error')).toBeVisible();
  await expect(page.locator('[name=candidatePhone]')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('מספר טלפון לא תקין').first()).toBeVisible();

  const next = mobile();
  await page.locator('[name=candidatePhone]').fill(`0${next.slice(4)}`);
  await page.getByTestId('self-edit-save').click();
  await expect(page.getByText('השינויים נשמרו', {exact: true})).toBeVisible();
  await expect(page.locator('[name=candidatePhone]')).toHaveValue(formatPhone(next));

  // Live on the shadchan's open card; the history (an administrator's view) says "by the candidate".
  await expect(shadchan.getByTestId('card-value-candidatePhone')).toHaveText(formatPhone(next));
  const admin = await newSignedInPage(browser, 'demo-admin');
  await admin.goto(`/home/tickets/${t.id}`);
  await expect(admin.getByTestId('history-entry').first()).toContainText(formatPhone(next).replace(/\D/g, '').slice(-4));
  await expect(admin.getByTestId('history-author').first()).toHaveText('המועמד/ת');

  // The new number is one the candidate can sign in with.
  const sql = db();
  const [row] = await sql<{phones: string[]}[]>`SELECT phones FROM profile WHERE id = ${t.id}`;
  await sql.end();
  expect(row!.phones).toEqual([next, t.father]);
});

test('screenshots of the candidate’s edit form (he, en; 1280 and 375 px)', async ({page}) => {
  const t = await insertSelfTicket();
  await selfSignIn(page, t);
  for (const locale of ['he', 'en'] as const) {
    await page.evaluate(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    for (const width of [1280, 375]) {
      await page.setViewportSize({width, height: 900});
      await page.goto(`/home/tickets/edit/${t.id}`);
      await expect(page.getByTestId('self-edit-form')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', locale === 'he' ? 'rtl' : 'ltr');
      await page.screenshot({path: `${SHOTS}/self-edit-${locale}-${width}.png`, fullPage: true});
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page), `${locale} ${width}`).toEqual([]);
    }
  }
});

test('the candidate verifies one of the ticket’s numbers with the code of a missed call', async ({page}) => {
  const t = await insertSelfTicket();
  await selfSignIn(page, t);
  await page.getByTestId('verify-phones').click();
  await page.waitForURL('**/self-user/verify-phone');
  // The number signed in with is verified already; the father's is not yet.
  const rows = page.getByTestId('verify-phone-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(formatPhone(t.phone));
  await expect(rows.nth(0).getByTestId('phone-verified')).toHaveText('מאומת');
  const row = rows.nth(1);
  await expect(row).toContainText(formatPhone(t.father));
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 800});
    await page.screenshot({path: `${SHOTS}/self-verify-he-${width}.png`, fullPage: true});
  }
  const before = (await inspect('calls')).length;
  await row.getByTestId('verify-phone').click();
  await expect(page.getByTestId('code-hint')).toBeVisible();
  const code = await nextCode('calls', t.father, before);
  // A wrong code: the error beside the field.
  await page.locator('[name=verifyCode]').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('verify-code').click();
  await expect(page.getByText('הקוד שגוי').first()).toBeVisible();
  await page.screenshot({path: `${SHOTS}/self-verify-code-he-375.png`, fullPage: true});
  await page.locator('[name=verifyCode]').fill(code);
  await page.getByTestId('verify-code').click();
  await expect(row.getByTestId('phone-verified')).toHaveText('מאומת');

  await page.evaluate(() => localStorage.setItem('PARAGLIDE_LOCALE', 'en'));
  for (const width of [1280, 375]) {
    await page.setViewportSize({width, height: 800});
    await page.goto('/self-user/verify-phone');
    await expect(page.getByTestId('phone-verified')).toHaveText(['Verified', 'Verified']);
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await page.screenshot({path: `${SHOTS}/self-verify-en-${width}.png`, fullPage: true});
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page), `verify ${width}`).toEqual([]);
  }
});

test('without a self-user session the edit link goes to the staff login', async ({page}) => {
  const t = await insertSelfTicket();
  await page.goto(`/home/tickets/edit/${t.id}`);
  await page.waitForURL('**/login?**');
});
