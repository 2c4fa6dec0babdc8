import AxeBuilder from '@axe-core/playwright';
import {expect, test, type Page} from '@playwright/test';
import {db, expectNoSidewaysScroll, insertCard, newSignedInPage, signIn, uniqueSurname, SHOTS} from './helpers.ts';

/**
 * Saved searches (issue 14): save the list's view under a title, pin it, find it in the side menu with
 * a live count that moves when another user edits a card into the search; share a search, a
 * colleague pins it, and it leaves their menu when made private; the needs-attention preset.
 */
const LETTERS = 'אבגדהוזחטיכלמנסעפצקרשת';
/** A city no seeded card has: the search's filter reaches exactly this test's cards. */
const uniqueCity = () => 'קרית' + Array.from({length: 6}, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

async function saveSearch(page: Page, title: string, {shared = false, pin = true} = {}) {
  await page.getByTestId('save-search').click();
  const form = page.getByTestId('save-search-form');
  await form.getByTestId('save-search-title').fill(title);
  if (shared) await form.getByTestId('sharing-shared').check({force: true});
  if (!pin) await form.getByTestId('save-search-pin').click();
  await form.getByTestId('save-search-submit').click();
  await expect(form).toBeHidden();
}

test('save a search with a title, pin it, and its count in the menu follows another user’s edit', async ({browser}) => {
  test.setTimeout(90_000);
  const city = uniqueCity();
  const sql = db();
  const inSearch = await insertCard(uniqueSurname());
  const outside = await insertCard(uniqueSurname());
  await sql`UPDATE profile SET city = ${city} WHERE id = ${inSearch}`;

  const admin = await newSignedInPage(browser, 'demo-admin');
  await admin.goto(`/home?search=${encodeURIComponent(city)}`);
  await admin.getByTestId('save-search').click();
  const form = admin.getByTestId('save-search-form');
  await expect(form.getByTestId('save-search-summary')).toHaveText('מסננים בחיפוש: 1');
  // A title is required: said next to the field, and nothing is saved.
  await form.getByTestId('save-search-submit').click();
  await expect(form.locator('[data-field-error]')).toHaveText('יש להזין כותרת לחיפוש');
  await expect(form.getByTestId('save-search-title')).toBeFocused();
  const title = `בנות ${city}`;
  await form.getByTestId('save-search-title').fill(title);
  await form.getByTestId('save-search-submit').click();
  await expect(form).toBeHidden();
  const [saved] = await sql`SELECT id, filters, shared FROM saved_search WHERE title = ${title}`;
  expect(saved).toMatchObject({filters: {search: city}, shared: false});

  // Pinned (the dialog's default): in the side menu under the candidate list, and it opens the view.
  const pinned = admin.getByTestId('side-menu').getByTestId('pinned-search').filter({hasText: title});
  await expect(pinned).toBeVisible();
  await admin.getByTestId('menu-/dashboard').click();
  await admin.waitForURL('**/dashboard');
  await pinned.click();
  await admin.waitForURL(url => url.pathname === '/home' && url.searchParams.get('search') === city);
  await expect(pinned).toHaveAttribute('aria-current', 'page');

  // The live count (the REST count of the filters' part of issue 14): one card, then another user
  // edits a second card into the search and the badge moves without a reload.
  const badge = pinned.getByTestId('badge-pinned-search');
  await expect(badge).toHaveText('1');
  const coordinator = await newSignedInPage(browser, 'demo-coordinator');
  await coordinator.goto(`/home/tickets/edit/${outside}`);
  await coordinator.getByTestId('card-form').locator('[name=city]').fill(city);
  await coordinator.getByTestId('card-save').click();
  await expect.poll(async () => (await sql`SELECT city FROM profile WHERE id = ${outside}`)[0]?.city).toBe(city);
  await expect(badge).toHaveText('2');
  await sql`DELETE FROM saved_search WHERE id = ${saved!.id}`;
  await sql.end();
});

test('pinned searches keep the order the user gives them', async ({page}) => {
  const [first, second] = [`ראשון ${uniqueCity()}`, `שני ${uniqueCity()}`];
  await signIn(page, 'demo-shadchan');
  await page.goto('/home?gender=male');
  await saveSearch(page, first);
  await page.goto('/home?gender=female');
  await saveSearch(page, second);
  const menuOrder = async () =>
    (
      await page
        .getByTestId('side-menu')
        .getByTestId('pinned-search')
        .evaluateAll(links => links.map(link => link.getAttribute('title')))
    ) // the title, without its count badge
      .filter(t => t === first || t === second);
  await expect.poll(menuOrder).toEqual([first, second]);

  await page.goto('/home/saved-searches');
  await page.getByTestId('pin-order-row').filter({hasText: second}).getByTestId('pin-move-up').click();
  await expect.poll(menuOrder).toEqual([second, first]);
  await expect(page.getByTestId('pin-order-row').first()).toContainText(second);

  // Its filters are edited by saving the list's view over it: same search, same pin, new filters.
  await page.goto('/home?gender=female&ageFrom=25');
  await page.getByTestId('save-search').click();
  const form = page.getByTestId('save-search-form');
  const over = await form.getByTestId('save-search-replace').locator('option', {hasText: first}).getAttribute('value');
  await form.getByTestId('save-search-replace').selectOption(over!);
  await expect(form.getByTestId('save-search-title')).toHaveValue(first);
  await expect(form.getByTestId('save-search-pin')).toHaveCount(0);
  await form.getByTestId('save-search-submit').click();
  await expect(form).toBeHidden();
  const sql = db();
  expect(await sql`SELECT filters FROM saved_search WHERE id = ${over!}`).toEqual([{filters: {gender: 'female', ageFrom: 25}}]);
  await page.goto('/home/saved-searches');
  await expect.poll(menuOrder).toEqual([second, first]);

  // Unpinned from the screen: it leaves the menu and the order, and stays saved.
  await page.getByTestId('saved-search-row').filter({hasText: second}).getByTestId('saved-search-pin').click();
  await expect.poll(menuOrder).toEqual([first]);
  await expect(page.getByTestId('saved-search-row').filter({hasText: second})).toHaveCount(1);
  await sql`DELETE FROM saved_search WHERE owner_id = 'demo-shadchan' AND title IN (${first}, ${second})`;
  await sql.end();
});

test('a shared search: a colleague pins it, loses it when it is made private; deleting asks first', async ({browser}) => {
  test.setTimeout(90_000);
  const title = `משותף ${uniqueCity()}`;
  const admin = await newSignedInPage(browser, 'demo-admin');
  await admin.goto('/home?gender=female&openNow=true');
  await saveSearch(admin, title, {shared: true, pin: false});
  await expect(admin.getByTestId('pinned-search').filter({hasText: title})).toHaveCount(0);

  const colleague = await newSignedInPage(browser, 'demo-coordinator');
  await colleague.goto('/home/saved-searches');
  const row = colleague.getByTestId('saved-searches-theirs').getByTestId('saved-search-row').filter({hasText: title});
  await expect(row).toContainText('רחל אדלר');
  // Another's search: pin it, but neither edit nor delete it.
  await expect(row.getByTestId('saved-search-edit')).toHaveCount(0);
  await expect(row.getByTestId('saved-search-delete')).toHaveCount(0);
  await row.getByTestId('saved-search-pin').click();
  const theirPin = colleague.getByTestId('pinned-search').filter({hasText: title});
  await expect(theirPin).toBeVisible();

  // The owner renames it and makes it private: it leaves the colleague's screen and menu, live.
  await admin.goto('/home/saved-searches');
  const mine = admin.getByTestId('saved-searches-mine').getByTestId('saved-search-row').filter({hasText: title});
  await mine.getByTestId('saved-search-edit').click();
  const edit = admin.getByTestId('saved-search-edit-form');
  await edit.getByTestId('saved-search-edit-title').fill('');
  await edit.getByTestId('saved-search-edit-submit').click();
  await expect(edit.locator('[data-field-error]')).toHaveText('יש להזין כותרת לחיפוש');
  const renamed = `${title} פרטי`;
  await edit.getByTestId('saved-search-edit-title').fill(renamed);
  await edit.getByTestId('sharing-private').check({force: true});
  await expect(edit).toContainText('עמיתים שנעצו את החיפוש יאבדו אותו מהתפריט.');
  await edit.getByTestId('saved-search-edit-submit').click();
  await expect(edit).toBeHidden();
  await expect(theirPin).toHaveCount(0);
  await expect(colleague.getByTestId('saved-search-row').filter({hasText: title})).toHaveCount(0);

  // Deleting asks first; cancelled, it stays.
  const renamedRow = admin.getByTestId('saved-search-row').filter({hasText: renamed});
  await renamedRow.getByTestId('saved-search-delete').click();
  await admin.getByTestId('confirm-cancel').click();
  await expect(renamedRow).toHaveCount(1);
  await renamedRow.getByTestId('saved-search-delete').click();
  await admin.getByTestId('confirm-ok').click();
  await expect(renamedRow).toHaveCount(0);
});

test('the needs-attention preset: each shadchan’s most neglected open cards, and pinned to the menu', async ({page}) => {
  await signIn(page, 'demo-admin');
  await page.goto('/home/saved-searches');
  const preset = page.getByTestId('needs-attention-preset');
  await preset.getByTestId('needs-attention-days').fill('');
  await preset.getByTestId('needs-attention-open').click();
  await expect(preset.locator('[data-field-error]')).toHaveText('יש להזין מספר ימים');
  await preset.getByTestId('needs-attention-days').fill('45');
  await preset.getByTestId('needs-attention-open').click();
  await page.waitForURL(url => url.pathname === '/home/needs-attention' && url.searchParams.get('days') === '45');

  const groups = page.getByTestId('needs-attention-group');
  await expect(groups.first()).toBeVisible();
  for (const group of await groups.all()) {
    const cards = await group.getByTestId('needs-attention-card').count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(5);
  }
  await page.screenshot({path: `${SHOTS}/saved-needs-attention-he-1280.png`});
  await page.getByTestId('needs-attention-pin').click();
  const pinned = page.getByTestId('pinned-search').filter({hasText: 'דורשים תשומת לב (45 ימים)'});
  await expect(pinned).toBeVisible();
  await page.goto('/home');
  await pinned.click();
  await page.waitForURL(url => url.pathname === '/home/needs-attention' && url.searchParams.get('days') === '45');
  const sql = db();
  await sql`DELETE FROM saved_search WHERE owner_id = 'demo-admin' AND view = 'needsAttention'`;
  await sql.end();
});

for (const locale of ['he', 'en'] as const) {
  test(`screens (${locale}): the save dialog and a pinned search in the menu, at 1280 and 375 px`, async ({page}) => {
    await signIn(page, 'demo-admin', locale);
    const title = locale === 'he' ? 'בנות 21–24 פתוחות, בני ברק' : 'Girls 21–24, open, Bnei Brak';
    await page.goto('/home?gender=female&ageFrom=21&ageTo=24&openNow=true');
    await page.getByTestId('save-search').click();
    await page.getByTestId('save-search-title').fill(title);
    const axe = await new AxeBuilder({page}).include('[role=dialog]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.flatMap(v => v.nodes.map(n => `${v.id}: ${n.html} ${n.failureSummary}`))).toEqual([]);
    await page.screenshot({path: `${SHOTS}/saved-dialog-${locale}-1280.png`});
    await page.setViewportSize({width: 375, height: 800});
    await expectNoSidewaysScroll(page);
    await page.screenshot({path: `${SHOTS}/saved-dialog-${locale}-375.png`});
    await page.getByTestId('save-search-submit').click();
    await expect(page.getByTestId('save-search-form')).toBeHidden();

    await page.getByTestId('menu-drawer-open').click();
    await expect(page.getByTestId('menu-drawer').getByTestId('pinned-search').filter({hasText: title})).toBeVisible();
    await page.screenshot({path: `${SHOTS}/saved-menu-${locale}-375.png`});
    await page.keyboard.press('Escape');
    await page.goto('/home/saved-searches');
    await expect(page.getByTestId('saved-search-row').filter({hasText: title})).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({path: `${SHOTS}/saved-screen-${locale}-375.png`, fullPage: true});
    await page.setViewportSize({width: 1280, height: 800});
    await expect(page.getByTestId('side-menu').getByTestId('pinned-search').filter({hasText: title})).toBeVisible();
    await page.screenshot({path: `${SHOTS}/saved-screen-${locale}-1280.png`});
    const sql = db();
    await sql`DELETE FROM saved_search WHERE owner_id = 'demo-admin' AND title = ${title}`;
    await sql.end();
  });
}
