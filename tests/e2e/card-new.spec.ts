import {expect, test} from '@playwright/test';
import {createCandidate, db, fillRequiredCardFields, insertCard, newSignedInPage, signIn, uniqueSurname} from './helpers.ts';

/** The new-profile screen, its duplicate warning, and approving temporary cards. */

const base = {forename: 'אסתר', gender: 'female' as const, city: 'בני ברק', birthDate: '2002-03-04', sector: 'litvish'};

test('create a card → view it → edit it → print view, in Hebrew', async ({page}) => {
  await signIn(page, 'demo-shadchan');
  const surname = uniqueSurname();
  await page.getByTestId('new-candidate').click();
  await page.waitForURL('**/home/tickets/new');

  // Nothing filled: the required fields say so, next to themselves.
  await page.getByTestId('card-save').click();
  await expect(page.locator('[name=forename]')).toBeFocused();
  await expect(page.getByTestId('card-form').getByText('יש לבחור מגזר')).toBeVisible();

  await fillRequiredCardFields(page, {forename: 'אסתר', surname, birthDate: '2001-06-15'});
  await page.locator('[name=height]').fill('165');
  await page.locator('[name=candidatePhone]').fill('054-1112233');
  await page.getByTestId('card-save').click();
  await page.waitForURL(url => /\/home\/tickets\/(?!new)[^/]+$/.test(url.pathname));
  await expect(page.getByTestId('card-name')).toHaveText(`אסתר ${surname}`);
  await expect(page.getByTestId('card-value-height')).toHaveText('165');
  await expect(page.getByTestId('card-value-candidatePhone')).toHaveText('054-1112233');
  await expect(page.getByTestId('card-value-occupation')).toHaveText('מזכירה');

  await page.getByTestId('card-edit').click();
  await page.waitForURL('**/home/tickets/edit/*');
  await page.locator('[name=city]').fill('ירושלים');
  await page.getByTestId('card-save').click();
  await page.waitForURL(url => !url.pathname.includes('/edit/'));
  await expect(page.getByTestId('card-header')).toContainText('ירושלים');

  await page.emulateMedia({media: 'print'});
  await expect(page.getByTestId('side-menu')).toBeHidden();
  await expect(page.getByTestId('card-manage')).toBeHidden();
  await page.screenshot({path: 'test-results/screens/card-new-print-he.png', fullPage: true});

  const sql = db();
  const [row] = await sql`SELECT city, owner_id, state, phones FROM profile WHERE surname = ${surname}`;
  expect(row).toMatchObject({city: 'ירושלים', owner_id: 'demo-shadchan', state: 'active', phones: ['+972541112233']});
  await sql.end();
});

test('the duplicate warning: same name and birth date, same phone, and an ID number that already exists', async ({page}) => {
  const sql = db();
  const [existing] = await sql`
    SELECT id, forename, surname, to_char(birth_date, 'YYYY-MM-DD') AS birth, id_number, gender, phones->>0 AS phone
    FROM profile JOIN profile_detail ON profile_id = id
    WHERE id LIKE 'demo-%' AND id_number IS NOT NULL AND database = 'general' AND jsonb_array_length(phones) > 0
    ORDER BY id LIMIT 1`;
  const before = Number((await sql`SELECT count(*) FROM profile`)[0]!.count);
  await signIn(page, 'demo-admin');
  await page.getByTestId('new-candidate').click();

  // The same person typed again, with the same mobile number: both reasons are named, with a link.
  await fillRequiredCardFields(page, {
    forename: existing!.forename,
    surname: existing!.surname,
    birthDate: existing!.birth,
    gender: existing!.gender,
  });
  await page.locator('[name=candidatePhone]').fill(existing!.phone.replace('+972', '0'));
  await page.getByTestId('card-save').click();
  const warning = page.getByTestId('duplicates');
  await expect(warning).toBeVisible();
  const match = warning.getByTestId('duplicate').filter({hasText: existing!.surname});
  await expect(match).toContainText('אותו שם ותאריך לידה');
  await expect(match).toContainText('אותו מספר טלפון');
  await expect(match.getByTestId('duplicate-open')).toHaveAttribute('href', `/home/tickets/${existing!.id}`);
  await expect(page.getByTestId('duplicates-save')).toBeVisible();
  await page.screenshot({path: 'test-results/screens/card-duplicates-he.png'});

  // With the existing ID number it cannot be saved at all: 'ID number already exists'.
  await page.getByRole('button', {name: 'חזרה לטופס'}).click();
  await page.locator('[name=idNumber]').fill(existing!.id_number);
  await page.getByTestId('card-save').click();
  await expect(warning).toContainText('מספר הזהות כבר קיים');
  await expect(warning.getByTestId('duplicate').filter({hasText: existing!.surname})).toContainText('אותו מספר זהות');
  await expect(page.getByTestId('duplicates-save')).toHaveCount(0);
  expect(Number((await sql`SELECT count(*) FROM profile`)[0]!.count)).toBe(before);

  // A card that merely shares the name (another birth date) is no duplicate: it is created at once.
  await page.getByRole('button', {name: 'חזרה לטופס'}).click();
  await page.locator('[name=idNumber]').fill('');
  await page.locator('[name=candidatePhone]').fill('');
  await page.locator('[name=birthDate]').fill('01-01-1999');
  await page.getByTestId('card-save').click();
  await page.waitForURL(url => /\/home\/tickets\/(?!new)[^/]+$/.test(url.pathname));
  // The page moves as soon as the card is made in the browser; the server's write follows.
  await expect.poll(async () => Number((await sql`SELECT count(*) FROM profile`)[0]!.count)).toBe(before + 1);
  await sql.end();
});

