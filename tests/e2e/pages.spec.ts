import {expect, test, type Page} from '@playwright/test';
import {nanoid} from 'nanoid';
import {db, expectNoSidewaysScroll, newSignedInPage, seriousViolations, signIn, SHOTS} from './helpers.ts';

/**
 * Staff pages and folders (issue 17): a folder and a page made through the screens, with Hebrew rich
 * text from the toolbar; a colleague reads it and sees each save live, without a reload; an editor with
 * unsaved typing is told of another's save and keeps the draft; a private folder's page is "not found"
 * to anyone else; screenshots of the folders, a page and its editor in he and en at 1280 and 375 px.
 */

/** Types into the page's editor at its end, as a user does. */
async function typeInEditor(page: Page, text: string) {
  const editor = page.getByTestId('page-editor');
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('a page written in one browser shows in another live; an editor’s unsaved draft is not overwritten', async ({browser}) => {
  test.setTimeout(120_000);
  const sql = db();
  const folderName = `נהלים ${nanoid(5)}`;
  const admin = await newSignedInPage(browser, 'demo-admin');
  await admin.goto('/pages');

  // A shared folder: its name is required, said next to the field.
  await admin.getByTestId('new-folder').click();
  const folderForm = admin.getByTestId('folder-form');
  await folderForm.getByTestId('folder-submit').click();
  await expect(folderForm.locator('[data-field-error]')).toHaveText('יש להזין שם לתיקייה');
  await folderForm.getByTestId('folder-name').fill(folderName);
  await folderForm.getByTestId('sharing-shared').check({force: true});
  await folderForm.getByTestId('folder-submit').click();
  await expect(folderForm).toBeHidden();
  const folder = admin.getByTestId('folders-mine').getByTestId('folder').filter({hasText: folderName});
  await expect(folder).toContainText('משותף');

  // A page in it: a title, then its editor; a heading, bold words and a list from the toolbar.
  await folder.getByTestId('new-page').click();
  await admin.getByTestId('new-page-title').fill('הנחיות לפגישה ראשונה');
  await admin.getByTestId('new-page-submit').click();
  await admin.waitForURL(url => url.pathname.startsWith('/pages/'));
  const pageID = decodeURIComponent(new URL(admin.url()).pathname.split('/').at(-1)!);
  await admin.getByTestId('page-editor').click();
  await admin.getByTestId('tool-heading').click();
  await admin.keyboard.type('לפני הפגישה');
  await admin.keyboard.press('Enter');
  // Each toggle shows as pressed or not before the next words are typed (the toolbar follows the editor).
  await admin.getByTestId('tool-bold').click();
  await expect(admin.getByTestId('tool-bold')).toHaveAttribute('aria-pressed', 'true');
  await admin.keyboard.type('חשוב:');
  await admin.getByTestId('tool-bold').click();
  await expect(admin.getByTestId('tool-bold')).toHaveAttribute('aria-pressed', 'false');
  await admin.keyboard.type(' לברר את הפרטים מראש.');
  await admin.keyboard.press('Enter');
  await admin.getByTestId('tool-bullets').click();
  await admin.keyboard.type('לשוחח עם ההורים');
  await admin.keyboard.press('Enter');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type('Call the parents first. Guide: ');
  // A link: an address that is none is refused by the field; a bare domain becomes an https link.
  await admin.getByTestId('tool-link').click();
  await admin.getByTestId('link-address').fill('not an address');
  await admin.getByTestId('link-submit').click();
  await expect(admin.getByTestId('link-form').locator('[data-field-error]')).toHaveText('כתובת לא תקינה');
  await admin.getByTestId('link-address').fill('example.org/guide');
  await admin.getByTestId('link-submit').click();
  await expect(admin.getByTestId('link-form')).toBeHidden();
  await admin.getByTestId('page-save').click();
  await expect(admin.getByTestId('page-text')).toContainText('לפני הפגישה');

  // Stored as the editor's JSON (never HTML), as the server validated it.
  const [stored] = await sql`SELECT c.content FROM page_content c WHERE c.page_id = ${pageID}`;
  const nodes = (stored!.content as {content: {type: string}[]}).content.map(n => n.type);
  expect(nodes.slice(0, 3)).toEqual(['heading', 'paragraph', 'bulletList']);
  expect(JSON.stringify(stored!.content)).toContain('"bold"');

  // A colleague reads the shared page, each line in its own direction; it is not theirs to edit.
  const reader = await newSignedInPage(browser, 'demo-coordinator');
  await reader.goto('/pages');
  await reader.getByTestId('folders-theirs').getByTestId('folder').filter({hasText: folderName}).getByTestId('page-link').click();
  const text = reader.getByTestId('page-text');
  await expect(text.locator('h2')).toHaveText('לפני הפגישה');
  await expect(text.locator('strong')).toHaveText('חשוב:');
  const direction = (line: string) => text.locator('p', {hasText: line}).evaluate(p => getComputedStyle(p).direction);
  expect(await direction('לברר את הפרטים')).toBe('rtl');
  expect(await direction('Call the parents')).toBe('ltr');
  await expect(text.locator('a')).toHaveAttribute('href', 'https://example.org/guide');
  await expect(reader.getByTestId('page-edit')).toHaveCount(0);

  // The writer saves again: the reader's page follows without a reload.
  await admin.getByTestId('page-edit').click();
  await typeInEditor(admin, ' עודכן בשנית');
  await admin.getByTestId('page-save').click();
  await expect(text).toContainText('עודכן בשנית');
  await expect(reader.getByTestId('page-meta')).toContainText('רחל אדלר');

  // The same page open in a second editor with unsaved typing: another save there does not replace it.
  const second = await browser.newContext();
  const draft = await second.newPage();
  await signIn(draft, 'demo-admin');
  await draft.goto(`/pages/${pageID}`);
  await draft.getByTestId('page-edit').click();
  await typeInEditor(draft, ' טיוטה שלי');
  await admin.getByTestId('page-edit').click();
  await typeInEditor(admin, ' ועוד שינוי');
  await admin.getByTestId('page-save').click();
  await expect(text).toContainText('ועוד שינוי');
  await expect(draft.getByTestId('page-overtaken')).toContainText('רחל אדלר');
  await expect(draft.getByTestId('page-editor')).toContainText('טיוטה שלי');
  await expect(draft.getByTestId('page-editor')).not.toContainText('ועוד שינוי');
  // The writer keeps the draft: their save then lays it over the other, and the reader sees it.
  await draft.getByTestId('page-keep-mine').click();
  await draft.getByTestId('page-save').click();
  await expect(text).toContainText('טיוטה שלי');
  await expect(text).not.toContainText('ועוד שינוי');
  await second.close();

  await sql`DELETE FROM page_folder WHERE name = ${folderName}`;
  await sql.end();
});

test('a private folder’s page is not found for anyone else, even by its address', async ({browser}) => {
  const sql = db();
  const folderID = `e2e-private-${nanoid(6)}`;
  const pageID = `e2e-private-page-${nanoid(6)}`;
  await sql`INSERT INTO page_folder (id, owner_id, name, shared) VALUES (${folderID}, 'demo-shadchan', 'טיוטות פרטיות', false)`;
  await sql`INSERT INTO page (id, folder_id, title, created_by, updated_by) VALUES (${pageID}, ${folderID}, 'סוד', 'demo-shadchan', 'demo-shadchan')`;
  await sql`INSERT INTO page_content (page_id, content) VALUES (${pageID}, ${sql.json({type: 'doc', content: [{type: 'paragraph', content: [{type: 'text', text: 'תוכן פרטי'}]}]})})`;

  const owner = await newSignedInPage(browser, 'demo-shadchan');
  await owner.goto(`/pages/${pageID}`);
  await expect(owner.getByTestId('page-text')).toHaveText('תוכן פרטי');

  const other = await newSignedInPage(browser, 'demo-admin');
  await other.goto(`/pages/${pageID}`);
  await expect(other.getByTestId('page-not-found')).toBeVisible();
  await expect(other.getByText('תוכן פרטי')).toHaveCount(0);
  await other.goto('/pages');
  await expect(other.getByTestId('folders-page')).toBeVisible();
  await expect(other.getByTestId('folder').filter({hasText: 'טיוטות פרטיות'})).toHaveCount(0);
  await sql`DELETE FROM page_folder WHERE id = ${folderID}`;
  await sql.end();
});

/** A shared folder of guidelines and a private one, with a page of Hebrew and English lines, for the screenshots. */
async function seedScreens(locale: 'he' | 'en') {
  const sql = db();
  const suffix = nanoid(5);
  const he = locale === 'he';
  const shared = `e2e-shot-shared-${suffix}`;
  const drafts = `e2e-shot-drafts-${suffix}`;
  const pageID = `e2e-shot-page-${suffix}`;
  const p = (text: string) => ({type: 'paragraph', content: [{type: 'text', text}]});
  const li = (text: string) => ({type: 'listItem', content: [p(text)]});
  const content = {
    type: 'doc',
    content: he
      ? [
          {type: 'heading', attrs: {level: 2}, content: [{type: 'text', text: 'לפני ההצעה'}]},
          {
            type: 'paragraph',
            content: [
              {type: 'text', marks: [{type: 'bold'}], text: 'חשוב: '},
              {type: 'text', text: 'לברר את פרטי המשפחה ולוודא שהכרטיס מעודכן לפני כל שיחה עם ההורים.'},
            ],
          },
          {
            type: 'bulletList',
            content: [li('לשוחח עם שני הצדדים'), li('לרשום פעילות במערכת'), li('לקבוע מועד למעקב')],
          },
          {type: 'blockquote', content: [p('"מי שמצא אישה מצא טוב"')]},
          p('English note: call the office for the training schedule.'),
        ]
      : [
          {type: 'heading', attrs: {level: 2}, content: [{type: 'text', text: 'Before a suggestion'}]},
          {
            type: 'paragraph',
            content: [
              {type: 'text', marks: [{type: 'bold'}], text: 'Important: '},
              {
                type: 'text',
                text: 'check the family details and make sure the card is up to date before every call with the parents.',
              },
            ],
          },
          {
            type: 'bulletList',
            content: [li('Speak with both sides'), li('Record an activity'), li('Set a follow-up date')],
          },
          {type: 'blockquote', content: [p('מי שמצא אישה מצא טוב')]},
          p('A Hebrew line reads right to left: ההדרכה הבאה ביום שלישי.'),
        ],
  };
  await sql`INSERT INTO page_folder (id, owner_id, name, shared) VALUES
            (${shared}, 'demo-admin', ${he ? 'הנחיות המשרד' : 'Office guidelines'}, true),
            (${drafts}, 'demo-admin', ${he ? 'טיוטות' : 'Drafts'}, false)`;
  await sql`INSERT INTO page (id, folder_id, title, created_by, updated_by) VALUES
            (${pageID}, ${shared}, ${he ? 'הנחיות לשיחה ראשונה' : 'Guidelines for a first call'}, 'demo-admin', 'demo-admin'),
            (${pageID + '-2'}, ${shared}, ${he ? 'תבנית הודעה להורים' : 'Message template for parents'}, 'demo-admin', 'demo-admin'),
            (${pageID + '-3'}, ${drafts}, ${he ? 'רעיונות להדרכה' : 'Training ideas'}, 'demo-admin', 'demo-admin')`;
  await sql`INSERT INTO page_content (page_id, content) VALUES (${pageID}, ${sql.json(content)})`;
  return {
    pageID,
    cleanup: async () => {
      await sql`DELETE FROM page_folder WHERE id IN (${shared}, ${drafts})`;
      await sql.end();
    },
  };
}

for (const locale of ['he', 'en'] as const) {
  test(`screens (${locale}): the folders, a page and its editor at 1280 and 375 px`, async ({page}) => {
    test.setTimeout(90_000);
    const {pageID, cleanup} = await seedScreens(locale);
    await signIn(page, 'demo-admin', locale);
    for (const width of [1280, 375]) {
      await page.setViewportSize({width, height: 900});
      await page.goto('/pages');
      await expect(page.getByTestId('folder').first()).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({path: `${SHOTS}/pages-folders-${locale}-${width}.png`, fullPage: true});

      await page.goto(`/pages/${pageID}`);
      await expect(page.getByTestId('page-text').locator('li')).toHaveCount(3);
      // Each block reads its own way whatever the interface: the list and quote as their text, markers and bar included.
      const direction = (selector: string) =>
        page
          .getByTestId('page-text')
          .locator(selector)
          .first()
          .evaluate(e => getComputedStyle(e).direction);
      expect(await direction(':scope > ul')).toBe(locale === 'he' ? 'rtl' : 'ltr');
      expect(await direction(':scope > blockquote')).toBe('rtl');
      if (locale === 'he') expect(await direction(':scope > p:last-child')).toBe('ltr');
      await expectNoSidewaysScroll(page);
      await page.screenshot({path: `${SHOTS}/pages-view-${locale}-${width}.png`, fullPage: true});

      await page.getByTestId('page-edit').click();
      await expect(page.getByTestId('page-editor')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({path: `${SHOTS}/pages-edit-${locale}-${width}.png`, fullPage: true});
      if (width === 1280) expect(await seriousViolations(page)).toEqual([]);
      await page.getByTestId('page-cancel').click();
    }
    await cleanup();
  });
}
