import {expect, test, type Page} from '@playwright/test';
import {SHOTS, expectNoSidewaysScroll, inspect, newSignedInPage, nextCode, uniqueSurname} from './helpers.ts';

/**
 * Staff accounts from invitation to password (issue 30), as a new office lives it: the administrator
 * adds a shadchan and the invitation goes out; the shadchan opens its link in a fresh browser, chooses a
 * password and signs in through the login page (a code and that password); then forgets it, chooses a
 * new one through "Forgot your password?", and the browser still signed in is signed out.
 */
type Mail = {to?: string[]; text?: string};

/** The invitation's link in the last mail to `email`. */
async function invitationLink(email: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = (await inspect<Mail>('mails')).filter(m => m.to?.includes(email)).at(-1);
    const link = mail?.text?.match(/https?:\/\/\S+\/invitation\/[\w-]+/)?.[0];
    if (link) return link;
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error(`no invitation reached ${email}`);
}

/** Signs in by email on /login: the code the mail brings, and the password. */
async function emailSignIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByTestId('login-tab-email').click();
  await page.locator('[name=email]').fill(email);
  const before = (await inspect('mails')).length;
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('code-hint')).toBeVisible();
  await page.locator('[name=verifyCode]').fill(await nextCode('mails', email, before));
  await page.locator('[name=password]').fill(password);
  await page.getByTestId('verify-code').click();
}