test('another card’s ID number: the precise message with a link to a card the user may open, else one generic refusal', async ({
  page,
}) => {
  const sql = db();
  // demo-shadchan may open the general database, not another shadchan's personal cards.
  const demoCard = (database: 'general' | 'personal') => sql`
    SELECT id, id_number FROM profile JOIN profile_detail ON profile_id = id
    WHERE id LIKE 'demo-%' AND id_number IS NOT NULL AND database = ${database} AND owner_id <> 'demo-shadchan'
      AND birth_date <> '2001-01-01' AND closed_at IS NULL AND deleted_at IS NULL AND state = 'active'
    ORDER BY id LIMIT 1`;
  const [open] = await demoCard('general');
  const [hidden] = await demoCard('personal');
  const cardID = await insertCard(uniqueSurname());
  await signIn(page, 'demo-shadchan');
  const idField = page.getByTestId('card-form').locator('[name=idNumber]');
  const fieldError = page.getByTestId('card-form').locator('[data-field-error]');

  // Editing a card: the number of a card the user may open names the refusal and links to that card.
  await page.goto(`/home/tickets/edit/${cardID}`);
  await idField.fill(open!.id_number);
  await page.getByTestId('card-save').click();
  await expect(fieldError).toHaveText(/תאריך הלידה אינו תואם למספר הזהות/);
  await expect(page.getByTestId('id-number-card')).toHaveAttribute('href', `/home/tickets/${open!.id}`);
  await page.screenshot({path: 'test-results/screens/card-id-number-named-he.png'});

  // The number of a card the user may not open: one refusal that says nothing of it, and no link.
  await idField.fill(hidden!.id_number);
  await page.getByTestId('card-save').click();
  await expect(fieldError).toHaveText('לא ניתן להשתמש במספר הזהות הזה. אם נראה לך שזו טעות, יש לפנות למשרד.');
  await expect(page.getByTestId('id-number-card')).toHaveCount(0);
  expect(await sql`SELECT id_number FROM profile_detail WHERE profile_id = ${cardID}`).toEqual([{id_number: null}]);
  // The office is told.
  await expect
    .poll(async () => sql`SELECT what, result FROM access_log WHERE user_id = 'demo-shadchan' AND profile_id = ${hidden!.id}`)
    .toEqual([{what: 'id-number', result: 'refused'}]);

  // A new card with it: the duplicate warning and the field say the same, with no link either.
  await page.goto('/home/tickets/new');
  await fillRequiredCardFields(page, {forename: 'אסתר', surname: uniqueSurname(), birthDate: '2002-03-04'});
  await idField.fill(hidden!.id_number);
  await page.getByTestId('card-save').click();
  await expect(page.getByTestId('duplicates')).toContainText('לא ניתן להשתמש במספר הזהות הזה');
  await expect(fieldError).toHaveText(/לא ניתן להשתמש במספר הזהות הזה/);
  await expect(page.getByTestId('id-number-card')).toHaveCount(0);
  await expect(page.getByTestId('duplicates-save')).toHaveCount(0);
  await sql.end();
});

