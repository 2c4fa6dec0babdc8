import {randomBytes} from 'node:crypto';
import {expect, test, type Page} from '@playwright/test';
import {SELF_SESSION_COOKIE} from '../../server/auth/self-session.ts';
import {hashToken} from '../../server/auth/session.ts';
import {makeIsraeliID} from '../support/fixtures.ts';
import {db, expectNoSidewaysScroll, newSignedInPage, pickActivitySide, signIn, uniqueSurname, SHOTS} from './helpers.ts';

/**
 * Engaged couples (issue 15): an editor records a couple in /meorasim, outside the shell → both cards
 * show engaged live in another browser → the couple's benefit cards are issued, in the couple's row.
 */

/** A card of the given gender in the general database, open to everyone; the bride's with an ID number. */
async function insertSide(gender: 'male' | 'female', forename: string, idNumber: string | null) {
  const sql = db();
  const surname = uniqueSurname();
  const id = `e2e-couple-${surname}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
            VALUES (${id}, ${forename}, ${surname}, ${gender}, '2001-01-01', 'צפת', 'litvish', 'available', 'demo-coordinator')`;
  await sql`INSERT INTO profile_detail (profile_id, id_number) VALUES (${id}, ${idNumber})`;
  await sql.end();
  return {id, forename, surname};
}

async function openCouples(page: Page) {
  await page.goto('/meorasim');
  await expect(page.getByTestId('meorasim-page')).toBeVisible();
  // Outside the shell: no side menu.
  await expect(page.getByTestId('side-menu')).toHaveCount(0);
}

test('record a couple → both cards show engaged live in a second browser → their benefit cards are issued', async ({
  page,
  browser,
}) => {
  const groom = await insertSide('male', 'יוסף', null);
  const brideID = makeIsraeliID();
  const bride = await insertSide('female', 'מרים', brideID);
  const colleague = await newSignedInPage(browser, 'demo-coordinator');
  await colleague.goto(`/home/tickets/${bride.id}`);
  await expect(colleague.getByTestId('card-mazal-tov')).toBeVisible();
  await expect(colleague.getByTestId('card-state')).toHaveCount(0);

  await signIn(page, 'demo-admin');
  await openCouples(page);
  await page.getByTestId('new-couple').click();
  const form = page.getByTestId('couple-form');
  // §5: at least one side needs an ID number, said next to the groom's ID field.
  await pickActivitySide(page, 'male', groom);
  await pickActivitySide(page, 'female', bride);
  await expect(form.locator('[name=maleName]')).toHaveValue(`${groom.forename} ${groom.surname}`);
  // The chosen card's ID number fills its side; cleared, neither side has one.
  await expect(form.locator('[name=femaleIDNumber]')).toHaveValue(brideID);
  await form.locator('[name=femaleIDNumber]').fill('');
  await page.getByTestId('save-couple').click();
  await expect(form.getByText('יש להזין מספר תעודת זהות לפחות לאחד מבני הזוג')).toBeVisible();
  const groomID = makeIsraeliID();
  await form.locator('[name=maleIDNumber]').fill(groomID);
  await form.locator('[name=fatherName]').fill('אהרן');
  await form.locator('[name=rabbi]').fill('הרב גרוס');
  await form.locator('[name=shadchanID]').selectOption('demo-shadchan');
  await page.getByTestId('save-couple').click();
  await expect(form).toBeHidden();

  const row = page.getByTestId('couple-row').filter({hasText: groom.surname});
  await expect(row.getByTestId('couple-status')).toHaveText('מאושר');
  await expect(row).toContainText('הרב גרוס');
  // One card per side: the groom's from the typed ID number, the bride's from her card's.
  await expect(row.getByTestId('couple-card')).toHaveCount(2);
  await expect(row.getByTestId('couple-card').filter({hasText: bride.surname})).toBeVisible();

  // Live, in the colleague's open card: engaged, and no mazal-tov button any more.
  await expect(colleague.getByTestId('card-state')).toHaveText('מאורס/ת');
  await expect(colleague.getByTestId('card-mazal-tov')).toHaveCount(0);

  // Undo, through the app's confirmation: the cards are active again and the benefit cards revoked.
  await row.getByTestId('couple-undo').click();
  await page.getByRole('dialog').getByRole('button', {name: 'ביטול האירוסין'}).click();
  await expect(row.getByTestId('couple-status')).toHaveText('בוטל');
  await expect(row.getByTestId('couple-card')).toHaveCount(0);
  await expect(colleague.getByTestId('card-state')).toHaveCount(0);
});

