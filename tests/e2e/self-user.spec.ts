import {expect, test} from '@playwright/test';
import {demoSelfUser} from '../../server/db/seed.ts';
import {db, typeDate, useUpTodaysCalls} from './helpers.ts';

/** A candidate signs in with the ticket's details and a missed-call code, and closes the ticket. */
test('self-user login → home → close the ticket', async ({page}) => {
  const sql = db();
  const details = await demoSelfUser(sql);
  await sql.end();
  if (!details) throw new Error('the demo data has no self-user ticket');

  await page.goto('/self-user/login');
  const send = page.getByTestId('send-code');
  await expect(send).toBeDisabled();
  await page.locator('[name=tz]').fill('123456789'); // fails the check digit
  await expect(page.getByText('מספר זהות לא תקין')).toBeVisible();
  await page.locator('[name=tz]').fill(details.tz);
  await typeDate(page.locator('[name=birthday]'), details.birthday);
  await page.locator('[name=phone]').fill(details.phone);
  await page.locator('[name=name]').fill(details.name);
  await expect(send).toBeEnabled();
  await page.screenshot({path: 'test-results/screens/self-login-he.png'});

  const before = (await (await fetch(`${process.env.E2E_STAND_INS_URL}/calls`)).json()).length;
  await send.click();
  await expect(page.getByTestId('code-hint')).toBeVisible();
  let code: string | undefined;
  for (let i = 0; i < 50 && !code; i++) {
    const calls = (await (await fetch(`${process.env.E2E_STAND_INS_URL}/calls`)).json()) as Array<{body: {from: string}}>;
    code = calls.slice(before)[0]?.body.from.slice(-6);
    if (!code) await new Promise(r => setTimeout(r, 100));
  }
  await expect(page.getByTestId('verify-code')).toBeDisabled();
  await page.locator('[name=verifyCode]').fill(code!);
  await page.getByTestId('verify-code').click();

  await page.waitForURL('**/self-user/home');
  await expect(page.getByTestId('ticket-name')).toHaveText(details.name);
  await expect(page.getByTestId('edit-ticket')).toHaveAttribute('href', /^\/home\/tickets\/edit\//);
  await page.screenshot({path: 'test-results/screens/self-home-he.png'});
  await page.getByTestId('close-ticket').click();
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(page.getByText('הכרטיס נסגר בהצלחה!')).toBeVisible();
  await expect(page.getByTestId('ticket-closed')).toHaveText('הכרטיס סגור');
  await expect(page.getByTestId('edit-ticket')).toHaveCount(0);
});

test('without a self-user session, home sends the visitor to the self-user login', async ({page}) => {
  await page.goto('/self-user/home');
  await page.waitForURL('**/self-user/login');
});

test('when the day’s calls are used up, the self-user login says so (Hebrew)', async ({page}) => {
  const sql = db();
  const details = await demoSelfUser(sql);
  await sql.end();
  const undo = await useUpTodaysCalls();
  try {
    await page.goto('/self-user/login');
    await page.locator('[name=tz]').fill(details!.tz);
    await typeDate(page.locator('[name=birthday]'), details!.birthday);
    await page.locator('[name=phone]').fill(details!.phone);
    await page.locator('[name=name]').fill(details!.name);
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('login-error')).toContainText('שיחות הכניסה אינן זמינות היום. נסו שוב מחר או פנו למשרד.');
    await expect(page.getByTestId('code-hint')).toHaveCount(0);
  } finally {
    await undo();
  }
});