test('temporary cards are approved in bulk, and appear for shadchanim at once', async ({browser}) => {
  const sql = db();
  const surname = uniqueSurname();
  const admin = await newSignedInPage(browser, 'demo-admin');
  const shadchan = await newSignedInPage(browser, 'demo-shadchan');
  // Three cards sent for approval (as a candidate's form would send them), and one ordinary one.
  const ids = ['א', 'ב', 'ג'].map(letter => `pending-${surname}-${letter}`);
  for (const [i, id] of ids.entries()) {
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, state, source)
              VALUES (${id}, ${'חנה' + i}, ${surname}, 'female', '2001-01-01', 'צפת', 'litvish', 'available', 'demo-coordinator', 'pending', 'candidate')`;
    await sql`INSERT INTO profile_detail (profile_id, details)
              VALUES (${id}, ${sql.json({occupation: 'מורה', suggestionsContact: 'אמא', suggestionsPhone: '+972527000000', inquiryPhones: ['+97235000000']})})`;
  }
  await shadchan.getByTestId('candidate-search').fill(surname);
  await expect(shadchan.getByTestId('candidates-empty')).toBeVisible();

  await admin.getByTestId('side-menu').locator('a[href="/temporary-profiles"]').click();
  const rows = admin.getByTestId('pending-card').filter({hasText: surname});
  await expect(rows).toHaveCount(3);
  await expect(admin.getByTestId('side-menu').locator('a[href="/temporary-profiles"]')).toContainText(/\d/);
  for (const row of await rows.all()) await row.getByTestId('pending-select').check();
  await expect(admin.getByTestId('pending-profiles')).toContainText('נבחרו 3');
  await admin.screenshot({path: 'test-results/screens/pending-he.png'});
  await admin.getByTestId('pending-approve').click();
  await expect(rows).toHaveCount(0);

  // The shadchan's list, still open, now has them.
  await expect(shadchan.getByTestId('candidate-row').filter({hasText: surname})).toHaveCount(3);
  const states = await sql`SELECT state FROM profile WHERE id IN ${sql(ids)}`;
  expect(states.map(s => s.state)).toEqual(['active', 'active', 'active']);
  await sql.end();
});

test('the new-profile screen is left alone when nothing was typed, and guarded once something was', async ({page}) => {
  const nativeDialogs: string[] = [];
  page.on('dialog', dialog => (nativeDialogs.push(dialog.message()), void dialog.dismiss()));
  await signIn(page, 'demo-coordinator');
  await createCandidate(page, {...base, surname: uniqueSurname()});
  await page.getByTestId('new-candidate').click();
  await page.locator('[name=forename]').fill('רות');
  await page.locator('[name=city]').fill('צפת');

  // The app's dialog asks; "stay" (focused) keeps the form and everything typed in it.
  const dialog = page.getByRole('dialog');
  await page.getByTestId('side-menu').locator('a[href="/home"]').click();
  await expect(dialog.getByRole('heading')).toHaveText('יש שינויים שלא נשמרו. לצאת בלי לשמור?');
  await expect(dialog.getByTestId('confirm-cancel')).toHaveText('להישאר בטופס');
  await expect(dialog.getByTestId('confirm-cancel')).toBeFocused();
  await dialog.getByTestId('confirm-cancel').click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/home\/tickets\/new$/);
  await expect(page.locator('[name=forename]')).toHaveValue('רות');
  await expect(page.locator('[name=city]')).toHaveValue('צפת');

  // Leaving without saving is the dialog's other answer.
  await page.getByTestId('save-bar').getByRole('link').click();
  await dialog.getByTestId('confirm-ok').click();
  await page.waitForURL('**/home');
  expect(nativeDialogs).toEqual([]);
});

test('over the hourly duplicate-lookup limit, saving a new card is refused with a translated message', async ({page}) => {
  const sql = db();
  // demo-admin's lookups for this hour used up (60 by default), as server/auth/rate-limit.ts counts them.
  await sql`INSERT INTO rate_limit (key, points, expire) VALUES ('duplicates:demo-admin', 60, ${Date.now() + 3_600_000})
            ON CONFLICT (key) DO UPDATE SET points = 60`;
  try {
    const before = Number((await sql`SELECT count(*) FROM profile`)[0]!.count);
    await signIn(page, 'demo-admin', 'en');
    await page.getByTestId('new-candidate').click();
    await fillRequiredCardFields(page, {...base, surname: uniqueSurname()});
    await page.getByTestId('card-save').click();
    await expect(page.getByText('Too many requests. Please try again later.')).toBeVisible();
    await expect(page).toHaveURL(/\/home\/tickets\/new/);
    expect(Number((await sql`SELECT count(*) FROM profile`)[0]!.count)).toBe(before);
  } finally {
    await sql`DELETE FROM rate_limit WHERE key = 'duplicates:demo-admin'`;
    await sql.end();
  }
});

test('a 2 MB paste is cut at the field’s limit as it lands, and the limit is said (issue 31)', async ({page}) => {
  await signIn(page, 'demo-shadchan');
  await page.goto('/home/tickets/new');
  const pasted = 'א'.repeat(2 * 1024 * 1024);
  const aboutMe = page.locator('[name=aboutMe]');
  await aboutMe.focus();
  await page.keyboard.insertText(pasted);
  // The control keeps what the field may hold (2,000 characters) and the counter says so.
  await expect(aboutMe).toHaveJSProperty('value', pasted.slice(0, 2000));
  await expect(page.getByText('2000 מתוך 2000 תווים')).toBeVisible();
  // The tab answers at once: typing elsewhere goes on as usual.
  await page.locator('[name=forename]').focus();
  await page.keyboard.insertText(pasted);
  await expect(page.locator('[name=forename]')).toHaveJSProperty('value', pasted.slice(0, 50));
  await page.locator('[name=occupation]').fill('מורה');
  await expect(page.locator('[name=occupation]')).toHaveValue('מורה');
});
