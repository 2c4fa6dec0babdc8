import {expect, test, type Page} from '@playwright/test';
import {db, insertCard, newSignedInPage, search, uniqueSurname} from './helpers.ts';

/**
 * Two people editing one card at once (issue 11): the edit form and the list's quick edit merge what
 * the other saved, ask only about a field both changed, and never refuse a save in a loop.
 */

const detailsOf = async (id: string) => {
  const sql = db();
  const [row] = await sql`SELECT details FROM profile_detail WHERE profile_id = ${id}`;
  await sql.end();
  return row!.details as Record<string, unknown>;
};

/** The card's own page (its id is Hebrew, so the URL holds it percent-encoded). */
const onCard = (id: string) => (url: URL) => decodeURIComponent(url.pathname) === `/home/tickets/${id}`;

const openEdit = async (page: Page, id: string) => {
  await page.goto(`/home/tickets/edit/${id}`);
  await expect(page.getByTestId('card-form')).toBeVisible();
};

test('A and B edit one card: B saves the languages, A saves the workplace, and both changes are kept', async ({browser}) => {
  const id = await insertCard(uniqueSurname());
  const a = await newSignedInPage(browser, 'demo-admin');
  const b = await newSignedInPage(browser, 'demo-coordinator');
  const errors: string[] = [];
  a.on('console', msg => msg.type() === 'error' && errors.push(msg.text()));

  // 1. A and B open the edit form. 2. A changes the workplace.
  await openEdit(a, id);
  await openEdit(b, id);
  await a.locator('[name=workplace]').fill('גן ילדים');

  // 3. B changes the languages and saves.
  await b.locator('[name=languages]').fill('עברית, אנגלית');
  await b.getByTestId('card-save').click();
  await b.waitForURL(onCard(id));

  // A's form takes B's languages at once, highlighted, and keeps A's own workplace.
  await expect(a.locator('[name=languages]')).toHaveValue('עברית, אנגלית');
  await expect(a.locator('[data-merge=taken]').filter({has: a.locator('[name=languages]')})).toBeVisible();
  await expect(a.locator('[name=workplace]')).toHaveValue('גן ילדים');
  await expect(a.getByTestId('merge-conflict')).toHaveCount(0);
  await expect(a.getByTestId('card-dirty')).toHaveText('יש שינויים שלא נשמרו');

  // 4. A saves: accepted the first time, with both changes on the card.
  await a.getByTestId('card-save').click();
  await a.waitForURL(onCard(id));
  await expect(a.getByTestId('card-value-workplace')).toHaveText('גן ילדים');
  await expect(a.getByTestId('card-value-languages')).toHaveText('עברית, אנגלית');
  await expect(b.getByTestId('card-value-workplace')).toHaveText('גן ילדים');
  expect(await detailsOf(id)).toMatchObject({workplace: 'גן ילדים', languages: 'עברית, אנגלית'});
  expect(errors).toEqual([]);
});

