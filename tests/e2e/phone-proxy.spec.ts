import {expect, test, type Page} from '@playwright/test';
import {nanoid} from 'nanoid';
import {signEvent} from '../../server/phone-proxy/signature.ts';
import {e2ePorts} from '../support/e2e-stack.ts';
import {db, expectNoSidewaysScroll, insertCard, signIn, uniqueSurname} from './helpers.ts';

/**
 * The phone proxy end to end (issue 12 §5): the provider's signed webhook, Postgres, the sidecar, the
 * browser's prompt and its answer. Each test has a shadchan of its own, so no other test's page is ever
 * asked about these calls.
 */

/** A new shadchan with a proxy phone, who may sign in through the development panel. */
async function newShadchan() {
  const sql = db();
  const id = `e2e-phone-${nanoid(6)}`;
  const phone = `+97254${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  await sql`INSERT INTO app_user (id, name, gender, role, phone, approved_at, declaration_accepted_on, agreement_due)
            VALUES (${id}, ${'שדכנית ' + id.slice(-6)}, 'female', 'shadchan', ${phone}, now(), current_date, false)`;
  await sql.end();
  return {id, phone};
}

/** Posts a call that ended, as the provider does, signed with the stack's secret. */
async function callEnded(shadchanPhone: string, callerNumber: string, durationSeconds: number) {
  const body = JSON.stringify({
    id: `evt-${nanoid(10)}`,
    shadchanPhone,
    callerNumber,
    startedAt: new Date().toISOString(),
    durationSeconds,
  });
  const res = await fetch(`http://127.0.0.1:${e2ePorts().api}/api/phone-proxy/events`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signEvent(process.env.E2E_PHONE_PROXY_SECRET!, body, Math.floor(Date.now() / 1000)),
    },
    body,
  });
  expect(res.status).toBe(200);
  const sql = db();
  const [call] = await sql<{id: string}[]>`SELECT id FROM phone_call WHERE event_id = ${JSON.parse(body).id}`;
  await sql.end();
  return call!.id;
}

const unreadOf = async (userID: string) => {
  const sql = db();
  const [row] = await sql<{count: number}[]>`
    SELECT count(*)::int AS count FROM phone_call_notification WHERE user_id = ${userID} AND read_at IS NULL`;
  await sql.end();
  return row!.count;
};

/** The sidecar holds this page's socket (so whatever is unread has been sent to it). */
async function connectedToSidecar(page: Page) {
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await expect
    .poll(
      async () => ((await (await fetch(`http://127.0.0.1:${e2ePorts().phoneProxy}/health`)).json()) as {clients: number}).clients,
    )
    .toBeGreaterThan(0);
}

test('a call that ended: the prompt names the person; yes opens a new activity with the call; after a reload it is not asked again', async ({
  page,
}) => {
  const me = await newShadchan();
  const surname = uniqueSurname();
  const cardID = await insertCard(surname, {forename: 'מרים'});
  const callerNumber = '+972527654321';
  const sql = db();
  await sql`UPDATE profile SET phones = ${sql.json([callerNumber])} WHERE id = ${cardID}`;
  await sql.end();

  await signIn(page, me.id);
  const phoneCallID = await callEnded(me.phone, '052-7654321', 312);
  const prompt = page.getByTestId('call-prompt');
  await expect(prompt).toContainText(`מרים ${surname}`);
  await expect(prompt).toContainText('5:12');
  await prompt.getByTestId('call-prompt-yes').click();

  await page.waitForURL(url => url.pathname === '/dashboard/activity/edit/new');
  const search = new URL(page.url()).searchParams;
  expect(Object.fromEntries(search)).toEqual({profile: cardID, callerNumber, callDuration: '312', phoneCall: phoneCallID});
  await expect(prompt).toBeHidden();
  await expect.poll(() => unreadOf(me.id)).toBe(0);

  await page.reload();
  await connectedToSidecar(page);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('call-prompt')).toBeHidden();
});

test('a call that ends while the user types waits, takes no focus, and queues with the next (issue 31)', async ({page}) => {
  const me = await newShadchan();
  await signIn(page, me.id);
  await connectedToSidecar(page);
  const search = page.getByTestId('candidate-search');
  await search.click();
  await search.pressSequentially('כהן', {delay: 150});
  // Two calls end while the search is being typed.
  await callEnded(me.phone, '052-7000001', 30);
  await callEnded(me.phone, '052-7000002', 45);
  await search.pressSequentially(' לוי', {delay: 150});
  await expect(search).toBeFocused();
  await expect(search).toHaveValue('כהן לוי');
  // Once the typing stops, the panel shows the first, counts the other, and the focus stays put.
  const prompt = page.getByTestId('call-prompt');
  await expect(prompt).toContainText('052-7000001');
  await expect(prompt.getByTestId('call-prompt-more')).toHaveText('ועוד שיחה אחת ממתינה');
  await expect(search).toBeFocused();
  await page.screenshot({path: 'test-results/screens/call-prompt-while-typing-he-1280.png'});
  await prompt.getByTestId('call-prompt-no').click();
  await expect(prompt).toContainText('052-7000002');
  await prompt.getByTestId('call-prompt-no').click();
  await expect(prompt).toBeHidden();
});

test('the calls list with the development "simulate a call": not now leaves the call listed, live, without an activity', async ({
  page,
}) => {
  const me = await newShadchan();
  await signIn(page, me.id, 'en');
  await page.goto('/dashboard/calls');
  await expect(page.getByText('No calls yet')).toBeVisible();
  await page.getByTestId('simulate-call').click();
  const prompt = page.getByTestId('call-prompt');
  await expect(prompt).toContainText('has ended');
  await prompt.getByTestId('call-prompt-no').click();
  await expect(prompt).toBeHidden();
  await expect.poll(() => unreadOf(me.id)).toBe(0);

  const row = page.getByTestId('call-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('call-activity')).toContainText('Open an activity');
  // On a phone the row's cells stack, each with its label.
  await page.setViewportSize({width: 375, height: 740});
  await expect(row.getByText('Caller')).toBeVisible();
  await expectNoSidewaysScroll(page);
});
