import {expect, test, type Page} from '@playwright/test';
import {issueBenefitCard} from '../../server/benefit-cards/issue.ts';
import {makeTicket} from '../support/fixtures.ts';
import {
  db,
  expectNoSidewaysScroll,
  inspect,
  nextCode,
  pickActivitySide,
  seriousViolations,
  signIn,
  typeDate,
  uniqueSurname,
  SHOTS,
} from './helpers.ts';

/** Reviewed screenshots (issue 15): SHOTS_DIR, else beside the other e2e screens. */

/** A fresh ticket of the demo admin's, marked engaged in the database (the couple's form is not this spec's). */
async function engagedTicket() {
  const sql = db();
  const t = await makeTicket(sql as never, 'demo-admin');
  await sql`UPDATE profile SET state = 'engaged' WHERE id = ${t.id}`;
  await sql.end();
  return t;
}

/** A text's colour as sRGB [r, g, b] in 0..1 (tailwind's colours are oklch; color-mix turns them into sRGB). */
async function colourOf(locator: ReturnType<Page['getByTestId']>) {
  const css = await locator.evaluate(el => {
    const probe = document.createElement('span');
    probe.style.color = `color-mix(in srgb, ${getComputedStyle(el).color} 100%, black 0%)`;
    document.body.append(probe);
    const colour = getComputedStyle(probe).color;
    probe.remove();
    return colour;
  });
  const [r, g, b] = css
    .match(/[\d.]+/g)!
    .slice(-3)
    .map(Number);
  return {r: r!, g: g!, b: b!};
}

async function selfSignIn(page: Page, t: Awaited<ReturnType<typeof engagedTicket>>) {
  await page.goto('/self-user/login');
  await page.locator('[name=tz]').fill(t.login.tz);
  await typeDate(page.locator('[name=birthday]'), t.login.birthday);
  await page.locator('[name=phone]').fill(t.login.phone);
  await page.locator('[name=name]').fill(t.login.name);
  const before = (await inspect('calls')).length;
  await page.getByTestId('send-code').click();
  await page.locator('[name=verifyCode]').fill(await nextCode('calls', t.phones[1]!, before));
  await page.getByTestId('verify-code').click();
  await page.waitForURL('**/self-user/home');
}

/** An engaged candidate's ticket with a benefit card issued to שרה לוי. */
async function ticketWithCard() {
  const t = await engagedTicket();
  const sql = db();
  const card = await issueBenefitCard(
    sql as never,
    {profileID: t.id, coupleID: null, fullName: 'שרה לוי', idNumber: t.idNumber},
    null,
  );
  await sql.end();
  return {t, card};
}

test('a self-user closes the ticket → issues the bonus card → its print view → the public check shows it valid', async ({
  page,
}) => {
  const t = await engagedTicket();
  await selfSignIn(page, t);
  await expect(page.getByTestId('bonus-section')).toHaveCount(0); // the ticket is still open
  await page.getByTestId('close-ticket').click();
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(page.getByTestId('ticket-closed')).toBeVisible();
  await page.screenshot({path: `${SHOTS}/self-home-due-he-1280.png`});
  await page.getByTestId('bonus-issue').click();
  await expect(page.getByText('כרטיס ההטבה הונפק')).toBeVisible();
  await page.screenshot({path: `${SHOTS}/self-home-issued-he-1280.png`});

  await page.getByTestId('bonus-view').click();
  await page.waitForURL('**/bonuses/card?*');
  const card = page.getByTestId('bonus-card');
  await expect(card.getByTestId('bonus-name')).toHaveText('שרה לוי');
  await expect(card.getByTestId('bonus-tz')).toHaveText(t.idNumber);
  await expect(card.getByTestId('bonus-date')).toHaveText(/^\d\d-\d\d-\d{4}$/);
  const code = (await card.getByTestId('bonus-code').textContent())!;
  expect(code).toMatch(/^[A-Z2-9]{12}$/);

  await page.emulateMedia({media: 'print'});
  await expect(page.getByTestId('bonus-print')).toBeHidden();
  // The QR code (of the link beneath it) prints: a drawn code, not an empty box.
  await expect(card.getByTestId('bonus-qr-code')).toBeVisible();
  expect((await card.locator('[data-testid=bonus-qr-code] path').getAttribute('d'))!.length).toBeGreaterThan(500);
  await expect(card.getByTestId('bonus-check-link')).toBeVisible();
  await page.emulateMedia({media: 'screen'});

  await card.getByTestId('bonus-check-link').click();
  await page.waitForURL('**/bonuses/check-validation?*');
  const check = page.getByTestId('bonus-check');
  await expect(check).toHaveAttribute('data-state', 'valid');
  await expect(check.getByTestId('bonus-code')).toHaveText(code);
  await expect(check.getByTestId('bonus-name')).toHaveText('שרה לוי');
  const green = await colourOf(page.getByTestId('bonus-valid'));
  expect(green.g).toBeGreaterThan(green.r + 0.2);

  // Back home, the card is there to view again, not to issue twice.
  await page.goto('/self-user/home');
  await expect(page.getByTestId('bonus-view')).toBeVisible();
  await expect(page.getByTestId('bonus-issue')).toHaveCount(0);
});

test('a wrong code shows the server’s error in red with an exclamation mark', async ({page}) => {
  const t = await engagedTicket();
  await page.goto(`/bonuses/check-validation?bonusCode=ZZZZZZZZZZZZ&tz=${t.idNumber}`);
  const error = page.getByTestId('bonus-error');
  await expect(error).toHaveText('לא נמצאו רשומות תואמות לפרטי הכרטיס');
  const red = await colourOf(error);
  expect(red.r).toBeGreaterThan(red.g + 0.3);
  await expect(error.locator('svg')).toBeVisible();
  await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'error');
});

