import AxeBuilder from '@axe-core/playwright';
import {expect, test} from '@playwright/test';
import {db, expectNoSidewaysScroll, insertCard, newSignedInPage, uniqueSurname} from './helpers.ts';

/**
 * Presence on a card, with two real browsers: each sees the other viewing; editing shows as editing;
 * a user who leaves disappears at once, and a tab that vanished without a word fades out by the clock.
 */
test('two shadchaniot on one card see each other viewing, then editing, then gone', async ({browser}) => {
  test.setTimeout(90_000);
  const first = await newSignedInPage(browser, 'demo-admin'); // רחל אדלר
  const second = await newSignedInPage(browser, 'demo-coordinator'); // מרים שטרן
  const profileID = await insertCard(uniqueSurname());
  await first.goto(`/home/tickets/${profileID}`);
  await second.goto(first.url());
  await expect(second.getByTestId('card-name')).toBeVisible();

  const onSecond = second.getByTestId('card-presence').getByTestId('presence-user');
  await expect(onSecond).toHaveCount(1);
  await expect(onSecond).toContainText('רחל אדלר');
  await expect(onSecond).toContainText('צופה כעת');
  await expect(onSecond).toHaveAttribute('data-mode', 'view');
  await expect(first.getByTestId('card-presence')).toContainText('מרים שטרן');
  await expect(first.getByTestId('card-presence')).toHaveAttribute('role', 'status');

  // The first opens the edit form: the second sees her editing, and she sees the second on the form.
  await first.getByTestId('card-edit').click();
  await first.waitForURL('**/home/tickets/edit/*');
  await expect(onSecond).toHaveAttribute('data-mode', 'edit');
  await expect(onSecond).toContainText('עורכת כעת');
  await expect(onSecond).toHaveCount(1);
  await expect(first.getByTestId('card-form').getByTestId('presence-user')).toContainText('מרים שטרן');
  await first.screenshot({path: 'test-results/screens/presence-edit-he.png'});

  // A third user's tab that stopped beating 25 s ago (crashed, no goodbye): still shown, for now.
  const sql = db();
  try {
    await sql`INSERT INTO card_presence (profile_id, user_id, mode, seen_at)
              VALUES (${profileID}, 'demo-shadchan', 'view', now() - interval '25 seconds')`;
    await expect(onSecond.filter({hasText: 'יעקב כץ'})).toContainText('צופה כעת');
    await expect(onSecond.first()).toHaveAttribute('data-mode', 'edit'); // editors first
    await second.screenshot({path: 'test-results/screens/presence-he.png'});
    const axe = await new AxeBuilder({page: second})
      .include('[data-testid=card-presence]')
      .withTags(['wcag2a', 'wcag2aa'])
      .analyze();
    expect(axe.violations.map(v => v.id)).toEqual([]);

    // At 375 px the chips wrap: no sideways scroll.
    await second.setViewportSize({width: 375, height: 800});
    await expect(onSecond).toHaveCount(2);
    await expectNoSidewaysScroll(second);
    await second.screenshot({path: 'test-results/screens/presence-he-375.png'});
    await second.setViewportSize({width: 1280, height: 800});

    // Printing leaves presence out.
    await second.emulateMedia({media: 'print'});
    await expect(second.getByTestId('card-presence')).toBeHidden();
    await second.emulateMedia({media: 'screen'});

    // The first navigates away: her name disappears from the second within a few seconds.
    await first.locator('header a[href="/home"]').first().click();
    await first.waitForURL('**/home');
    await expect(onSecond.filter({hasText: 'רחל אדלר'})).toHaveCount(0, {timeout: 5_000});

    // The silent tab fades out by the second's clock alone (fresh for 40 s), though nobody wrote anything.
    await expect(onSecond).toHaveCount(0, {timeout: 40_000});
    expect(await sql`SELECT 1 FROM card_presence WHERE profile_id = ${profileID} AND user_id = 'demo-shadchan'`).toHaveLength(1);
  } finally {
    await sql`DELETE FROM card_presence WHERE user_id = 'demo-shadchan'`;
    await sql.end();
  }
});

test('closing the tab says goodbye too (pagehide)', async ({browser}) => {
  const first = await newSignedInPage(browser, 'demo-shadchan'); // יעקב כץ
  const second = await newSignedInPage(browser, 'demo-coordinator');
  await first.goto(`/home/tickets/${await insertCard(uniqueSurname())}`);
  await second.goto(first.url());
  // Only יעקב matters here: someone from an earlier test may still be fading out on this card.
  const jacob = second.getByTestId('card-presence').getByTestId('presence-user').filter({hasText: 'יעקב כץ'});
  await expect(jacob).toHaveCount(1);
  await first.close({runBeforeUnload: true});
  await expect(jacob).toHaveCount(0, {timeout: 5_000});
});
