import {expect, test, type Page} from '@playwright/test';
import {SHOTS, db, expectNoSidewaysScroll, insertCard, newSignedInPage, phoneSignIn, uniqueSurname} from './helpers.ts';

/**
 * Chats (issue 17): a message reaches the other member live, with the menu's badge and the shell's
 * notice counting it until the conversation is opened; the card's side panel, whose conversation
 * shows the card only to those who may see it; and the forum's unread popup at the end of sign-in.
 */

/** The conversation as a user sees it, at a desktop and a phone's width. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({width: 1280, height: 800});
  await expect(page.getByTestId('chat-message').first()).toBeVisible();
  await page.screenshot({path: `${SHOTS}/${name}-1280.png`});
  await page.setViewportSize({width: 375, height: 760});
  await expect(page.getByTestId('conversation')).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({path: `${SHOTS}/${name}-375.png`});
  await page.setViewportSize({width: 1280, height: 800});
}

const unreadIn = async (text: string) => {
  const sql = db();
  const rows = await sql<{user_id: string; unread_count: number}[]>`
    SELECT m.user_id, m.unread_count FROM chat_member m JOIN chat_message x ON x.chat_id = m.chat_id
    WHERE x.body = ${text} ORDER BY m.user_id`;
  await sql.end();
  return Object.fromEntries(rows.map(r => [r.user_id, r.unread_count]));
};

test('a chat message reaches the other member live, with an unread badge that clears when she opens it', async ({browser}) => {
  const text = `שלום מרים, יש לי הצעה ${Date.now()}`;
  const yaakov = await newSignedInPage(browser, 'demo-shadchan');
  const miriam = await newSignedInPage(browser, 'demo-coordinator', 'en');
  const menuBadge = miriam.getByTestId('side-menu').getByTestId('badge-chats');
  await expect(miriam.getByTestId('chats-notice')).toBeVisible();
  await expect(menuBadge).toHaveCount(0);

  await yaakov.getByTestId('side-menu').getByTestId('menu-/chats').click();
  await yaakov.getByTestId('chat-new').click();
  const form = yaakov.getByTestId('new-chat-form');
  // Nobody chosen: refused near the field, nothing written.
  await form.getByTestId('new-chat-body').fill(text);
  await form.getByTestId('new-chat-submit').click();
  await expect(form.getByText('יש לבחור לפחות איש צוות אחד')).toBeVisible();
  await form.getByTestId('new-chat-filter').fill('מרים');
  await form.locator('label', {hasText: 'מרים שטרן'}).getByTestId('new-chat-person').check();
  // They already talk one to one (the demo's conversation): the message goes there and it opens (issue 31).
  await expect(form.getByTestId('new-chat-existing')).toBeVisible();
  await form.getByTestId('new-chat-submit').click();
  await yaakov.waitForURL(/\/chats\/demo-chat-1$/);
  await expect(yaakov.getByTestId('conversation').getByTestId('chat-message-body').last()).toHaveText(text);

  // Miriam, on another screen of the app, sees the count arrive in the menu and in the top bar.
  await expect(menuBadge).toHaveText('1');
  await expect(miriam.getByTestId('chats-notice-count')).toHaveText('1');
  await miriam.getByTestId('chats-notice').click();
  const row = miriam.getByTestId('chat-row').filter({hasText: text});
  await expect(row.getByTestId('chat-unread')).toHaveText('1');
  await expect(row.getByTestId('chat-name')).toHaveText('יעקב כץ');
  await row.click();
  await expect(miriam.getByTestId('chat-message-body').last()).toHaveText(text);
  // Opened: read, so the badge and the notice clear (and her read pointer is stored).
  await expect(menuBadge).toHaveCount(0);
  await expect(miriam.getByTestId('chats-notice-count')).toHaveCount(0);
  await expect.poll(() => unreadIn(text)).toEqual({'demo-coordinator': 0, 'demo-shadchan': 0});

  // Her answer appears in Yaakov's open conversation, which counts it read at once.
  const answer = 'Thank you, I will look at it tonight';
  await miriam.getByTestId('chat-body').fill(answer);
  await miriam.getByTestId('chat-body').press('Enter');
  await expect(miriam.getByTestId('chat-body')).toHaveValue('');
  await expect(yaakov.getByTestId('chat-message-body').last()).toHaveText(answer);
  await expect(yaakov.getByTestId('chat-message-body').nth(-2)).toHaveText(text);
  await expect(yaakov.getByTestId('chats-notice-count')).toHaveCount(0);
  await expect.poll(() => unreadIn(text)).toEqual({'demo-coordinator': 0, 'demo-shadchan': 0});

  // An empty message is refused near the box.
  await miriam.getByTestId('chat-send').click();
  await expect(miriam.getByTestId('chat-composer').getByRole('alert')).toHaveText('Required');

  await shoot(yaakov, 'chat-he');
  await shoot(miriam, 'chat-en');
});

test('the card’s side panel: its shadchan is suggested; someone who may not see the card gets the conversation without it', async ({
  browser,
}) => {
  test.slow(); // three signed-in browsers, one more than the other chat tests
  const surname = uniqueSurname();
  const cardID = await insertCard(surname);
  const text = `מה דעתך על ${surname}?`;
  const yaakov = await newSignedInPage(browser, 'demo-shadchan');
  const miriam = await newSignedInPage(browser, 'demo-coordinator');

  await yaakov.goto(`/home/tickets/${cardID}`);
  await yaakov.getByTestId('card-chats-open').click();
  const panel = yaakov.getByTestId('card-chats');
  await expect(panel).toContainText('אין עדיין שיחה על הכרטיס');
  await panel.getByTestId('card-chat-new').click();
  // The card belongs to Miriam: she is suggested.
  const person = (name: string) => panel.locator('label', {hasText: name}).getByTestId('new-chat-person');
  await expect(person('מרים שטרן')).toBeChecked();
  // Chana, a representative, may not see this card: she is a member all the same (whether she may see it
  // is not Yaakov's to learn), and receives the conversation without the card.
  await person('חנה לוי').check();
  await panel.getByTestId('new-chat-body').fill(text);
  await panel.getByTestId('new-chat-submit').click();
  await expect(panel.getByTestId('conversation').getByTestId('chat-message-body')).toHaveText([text]);
  await yaakov.screenshot({path: `${SHOTS}/chat-card-panel-1280-he.png`});
  const chana = await newSignedInPage(browser, 'demo-representative');
  await chana.goto('/chats');
  const hers = chana.getByTestId('chat-row').filter({hasText: text});
  await expect(hers).toBeVisible();
  // The message names the card (Yaakov's words); the row does not link it ("כרטיס: …").
  await expect(hers).not.toContainText(`כרטיס: לאה`);
  await hers.click();
  await expect(chana.getByTestId('conversation').getByTestId('chat-message-body')).toHaveText([text]);
  await expect(chana.getByTestId('conversation-card')).toHaveCount(0);

  // Miriam opens the card: its panel's button counts her unread message; opening the conversation reads it.
  await miriam.goto(`/home/tickets/${cardID}`);
  await expect(miriam.getByTestId('card-chats-unread')).toHaveText('1');
  await miriam.getByTestId('card-chats-open').click();
  await miriam.getByTestId('card-chats').getByTestId('chat-row').click();
  await expect(miriam.getByTestId('card-chats').getByTestId('chat-message-body')).toHaveText([text]);
  await expect(miriam.getByTestId('card-chats-unread')).toHaveCount(0);
  await miriam.setViewportSize({width: 375, height: 760});
  await miriam.screenshot({path: `${SHOTS}/chat-card-panel-375-he.png`});
  await miriam.keyboard.press('Escape');

  // In "my chats" the conversation names its card, and leads to it.
  await miriam.setViewportSize({width: 1280, height: 800});
  await miriam.goto('/chats');
  const row = miriam.getByTestId('chat-row').filter({hasText: text});
  await expect(row).toContainText(`כרטיס: לאה ${surname}`);
  await row.click();
  await miriam.getByTestId('conversation-card').click();
  await miriam.waitForURL(url => decodeURIComponent(url.pathname) === `/home/tickets/${cardID}`);
});

test('final login: the forum’s unread popup with the count and a link, then on to the app', async ({page}) => {
  // Yaakov has 7 unread posts in the forum stand-in (tests/support/e2e-global-setup.ts).
  await page.goto('/login');
  await phoneSignIn(page, '050-1000003', '+972501000003');
  const popup = page.getByTestId('forum-popup');
  await expect(popup).toBeVisible();
  await expect(page.getByTestId('forum-popup-count')).toHaveText('יש לך 7 הודעות שלא נקראו בפורום.');
  await expect(page.getByTestId('forum-popup-open')).toHaveAttribute('href', '/forum/unread');
  await page.screenshot({path: `${SHOTS}/forum-popup-1280-he.png`});
  await page.getByTestId('forum-popup-later').click();
  await page.waitForURL('**/home');
  await expect(page.getByTestId('current-user')).toContainText('יעקב כץ');
});

test('final login: no popup for a user with nothing unread in the forum', async ({page}) => {
  // Rachel is known to the forum with nothing unread.
  await page.goto('/login');
  await phoneSignIn(page, '050-1000001', '+972501000001');
  await page.waitForURL('**/home');
  await expect(page.getByTestId('forum-popup')).toHaveCount(0);
});
