import {expect, test, type Page} from '@playwright/test';
import {
  db,
  expectNoSidewaysScroll,
  localIsoDate,
  typeDate,
  newSignedInPage,
  search,
  seriousViolations,
  signIn,
  uniqueSurname,
} from './helpers.ts';

/**
 * The candidate search (issue 14): the folded search box, the preset filters as chips kept in the URL
 * (a link reproduces the view for another user), and the free filter builder for freeFiltering alone.
 */

type Card = {key: string; forename?: string; birthYearsAgo: number; city?: string; sector?: string; height?: number};

/** Cards of this test's own surname, owned by the coordinator (whom the admin sees too); returns their ids by key. */
async function insertCards(surname: string, cards: Card[]) {
  const sql = db();
  const ids: Record<string, string> = {};
  const year = new Date().getFullYear();
  for (const c of cards) {
    const id = `e2e-${surname}-${c.key}`;
    ids[c.key] = id;
    await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
              VALUES (${id}, ${c.forename ?? 'לאה'}, ${surname}, 'female', ${`${year - c.birthYearsAgo}-01-01`},
                      ${c.city ?? 'צפת'}, ${c.sector ?? 'litvish'}, 'available', 'demo-coordinator')`;
    await sql`INSERT INTO profile_detail (profile_id, details)
              VALUES (${id}, ${sql.json({
                occupation: 'מורה',
                suggestionsContact: 'אמא',
                suggestionsPhone: '+972527000000',
                inquiryPhones: ['+97235000000'],
                ...(c.height ? {height: c.height} : {}),
              })})`;
  }
  await sql.end();
  return ids;
}

const rowOf = (page: Page, id: string) => page.locator(`[data-testid=candidate-row][data-id="${id}"]`);
const chips = (page: Page) => page.getByTestId('filter-chip');

test('the search box finds a name whatever its final letters and niqqud, as the user types, and keeps it in the URL', async ({
  page,
}) => {
  // A surname ending in final letters (…צמן), a forename with one (מרים).
  const surname = `${uniqueSurname()}צמן`;
  const stem = surname.slice(0, -3);
  const {card} = await insertCards(surname, [{key: 'card', forename: 'מרים', birthYearsAgo: 25}]);
  await signIn(page, 'demo-coordinator');
  const row = rowOf(page, card!);

  // Final letters typed as ordinary ones, and an ordinary letter typed as a final one.
  await search(page, `${stem}צמנ`);
  await expect(row).toHaveCount(1);
  await search(page, `${stem}ץ`);
  await expect(row).toHaveCount(1);
  // The forename with niqqud, and with its final letter typed as an ordinary one, beside the surname.
  await search(page, `מִרְיָם ${stem}`);
  await expect(row).toHaveCount(1);
  await search(page, `מרימ ${stem}צ`);
  await expect(row).toHaveCount(1);
  // The text reaches the URL once typing pauses, and a reload shows the same search.
  await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(`מרימ ${stem}צ`);
  await page.reload();
  await expect(page.getByTestId('candidate-search')).toHaveValue(`מרימ ${stem}צ`);
  await expect(row).toHaveCount(1);
  // A letter that is not in the name finds nothing.
  await search(page, `${stem}ק`);
  await expect(page.getByTestId('candidates-empty')).toBeVisible();
});

test('three filters are three chips; the URL opened by another user shows the same chips and cards; removing a chip widens the list', async ({
  page,
  browser,
}) => {
  const surname = uniqueSurname();
  const ids = await insertCards(surname, [
    {key: 'match', birthYearsAgo: 23, city: 'צפת', sector: 'litvish'},
    {key: 'older', birthYearsAgo: 31, city: 'צפת', sector: 'litvish'},
    {key: 'elsewhere', birthYearsAgo: 22, city: 'חיפה', sector: 'litvish'},
    {key: 'chassidish', birthYearsAgo: 22, city: 'צפת', sector: 'chassidish'},
  ]);
  await signIn(page, 'demo-admin');
  await search(page, surname);
  await expect(page.getByTestId('candidate-row')).toHaveCount(4);

  await page.getByTestId('filter-panel-open').click();
  const panel = page.getByTestId('filter-panel');
  await panel.getByTestId('filter-age-from').fill('21');
  await panel.getByTestId('filter-age-to').fill('24');
  await panel.getByTestId('filter-sectors').getByLabel('ליטאי').check();
  await panel.getByTestId('filter-cities-input').fill('צפת');
  await panel.getByTestId('filter-cities-input').press('Enter');
  await panel.getByTestId('filter-panel-done').click();
  await expect(panel).toBeHidden();

  await expect(chips(page)).toHaveText(['גיל: 21–24', 'מגזר: ליטאי', 'עיר: צפת']);
  await expect(page.getByTestId('filter-panel-open')).toHaveText('סינון (3)');
  await expect(page.getByTestId('candidate-row')).toHaveCount(1);
  await expect(rowOf(page, ids.match!)).toHaveCount(1);
  const url = page.url();
  expect(new URL(url).searchParams.get('ageFrom')).toBe('21');
  expect(new URL(url).searchParams.get('ageTo')).toBe('24');

  // Another user opens the same link: the same chips, the same card.
  const other = await newSignedInPage(browser, 'demo-coordinator');
  await other.goto(url);
  await expect(chips(other)).toHaveText(['גיל: 21–24', 'מגזר: ליטאי', 'עיר: צפת']);
  await expect(other.getByTestId('candidate-search')).toHaveValue(surname);
  await expect(other.getByTestId('candidate-row')).toHaveCount(1);
  await expect(rowOf(other, ids.match!)).toHaveCount(1);

  // Removing the age chip brings the older card back, and the URL forgets the age.
  await chips(page).filter({hasText: 'גיל'}).getByTestId('filter-chip-remove').click();
  await expect(chips(page)).toHaveText(['מגזר: ליטאי', 'עיר: צפת']);
  await expect(page).not.toHaveURL(/ageFrom|ageTo/);
  await expect(page.getByTestId('candidate-row')).toHaveCount(2);
  await expect(rowOf(page, ids.older!)).toHaveCount(1);
  // Back puts the chip (and the narrower list) back.
  await page.goBack();
  await expect(chips(page)).toHaveCount(3);
  await expect(page.getByTestId('candidate-row')).toHaveCount(1);
  // "Clear all" leaves the search text alone.
  await page.getByTestId('filter-chips-clear').click();
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByTestId('candidate-row')).toHaveCount(4);
  await expect(page.getByTestId('candidate-search')).toHaveValue(surname);
});

test('every control of the panel writes its filter into the URL as a chip in words, and a reload reads them back', async ({
  page,
}) => {
  await signIn(page, 'demo-admin');
  await page.getByTestId('filter-panel-open').click();
  const panel = page.getByTestId('filter-panel');
  await panel.getByTestId('filter-gender').selectOption('male');
  await panel.getByTestId('filter-database').selectOption('personal');
  await panel.getByTestId('filter-marital-statuses').getByLabel('רווק/ה').check();
  await panel.getByTestId('filter-marital-statuses').getByLabel('גרוש/ה').check();
  await panel.getByTestId('filter-states').getByLabel('מאורס/ת').check();
  await panel.getByTestId('filter-height-from').fill('170');
  await panel.getByTestId('filter-owners').getByLabel('יעקב כץ').check();
  await panel.getByTestId('filter-open-now').click();
  await panel.getByTestId('filter-no-suggestion').click();
  await panel.getByTestId('filter-added-range').selectOption('month');
  await panel.getByTestId('filter-updated-range').selectOption('custom');
  const from = localIsoDate(-10);
  await typeDate(panel.locator('#filter-updated-from'), from);
  await panel.getByTestId('filter-activity').selectOption('lastThreeMonths');
  await panel.getByTestId('filter-idle-days').fill('45');
  // A value out of bounds says why beside the field and is not applied.
  await panel.getByTestId('filter-age-from').fill('12');
  await panel.getByTestId('filter-age-from').blur();
  await expect(panel.getByTestId('filter-age').locator('[data-field-error]')).toHaveText('יש להזין מספר שלם בין 16 ל־99');
  await panel.getByTestId('filter-panel-done').click();

  const [y, mo, d] = from.split('-');
  const expected = [
    'מין: זכר',
    'מצב משפחתי: רווק/ה, גרוש/ה',
    'מצב הכרטיס: מאורס/ת',
    'מאגר: מאגר אישי',
    'גובה: מ־170',
    'שדכן/ית אחראי/ת: יעקב כץ',
    'פתוח להצעות כעת',
    'תאריך הוספה: בחודש האחרון',
    `תאריך עדכון: מ־${d}-${mo}-${y}`,
    'פעילות: בשלושת החודשים האחרונים',
    'ללא פעילות 45 ימים',
    'חצי שנה ללא הצעות',
  ];
  await expect(chips(page)).toHaveText(expected);
  await expect(page).not.toHaveURL(/ageFrom/);
  await page.reload();
  await expect(chips(page)).toHaveText(expected);
  const url = new URL(page.url()).searchParams;
  expect(JSON.parse(url.get('updated')!)).toEqual({range: 'custom', from});
  expect(JSON.parse(url.get('maritalStatuses')!)).toEqual(['single', 'divorced']);
});

test('a mistyped link opens the list with what it got right', async ({page}) => {
  await signIn(page, 'demo-coordinator');
  await page.goto('/home?ageFrom=abc&ageTo=24&sectors=litvish&gender=other&free={"join":1}&sort=nope');
  await expect(chips(page)).toHaveText(['גיל: עד 24', 'מגזר: ליטאי']);
  await expect(page.getByTestId('free-filter-open')).toHaveCount(0);
});

test('the free filter builder: absent without freeFiltering; an admin builds a condition, fixes an error beside the field, and reopens it from its chip', async ({
  page,
  browser,
}) => {
  const viewer = await newSignedInPage(browser, 'demo-viewer');
  await expect(viewer.getByTestId('filter-panel-open')).toBeVisible();
  await expect(viewer.getByTestId('free-filter-open')).toHaveCount(0);

  const surname = uniqueSurname();
  const ids = await insertCards(surname, [
    {key: 'tall', birthYearsAgo: 24, height: 178},
    {key: 'short', birthYearsAgo: 24, height: 158},
  ]);
  await signIn(page, 'demo-admin');
  await search(page, surname);
  await expect(page.getByTestId('candidate-row')).toHaveCount(2);

  await page.getByTestId('free-filter-open').click();
  const builder = page.getByTestId('free-builder');
  const condition = builder.getByTestId('free-condition').first();
  await condition.getByTestId('free-field').selectOption('height');
  await condition.getByTestId('free-op').selectOption('gte');
  await condition.getByTestId('free-value').fill('999');
  await builder.getByTestId('free-apply').click();
  await expect(condition.locator('[data-field-error]')).toHaveText('יש להזין מספר שלם בין 120 ל־230');
  await expect(condition.getByTestId('free-value')).toBeFocused();
  await condition.getByTestId('free-value').fill('170');
  await builder.getByTestId('free-apply').click();
  await expect(builder).toBeHidden();

  await expect(chips(page)).toHaveText(['סינון חופשי – תנאים: 1']);
  await expect(page).toHaveURL(/free=/);
  await expect(page.getByTestId('candidate-row')).toHaveCount(1);
  await expect(rowOf(page, ids.tall!)).toHaveCount(1);

  // The chip reopens the builder with the condition as it was.
  await page.getByTestId('free-chip-open').click();
  await expect(builder.getByTestId('free-value')).toHaveValue('170');
  await expect(builder.getByTestId('free-field')).toHaveValue('height');
  await builder.getByTestId('free-remove-all').click();
  await expect(chips(page)).toHaveCount(0);
  await expect(page.getByTestId('candidate-row')).toHaveCount(2);
});

// Axe at the desktop width (as a11y.spec.ts does); the phone's width for the fit.
for (const [locale, width] of [
  ['he', 375],
  ['he', 1280],
  ['en', 1280],
] as const) {
  test(`the search, the panel, the chips and the free builder fit the screen and pass axe (${locale}, ${width} px)`, async ({
    page,
  }) => {
    const axe = async (what: string) => width >= 1280 && expect(await seriousViolations(page), what).toEqual([]);
    await page.setViewportSize({width, height: 780});
    await signIn(page, 'demo-admin', locale);
    await page.goto(
      '/home?ageFrom=21&ageTo=24&sectors=["litvish","chassidish","sephardi"]&cities=["בני ברק","ירושלים","פתח תקווה"]&openNow=true' +
        '&free={"join":"and","items":[{"field":"height","op":"gte","value":165}]}',
    );
    await expect(chips(page)).toHaveCount(5);
    await expectNoSidewaysScroll(page, 'the list with chips');
    await axe('the list with chips');

    await page.getByTestId('filter-panel-open').click();
    const panel = page.getByTestId('filter-panel');
    await expect(panel).toBeVisible();
    await expectNoSidewaysScroll(page, 'the filter panel');
    expect((await panel.boundingBox())!.width).toBeLessThanOrEqual(width);
    await axe('the filter panel');
    await page.getByTestId('filter-panel-done').click();

    await page.getByTestId('free-chip-open').click();
    const builder = page.getByTestId('free-builder');
    await expect(builder.getByTestId('free-value')).toHaveValue('165');
    await builder.getByTestId('free-add-group').click();
    await builder.getByTestId('free-apply').click();
    await expect(builder.locator('[data-field-error]')).toHaveCount(1);
    await expectNoSidewaysScroll(page, 'the free filter builder');
    await axe('the free filter builder');
  });
}
