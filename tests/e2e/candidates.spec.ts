import {expect, test} from '@playwright/test';
import {createCandidate, db, insertCard, newSignedInPage, search, signIn, uniqueSurname} from './helpers.ts';

const base = {forename: 'נחמה', gender: 'female' as const, city: 'ביתר עילית', birthDate: '2003-04-12', sector: 'litvish'};

test('(a) a candidate created in one browser appears in another without a reload, and edits follow', async ({browser}) => {
  const a = await newSignedInPage(browser, 'demo-shadchan');
  const b = await newSignedInPage(browser, 'demo-coordinator');
  const surname = uniqueSurname();

  await search(b, surname);
  await expect(b.getByTestId('candidates-empty')).toBeVisible();
  const bNavigations: string[] = [];
  b.on('framenavigated', f => f === b.mainFrame() && bNavigations.push(f.url()));

  await createCandidate(a, {...base, surname});
  const rowInB = b.getByTestId('candidate-row').filter({hasText: surname});
  await expect(rowInB).toHaveCount(1);
  await expect(rowInB).toContainText('ביתר עילית');

  // A edits city and status; B sees both without reloading.
  await search(a, surname);
  await a.getByTestId('candidate-row').filter({hasText: surname}).getByTestId('edit-candidate').click();
  const form = a.getByTestId('edit-candidate-form');
  await form.locator('[name=city]').fill('צפת');
  await form.locator('[name=statusID]').selectOption('dating');
  await a.getByTestId('save-candidate').click();
  await expect(rowInB.getByTestId('candidate-city')).toHaveText('צפת');
  await expect(rowInB.getByTestId('candidate-status')).toHaveText('בפגישות');
  expect(bNavigations).toEqual([]);

  // B opens the card: its status and sector are named from the lookups, and A's next status follows live.
  await b.goto(`/home/tickets/${await rowInB.getAttribute('data-id')}`);
  await expect(b.getByTestId('card-status')).toHaveText('בפגישות');
  await expect(b.getByTestId('card-sector')).toHaveText('ליטאי');
  await a.getByTestId('candidate-row').filter({hasText: surname}).getByTestId('edit-candidate').click();
  await form.locator('[name=statusID]').selectOption('on_hold');
  await a.getByTestId('save-candidate').click();
  await expect(b.getByTestId('card-status')).toHaveText('בהמתנה');
});

test('(b) a shadchan never sees another shadchan’s personal-database candidate', async ({browser}) => {
  const owner = await newSignedInPage(browser, 'demo-shadchan');
  const other = await newSignedInPage(browser, 'demo-coordinator');
  const admin = await newSignedInPage(browser, 'demo-admin');
  const surname = uniqueSurname();
  await search(other, surname);
  await search(admin, surname);

  await createCandidate(owner, {...base, surname, personal: true});
  await search(owner, surname);
  await expect(owner.getByTestId('candidate-row').filter({hasText: surname})).toHaveCount(1);
  await expect(admin.getByTestId('candidate-row').filter({hasText: surname})).toHaveCount(1);

  // By now the row has reached every client allowed to see it; the other shadchan still has nothing.
  await expect(other.getByTestId('candidates-empty')).toBeVisible();
  await other.reload();
  await search(other, surname);
  await expect(other.getByTestId('candidates-empty')).toHaveText('לא נמצאו תוצאות');
});

test('the full name typed in either order finds the card; a word of no part of it finds nothing', async ({page}) => {
  const surname = uniqueSurname();
  const id = await insertCard(surname, {forename: 'חיה שרה'});
  await signIn(page, 'demo-coordinator');
  const row = page.locator(`[data-testid=candidate-row][data-id="${id}"]`);

  await search(page, `חיה שרה ${surname}`);
  await expect(row).toHaveCount(1);
  await search(page, `${surname} חיה`);
  await expect(row).toHaveCount(1);
  await search(page, `חַיָּה ${surname.slice(0, 7)}`); // niqqud, and the start of the surname
  await expect(row).toHaveCount(1);
  await search(page, `${surname} רבקה`);
  await expect(page.getByTestId('candidates-empty')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('(c) invalid input shows translated errors next to the fields and writes nothing', async ({page}) => {
  const sql = db();
  const before = Number((await sql`SELECT count(*) FROM profile`)[0]!.count);
  await signIn(page, 'demo-shadchan');
  await page.getByTestId('new-candidate').click();
  const form = page.getByTestId('card-form');
  await page.getByTestId('card-save').click();

  const forename = form.locator('[name=forename]');
  await expect(forename).toHaveAttribute('aria-invalid', 'true');
  const errorID = await forename.getAttribute('aria-describedby');
  await expect(page.locator(`[id="${errorID}"]`)).toHaveText('יש להזין שם');
  await expect(form.getByText('יש לבחור מגזר')).toBeVisible();
  await expect(form.getByText('יש לבחור תאריך')).toBeVisible();

  // A birth date that makes the candidate 10 years old.
  await forename.fill('אליה');
  await form.locator('[name=birthDate]').fill(`01-01-${new Date().getFullYear() - 10}`);
  await page.getByTestId('card-save').click();
  await expect(form.getByText('הגיל צריך להיות בין 16 ל-99')).toBeVisible();
  await expect(form.getByText('יש להזין שם', {exact: true})).toBeHidden();

  await page.screenshot({path: 'test-results/screens/new-candidate-errors-he.png'});
  expect(Number((await sql`SELECT count(*) FROM profile`)[0]!.count)).toBe(before);
  await sql.end();
});

test('(c) the same errors appear in English', async ({page}) => {
  await signIn(page, 'demo-shadchan', 'en');
  await page.getByTestId('new-candidate').click();
  await page.getByTestId('card-save').click();
  await expect(page.getByTestId('card-form').getByText('Enter a surname')).toBeVisible();
});

test('(d) Hebrew is the default and right-to-left; English is left-to-right and the choice persists', async ({page}) => {
  await signIn(page, 'demo-coordinator');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'he');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('מועמדים');
  await page.screenshot({path: 'test-results/screens/home-he.png'});

  await page.getByTestId('language-switcher').selectOption('en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Candidates');

  await page.reload();
  await expect(page.getByRole('heading', {level: 1})).toHaveText('Candidates');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();
  await page.screenshot({path: 'test-results/screens/home-en.png'});
});

test('a view-only shadchan gets no create or edit actions', async ({page}) => {
  await signIn(page, 'demo-viewer');
  await expect(page.getByTestId('new-candidate')).toHaveCount(0);
  await expect(page.getByTestId('edit-candidate')).toHaveCount(0);
  await expect(page.getByText('צפייה בלבד')).toBeVisible();
});