test('a shop owner with a printed card types its code and ID number into the check form (issue 31)', async ({page}) => {
  const {t, card} = await ticketWithCard();
  for (const locale of ['he', 'en'] as const) {
    await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    for (const width of [1280, 375]) {
      await page.setViewportSize({width, height: 900});
      await page.goto('/bonuses/check-validation');
      // Nothing to check yet: the form, and no "no records" answer.
      await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'idle');
      await expect(page.getByTestId('bonus-error')).toHaveCount(0);
      const form = page.getByTestId('bonus-check-form');
      await form.getByTestId('bonus-check-submit').click();
      await expect(form.getByText(locale === 'he' ? 'יש להזין את הקוד' : 'Enter the code')).toBeVisible();
      await form.locator('[name=bonusCode]').fill('ZZZZZZZZZZZZ');
      await form.locator('[name=tz]').fill(t.idNumber);
      await form.getByTestId('bonus-check-submit').click();
      await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'error');
      await form.locator('[name=bonusCode]').fill(card.code);
      await form.getByTestId('bonus-check-submit').click();
      await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'valid');
      await expect(page.getByTestId('bonus-name')).toHaveText('שרה לוי');
      // The address names what was checked: a reload shows the same answer.
      expect(new URL(page.url()).searchParams.get('bonusCode')).toBe(card.code);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({path: `${SHOTS}/check-form-${locale}-${width}.png`, fullPage: true});
    }
  }
});

test('the office issues a card by hand, finds it, and revokes it; the public check then says not found', async ({page}) => {
  const t = await engagedTicket();
  const surname = uniqueSurname();
  const sql = db();
  await sql`UPDATE profile SET surname = ${surname} WHERE id = ${t.id}`;
  await sql.end();
  await signIn(page, 'demo-admin');
  await page.goto('/benefit-cards');
  await expect(page.getByTestId('benefit-card-rules').getByRole('listitem')).toHaveCount(4);
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByTestId('benefit-card-issue-submit').click();
  await expect(page.getByTestId('benefit-card-issue').getByText('שדה חובה')).toBeVisible();
  await pickActivitySide(page, 'female', {forename: 'שרה', surname});
  await page.getByTestId('benefit-card-issue-submit').click();
  await expect(page.getByText('כרטיס ההטבה הונפק')).toBeVisible();

  await page.getByTestId('benefit-cards-search').fill(t.idNumber);
  const row = page.getByTestId('benefit-card-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`שרה ${surname}`);
  const code = (await row.getByTestId('benefit-card-code').textContent())!;
  await page.getByTestId('benefit-cards-search').fill(code.toLowerCase());
  await expect(row).toHaveCount(1);

  // A second issue for the same candidate is refused beside the field, by the rule.
  await pickActivitySide(page, 'female', {forename: 'שרה', surname});
  await page.getByTestId('benefit-card-issue-submit').click();
  await expect(page.getByTestId('benefit-card-issue').getByText('למועמד/ת כבר יש כרטיס הטבה בתוקף')).toBeVisible();

  await row.getByTestId('benefit-card-revoke').click();
  await page.getByRole('dialog').getByTestId('confirm-ok').click();
  await expect(row).toContainText('בוטל ב־');
  await page.screenshot({path: `${SHOTS}/office-list-he-1280.png`, fullPage: true});
  await page.getByTestId('benefit-cards-shown').selectOption('live');
  await expect(row).toHaveCount(0);

  await page.goto(`/bonuses/check-validation?bonusCode=${code}&tz=${t.idNumber}`);
  await expect(page.getByTestId('bonus-error')).toHaveText('לא נמצאו רשומות תואמות לפרטי הכרטיס');
});

test('the bonus card, its print view and the public check in he and en at 1280 and 375 px: accessible, no sideways scroll, photographed', async ({
  page,
}) => {
  const {t, card} = await ticketWithCard();
  const query = `bonusCode=${card.code}&tz=${t.idNumber}`;
  // The loading state is held long enough to be photographed.
  let slow = false;
  await page.route('**/api/bonuses/check-validation', async route => {
    if (slow) await new Promise(r => setTimeout(r, 1500));
    await route.continue();
  });
  for (const locale of ['he', 'en'] as const) {
    await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
    for (const width of [1280, 375]) {
      await page.setViewportSize({width, height: 900});
      const shot = (name: string) => page.screenshot({path: `${SHOTS}/${name}-${locale}-${width}.png`, fullPage: true});
      await page.goto(`/bonuses/card?${query}`);
      await expect(page.getByTestId('bonus-card')).toBeVisible();
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await shot('bonus-card');
      await page.emulateMedia({media: 'print'});
      await shot('bonus-card-print');
      await page.emulateMedia({media: 'screen'});
      slow = true;
      await page.goto(`/bonuses/check-validation?${query}`);
      await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'loading');
      await shot('check-loading');
      await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'valid');
      slow = false;
      expect(await seriousViolations(page)).toEqual([]);
      await shot('check-valid');
      await page.goto(`/bonuses/check-validation?bonusCode=ZZZZZZZZZZZZ&tz=${t.idNumber}`);
      await expect(page.getByTestId('bonus-check')).toHaveAttribute('data-state', 'error');
      expect(await seriousViolations(page)).toEqual([]);
      await shot('check-error');
    }
  }
});