test('invited → chooses a password → signs in with code and password → forgets it → a new one signs the old browser out', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await newSignedInPage(browser, 'demo-admin', 'en');
  const name = `Shoshana ${uniqueSurname()}`;
  const email = `e2e-${Date.now()}@example.org`;
  await admin.goto('/users/new-user');
  const form = admin.getByTestId('staff-form');
  await form.locator('[name=name]').fill(name);
  await form.locator('[name=phone]').fill(`050-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
  await form.locator('[name=gender]').selectOption('female');
  await form.locator('[name=email]').fill(email);
  await admin.getByTestId('staff-save').click();
  await admin.waitForURL('**/users/edit/**');
  // Saved, and invited at once: the page says so, live.
  await expect(admin.getByTestId('staff-invitation')).toHaveAttribute('data-state', 'invited');
  await admin.getByTestId('staff-approve').click();
  await admin.getByTestId('confirm-ok').click();
  await expect(admin.getByTestId('staff-state')).toHaveAttribute('data-state', 'active');
  const link = await invitationLink(email);

  // A fresh browser: the link, a password too short, two that differ, then a good one.
  const invited = await (await browser.newContext()).newPage();
  await invited.goto(link);
  const invitation = invited.getByTestId('invitation-form');
  await expect(invitation).toContainText(name);
  await invitation.locator('[name=password]').fill('short');
  await invitation.locator('[name=passwordAgain]').fill('short');
  await invited.getByTestId('invitation-submit').click();
  await expect(invitation.locator('[data-field-error]')).toHaveText('הסיסמה צריכה לכלול לפחות 10 תווים');
  await invitation.locator('[name=password]').fill('password1234');
  await invitation.locator('[name=passwordAgain]').fill('password1234');
  await invited.getByTestId('invitation-submit').click();
  await expect(invitation.locator('[data-field-error]')).toContainText('קל מדי לנחש');
  const password = 'Amber-Orchard-Seventeen';
  await invitation.locator('[name=password]').fill(password);
  await invitation.locator('[name=passwordAgain]').fill(password);
  await invited.getByTestId('invitation-submit').click();
  await expect(invited.getByTestId('invitation-done')).toBeVisible();
  await expect(admin.getByTestId('staff-invitation')).toHaveAttribute('data-state', 'joined');
  // The link was single use.
  await invited.goto(link);
  await expect(invited.getByTestId('invitation-closed')).toHaveAttribute('data-state', 'used');

  // The login page, as everyone signs in: a code and the password; the declaration, the form, the list.
  await emailSignIn(invited, email, password);
  await invited.getByTestId('declaration-checkbox').check();
  await invited.getByTestId('declaration-enter').click();
  await invited.waitForURL('**/user-agreement/**');
  await invited.getByTestId('agreement-checkbox').check();
  await invited.getByTestId('agreement-name').fill(name);
  await invited.getByTestId('agreement-sign').click();
  await invited.getByTestId('agreement-continue').click();
  await invited.waitForURL('**/home');
  await expect(invited.getByTestId('candidate-row').first()).toBeVisible();

  // Forgot it: another browser asks for a code, then chooses a new password; the first is signed out.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/login');
  await other.getByTestId('login-forgot').click();
  await other.waitForURL('**/forgot-password');
  await other.getByTestId('login-tab-email').click();
  await other.locator('[name=email]').fill(email);
  const before = (await inspect('mails')).length;
  await other.getByTestId('send-code').click();
  await other.locator('[name=verifyCode]').fill('000000');
  await other.getByTestId('forgot-verify').click();
  await expect(other.getByTestId('login-error')).toBeVisible();
  await other.locator('[name=verifyCode]').fill(await nextCode('mails', email, before));
  await other.getByTestId('forgot-verify').click();
  const fresh = 'Cobalt-Meadow-Lighthouse';
  await other.locator('[name=password]').fill(fresh);
  await other.locator('[name=passwordAgain]').fill(fresh);
  await other.getByTestId('forgot-submit').click();
  await expect(other.getByTestId('forgot-done')).toBeVisible();
  await invited.waitForURL('**/login**', {timeout: 10_000});
  await emailSignIn(other, email, fresh);
  await other.waitForURL('**/home');
});

for (const locale of ['he', 'en'] as const) {
  test(`screenshots (${locale}): the invitation page, the forgot-password steps and the staff page's invitation state`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const admin = await newSignedInPage(browser, 'demo-admin', locale);
    const email = `e2e-shots-${locale}-${Date.now()}@example.org`;
    await admin.goto('/users/new-user');
    const form = admin.getByTestId('staff-form');
    await form.locator('[name=name]').fill(`${locale === 'he' ? 'אסתר' : 'Esther'} ${uniqueSurname()}`);
    await form.locator('[name=phone]').fill(`052-${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`);
    await form.locator('[name=gender]').selectOption('female');
    await form.locator('[name=email]').fill(email);
    await admin.getByTestId('staff-save').click();
    await expect(admin.getByTestId('staff-invitation')).toHaveAttribute('data-state', 'invited');
    const link = await invitationLink(email);
    const context = await browser.newContext();
    await context.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    const page = await context.newPage();
    for (const width of [1280, 375]) {
      await admin.setViewportSize({width, height: 800});
      await admin.screenshot({path: `${SHOTS}/staff-invitation-${locale}-${width}.png`, fullPage: true});
      await expectNoSidewaysScroll(admin);
      await page.setViewportSize({width, height: 800});
      await page.goto(link);
      await expect(page.getByTestId('invitation-form')).toBeVisible();
      await page.locator('[name=password]').fill('short');
      await page.getByTestId('invitation-submit').click();
      await expect(page.locator('[data-field-error]').first()).toBeVisible();
      await page.screenshot({path: `${SHOTS}/invitation-${locale}-${width}.png`, fullPage: true});
      await expectNoSidewaysScroll(page);
      await page.goto('/forgot-password');
      await expect(page.getByTestId('send-code')).toBeVisible();
      await page.screenshot({path: `${SHOTS}/forgot-password-${locale}-${width}.png`, fullPage: true});
      await expectNoSidewaysScroll(page);
    }
    // The forgot-password code and password steps.
    await page.getByTestId('login-tab-email').click();
    await page.locator('[name=email]').fill(email);
    const before = (await inspect('mails')).length;
    await page.getByTestId('send-code').click();
    await expect(page.getByTestId('forgot-code')).toBeVisible();
    await page.screenshot({path: `${SHOTS}/forgot-password-code-${locale}-375.png`, fullPage: true});
    await page.locator('[name=verifyCode]').fill(await nextCode('mails', email, before));
    await page.getByTestId('forgot-verify').click();
    await expect(page.getByTestId('forgot-password-form')).toBeVisible();
    await page.screenshot({path: `${SHOTS}/forgot-password-new-${locale}-375.png`, fullPage: true});
    // An expired or unknown link says so.
    await page.goto(link.replace(/[\w-]+$/, 'no-such-invitation-token-at-all-0123456789ab'));
    await expect(page.getByTestId('invitation-closed')).toHaveAttribute('data-state', 'unknown');
    await page.screenshot({path: `${SHOTS}/invitation-unknown-${locale}-375.png`, fullPage: true});
  });
}