test('a shadchan’s mazal tov from the card arrives pending; the screens in he and en, 1280 and 375 px', async ({
  page,
  browser,
}) => {
  const groom = await insertSide('male', 'שמואל', null);
  const bride = await insertSide('female', 'חנה', null);
  const shadchan = await newSignedInPage(browser, 'demo-coordinator');
  await shadchan.goto(`/home/tickets/${groom.id}`);
  await shadchan.getByTestId('card-mazal-tov').click();
  const form = shadchan.getByTestId('couple-form');
  await pickActivitySide(shadchan, 'female', bride);
  await form.locator('[name=maleIDNumber]').fill(makeIsraeliID());
  await form.locator('[name=note]').fill('הווארט ביום שלישי');
  await shadchan.getByTestId('save-couple').click();
  await expect(form).toBeHidden();

  await signIn(page, 'demo-admin');
  await openCouples(page);
  await page.getByTestId('couple-search').fill(groom.surname);
  const row = page.getByTestId('couple-row').filter({hasText: groom.surname});
  await expect(row.getByTestId('couple-status')).toHaveText('ממתין לאישור');
  await page.screenshot({path: `${SHOTS}/meorasim-list-1280-he.png`, fullPage: true});
  await row.getByTestId('couple-edit').click();
  await expect(page.getByTestId('couple-submitted')).toBeVisible();
  await page.screenshot({path: `${SHOTS}/couple-form-1280-he.png`});
  await page.setViewportSize({width: 375, height: 800});
  await page.screenshot({path: `${SHOTS}/couple-form-375-he.png`, fullPage: true});
  await page.keyboard.press('Escape');
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: `${SHOTS}/meorasim-list-375-he.png`, fullPage: true});

  await row.getByTestId('couple-confirm').click();
  await page.getByRole('dialog').getByRole('button', {name: 'אישור'}).click();
  await expect(row.getByTestId('couple-status')).toHaveText('מאושר');
  // Neither side has an ID number on the bride's card; only the groom's typed one gets a card.
  await expect(row.getByTestId('couple-card')).toHaveCount(1);

  const english = await newSignedInPage(browser, 'demo-admin', 'en');
  await openCouples(english);
  await expect(english.getByTestId('new-couple')).toHaveText('Record an engaged couple');
  await english.screenshot({path: `${SHOTS}/meorasim-list-1280-en.png`, fullPage: true});
  await english.getByTestId('new-couple').click();
  await english.getByTestId('save-couple').click();
  await expect(english.getByTestId('couple-form').getByText('Enter an ID number for at least one of the two')).toBeVisible();
  await english.screenshot({path: `${SHOTS}/couple-form-1280-en.png`});
  await english.setViewportSize({width: 375, height: 800});
  await english.screenshot({path: `${SHOTS}/couple-form-375-en.png`, fullPage: true});
  await english.keyboard.press('Escape');
  await expectNoSidewaysScroll(english);
  await english.screenshot({path: `${SHOTS}/meorasim-list-375-en.png`, fullPage: true});
});

test('without editEngagedCouples /meorasim sends the user home', async ({page}) => {
  await signIn(page, 'demo-shadchan');
  await page.goto('/meorasim');
  await page.waitForURL('**/home');
  await expect(page.getByTestId('meorasim-page')).toHaveCount(0);
});

test('a candidate’s mazal tov from the self-user home reaches /meorasim as pending', async ({page, browser}) => {
  const bride = await insertSide('female', 'אסתר', makeIsraeliID());
  // The self-user sign-in itself is self-user.spec.ts's; here the candidate holds its session already.
  const token = randomBytes(32).toString('base64url');
  const sql = db();
  await sql`INSERT INTO session (token_hash, kind, profile_id, expires_at)
            VALUES (${hashToken(token)}, 'self', ${bride.id}, now() + interval '1 hour')`;
  await sql.end();
  const candidate = await (await browser.newContext()).newPage();
  await candidate.context().addCookies([{name: SELF_SESSION_COOKIE, value: token, url: test.info().project.use.baseURL!}]);
  await candidate.goto('/self-user/home');
  await candidate.getByTestId('self-mazal-tov').click();
  const form = candidate.getByTestId('self-mazal-tov-form');
  await candidate.getByTestId('send-mazal-tov').click();
  await expect(form.locator('[name=otherIDNumber]')).toHaveAttribute('aria-invalid', 'true');
  const groomName = `אליהו ${uniqueSurname()}`;
  await form.locator('[name=otherName]').fill(groomName);
  await form.locator('[name=otherIDNumber]').fill(makeIsraeliID());
  await form.locator('[name=rabbi]').fill('הרב פרידמן');
  await candidate.getByTestId('send-mazal-tov').click();
  await expect(candidate.getByTestId('mazal-tov-sent')).toBeVisible();

  await signIn(page, 'demo-admin');
  await openCouples(page);
  const row = page.getByTestId('couple-row').filter({hasText: groomName});
  await expect(row.getByTestId('couple-status')).toHaveText('ממתין לאישור');
  await expect(row).toContainText(`${bride.forename} ${bride.surname}`);
  await expect(row).toContainText('המועמד/ת');
});