for (const {locale, choice} of [
  {locale: 'he', choice: 'mine'},
  {locale: 'en', choice: 'theirs'},
] as const) {
  test(`a field both changed shows both values in the field and saves the one chosen (${locale}, ${choice})`, async ({
    browser,
  }) => {
    const id = await insertCard(uniqueSurname());
    const a = await newSignedInPage(browser, 'demo-admin', locale);
    const b = await newSignedInPage(browser, 'demo-coordinator', locale);
    await openEdit(a, id);
    await openEdit(b, id);
    await a.locator('[name=workplace]').fill('גן ילדים');
    await a.locator('[name=aboutMe]').fill('אוהבת טיולים');
    await b.locator('[name=workplace]').fill('ישיבה');
    await b.getByTestId('card-save').click();
    await b.waitForURL(onCard(id));

    const conflict = a.getByTestId('merge-conflict');
    await expect(conflict).toHaveCount(1);
    await expect(conflict.getByTestId('conflict-theirs')).toHaveText('ישיבה');
    await expect(conflict.getByTestId('conflict-mine')).toHaveText('גן ילדים');
    await expect(a.locator('[name=workplace]')).toHaveValue('גן ילדים');
    await conflict.scrollIntoViewIfNeeded();
    await a.screenshot({path: `test-results/screens/merge-conflict-${locale}.png`});

    // Saving before choosing says what is missing and keeps everything as typed.
    await a.getByTestId('card-save').click();
    // The save bar counts what needs a choice and jumps to the first (issue 31).
    await expect(a.getByTestId('card-dirty')).toContainText(
      locale === 'he'
        ? 'שדה אחד שונה גם על ידי משתמש אחר וממתין לבחירתך.'
        : '1 field was also changed by another user and needs your choice.',
    );
    await expect(a).toHaveURL(/\/edit\//);
    await a.locator('[name=aboutMe]').focus();
    await a.getByTestId('card-conflicts-jump').click();
    await expect(a.locator('[name=workplace]')).toBeFocused();
    // The jump brings the conflict into view, clear of the sticky save bar, at both widths.
    for (const width of [1280, 375]) {
      await a.setViewportSize({width, height: width === 1280 ? 800 : 740});
      await a.getByTestId('card-conflicts-jump').click();
      await expect(a.locator('[name=workplace]')).toBeFocused();
      await expect(async () => {
        const box = (await conflict.boundingBox())!;
        const bar = (await a.getByTestId('card-dirty').boundingBox())!;
        expect(box.y).toBeGreaterThanOrEqual(56); // below the sticky top bar
        expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
      }).toPass();
      await a.screenshot({path: `test-results/screens/merge-jump-${locale}-${width}.png`});
    }
    await a.setViewportSize({width: 1280, height: 800});

    await conflict.getByTestId(choice === 'mine' ? 'conflict-keep-mine' : 'conflict-take-theirs').click();
    await expect(a.getByTestId('merge-conflict')).toHaveCount(0);
    await a.getByTestId('card-save').click();
    await a.waitForURL(onCard(id));
    const workplace = choice === 'mine' ? 'גן ילדים' : 'ישיבה';
    await expect(a.getByTestId('card-value-workplace')).toHaveText(workplace);
    expect(await detailsOf(id)).toMatchObject({workplace, aboutMe: 'אוהבת טיולים'});
  });
}

test('the quick edit in the list merges too: B saves the city, A saves the status, both are kept', async ({browser}) => {
  const surname = uniqueSurname();
  const id = await insertCard(surname);
  const a = await newSignedInPage(browser, 'demo-admin');
  const b = await newSignedInPage(browser, 'demo-coordinator');
  await search(a, surname);
  await search(b, surname);

  await a.getByTestId('candidate-row').filter({hasText: surname}).getByTestId('edit-candidate').click();
  const formA = a.getByTestId('edit-candidate-form');
  await formA.locator('[name=statusID]').selectOption('dating');

  await b.getByTestId('candidate-row').filter({hasText: surname}).getByTestId('edit-candidate').click();
  await b.getByTestId('edit-candidate-form').locator('[name=city]').fill('טבריה');
  await b.getByTestId('save-candidate').click();
  await expect(b.getByTestId('edit-candidate-form')).toBeHidden();

  await expect(formA.locator('[name=city]')).toHaveValue('טבריה');
  await expect(formA.locator('[name=statusID]')).toHaveValue('dating');
  await a.getByTestId('save-candidate').click();
  await expect(formA).toBeHidden();
  const row = b.getByTestId('candidate-row').filter({hasText: surname});
  await expect(row.getByTestId('candidate-city')).toHaveText('טבריה');
  await expect(row.getByTestId('candidate-status')).toHaveText('בפגישות');
  const sql = db();
  const [saved] = await sql`SELECT city, status_id FROM profile WHERE id = ${id}`;
  await sql.end();
  expect(saved).toEqual({city: 'טבריה', status_id: 'dating'});
});
