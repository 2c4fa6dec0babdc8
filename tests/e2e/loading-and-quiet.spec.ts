import {expect, test, type BrowserContext, type Page} from '@playwright/test';
import {db, insertCard, insertSelfTicket, selfSignIn, signIn, SHOTS, uniqueSurname} from './helpers.ts';

/**
 * Issue 31's small points, as a user meets them: ordinary pages write no errors to the console; a page
 * still waiting for its code or data shows the branded loader, never a blank page; the "N reminders
 * due" toast comes once per sign-in session, not on every page, reload or tab; and an everyday toast
 * never lies over a reminder's buttons.
 */

/** The side menu's entry for `path` (its link may carry the page's search). */
const menuLink = (page: Page, path: string) =>
  page.getByTestId('side-menu').locator(`a[href="${path}"], a[href^="${path}?"]`).first();

/** Everything the pages of `context` write to the console as errors, and every uncaught exception. */
function consoleErrors(context: BrowserContext) {
  const errors: string[] = [];
  const watch = (page: Page) => {
    page.on('console', msg => {
      if (msg.type() === 'error') errors.push(`${new URL(page.url()).pathname}: ${msg.text()}`);
    });
    page.on('pageerror', error => errors.push(`${new URL(page.url()).pathname}: ${error.message}`));
  };
  context.pages().forEach(watch);
  context.on('page', watch);
  return errors;
}

test('ordinary pages write no errors to the console (home, a profile, activities, calls, the dashboard, lazy pages, the self-user home)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const staff = await browser.newContext();
  const errors = consoleErrors(staff);
  const page = await staff.newPage();
  await signIn(page, 'demo-admin');

  // A profile and back, in the app.
  await page.getByTestId('candidate-row').first().getByTestId('candidate-open').click();
  await expect(page.getByTestId('card-name')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();

  // Each page opened afresh, then through the menu; the lazily loaded ones (reports, engaged couples) too.
  const pages: Array<[string, string]> = [
    ['/dashboard/activities', 'activities-page'],
    ['/dashboard/calls', 'calls-page'],
    ['/dashboard', 'dashboard'],
    ['/admin/reports', 'report-loaded'],
    ['/meorasim', 'meorasim-page'],
  ];
  for (const [path, testid] of pages) {
    await page.goto(path);
    await expect(page.getByTestId(testid).first()).toBeVisible();
  }
  await page.goto('/home');
  for (const [path, testid] of pages.filter(([path]) => path.startsWith('/dashboard'))) {
    await menuLink(page, path).click();
    await expect(page.getByTestId(testid).first()).toBeVisible();
  }

  // Values keep their own direction (issue 31): the users log's addresses, phones and searches as they
  // read, a number field left to right ("-5", not "5-") though aligned with the page's right-to-left fields.
  await page.goto('/admin/logs');
  await expect(page.getByTestId('log-code').first()).toHaveAttribute('dir', 'auto');
  await page.goto('/home/needs-attention');
  const days = page.getByTestId('needs-attention-days');
  await days.fill('-5');
  await expect(days).toHaveAttribute('dir', 'ltr');
  expect(await days.evaluate(input => getComputedStyle(input).textAlign)).toBe('end');

  // The candidate's own home, in a browser of its own.
  const candidate = await browser.newContext();
  const candidateErrors = consoleErrors(candidate);
  const self = await candidate.newPage();
  const ticket = await insertSelfTicket();
  await selfSignIn(self, ticket);
  await expect(self.getByTestId('ticket-name')).toHaveText(ticket.name);

  // Whatever arrives late (a live query's answer) has had its moment.
  await page.waitForTimeout(1000);
  expect(errors).toEqual([]);
  expect(candidateErrors).toEqual([]);
  await staff.close();
  await candidate.close();
});

test('a page waiting for its code or data shows the branded loader: in the shell, full screen, and on the self-user home', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The code of the reports and of the engaged couples, and the ticket the self-user home asks for, come late.
  // The context's routes, not the page's: the service worker (docs/pwa.md) fetches a page's code for it.
  const late = async (page: Page, pattern: string, released: Promise<void>) =>
    page.context().route(pattern, async route => {
      await released;
      await route.continue();
    });

  for (const width of [1280, 375]) {
    const context = await browser.newContext({viewport: {width, height: width === 375 ? 740 : 800}});
    const page = await context.newPage();
    await signIn(page, 'demo-admin');

    // In the shell: the page's place shows the loader, the frame stays.
    let release!: () => void;
    await late(page, '**/assets/ReportsPage-*.js', new Promise(resolve => (release = resolve)));
    // Moving there as a user does, from the administration's overview: the shell is drawn and stays. (A full load of
    // the address draws the shell or the full-screen loader, whichever the shell's own code allows first: a race on a
    // busy machine, not what this step is about.)
    await page.goto('/admin');
    await page.getByRole('main').locator('a[href="/admin/reports"]').first().click();
    const inShell = page.getByRole('main').getByTestId('loading');
    await expect(inShell).toBeVisible();
    await expect(inShell).toHaveAttribute('data-size', 'page');
    await expect(inShell).toContainText('טוען');
    await expect(page.getByTestId('current-user').or(page.getByRole('banner')).first()).toBeVisible();
    await page.waitForTimeout(600); // once it has appeared (it waits a moment)
    await page.screenshot({path: `${SHOTS}/loading-shell-he-${width}.png`});
    release();
    await expect(page.getByTestId('report-loaded').first()).toBeVisible();
    await expect(inShell).toHaveCount(0);

    // Outside the shell: the brand fills the window, as the boot screen does.
    await late(page, '**/assets/MeorasimPage-*.js', new Promise(resolve => (release = resolve)));
    await page.goto('/meorasim');
    const screen = page.getByTestId('loading');
    await expect(screen).toBeVisible();
    await expect(screen).toHaveAttribute('data-size', 'screen');
    await page.screenshot({path: `${SHOTS}/loading-screen-he-${width}.png`});
    release();
    await expect(page.getByTestId('meorasim-page')).toBeVisible();
    await expect(screen).toHaveCount(0);
    await context.close();

    // The self-user home after signing in, while its ticket is on the way.
    const candidate = await browser.newContext({viewport: {width, height: width === 375 ? 740 : 800}});
    const self = await candidate.newPage();
    await late(self, '**/api/users/self-user/ticket-info', new Promise(resolve => (release = resolve)));
    const ticket = await insertSelfTicket();
    await selfSignIn(self, ticket);
    const loading = self.getByTestId('self-home').getByTestId('loading');
    await expect(loading).toBeVisible();
    await self.waitForTimeout(600);
    await self.screenshot({path: `${SHOTS}/loading-self-home-he-${width}.png`});
    release();
    await expect(self.getByTestId('ticket-name')).toHaveText(ticket.name);
    await expect(loading).toHaveCount(0);
    await candidate.close();
  }
});

/** Two activities of the coordinator's on a card of their own, with reminders at `when` (SQL). */
async function remindersAt(when: 'an hour ago' | 'in a few seconds') {
  const sql = db();
  const card = await insertCard(uniqueSurname());
  const ids = [1, 2].map(n => `e2e-due-${n}-${Date.now()}`);
  const at = when === 'an hour ago' ? sql`now() - interval '1 hour'` : sql`now() + interval '5 seconds'`;
  for (const id of ids) {
    await sql`INSERT INTO activity (id, type, title, female_profile_id, reminder_at, created_by)
              VALUES (${id}, 'suggestion', ${`תזכורת ${id}`}, ${card}, ${at}, 'demo-coordinator')`;
  }
  return {
    ids,
    // Done: they no longer toast in the tests that follow.
    done: async () => {
      await sql`UPDATE activity SET status = 'done' WHERE id IN ${sql(ids)}`;
      await sql.end();
    },
  };
}

test('the "reminders due" toast comes once per sign-in session: not again on other pages, a reload or a new tab', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const due = await remindersAt('an hour ago');
  const context = await browser.newContext();
  try {
    // Every time the toast appears, in any tab of this browser.
    const shown: string[] = [];
    await context.exposeBinding('kesherDueToastShown', ({page}) => void shown.push(new URL(page.url()).pathname));
    await context.addInitScript(() => {
      const seen = new WeakSet<Element>();
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll('[data-testid=reminders-due]')) {
          if (seen.has(toast)) continue;
          seen.add(toast);
          (window as unknown as {kesherDueToastShown: () => void}).kesherDueToastShown();
        }
      }).observe(document, {childList: true, subtree: true});
    });
    const page = await context.newPage();
    await signIn(page, 'demo-coordinator');
    const toast = page.getByTestId('reminders-due');
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(/\d+ תזכורות ממתינות לטיפול/);
    await page.screenshot({path: `${SHOTS}/reminders-due-toast-he.png`});
    await expect.poll(() => shown.length).toBe(1);

    /** The reminders have arrived (the bell counts them) and the toast has had time to come, if it would. */
    const settled = async (p: Page) => {
      await expect(p.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
      await expect(p.getByTestId('reminders-count')).toBeVisible();
      await p.waitForTimeout(1500);
    };
    for (const path of ['/dashboard', '/dashboard/calls', '/home']) {
      await menuLink(page, path).click();
      await page.waitForURL(url => url.pathname === path);
      await settled(page);
    }
    await page.reload();
    await settled(page);
    const second = await context.newPage();
    await second.goto('/dashboard');
    await settled(second);
    expect(shown).toEqual(['/home']);

    // Signed out and in again: a new session, and the toast once more.
    await second.close();
    await page.getByRole('button', {name: 'התנתקות'}).click();
    await page.waitForURL('**/login');
    await signIn(page, 'demo-coordinator');
    await expect.poll(() => shown.length).toBe(2);
  } finally {
    await due.done();
    await context.close();
  }
});

test('an everyday toast never lies over a reminder’s buttons', async ({page}) => {
  test.setTimeout(90_000);
  await signIn(page, 'demo-coordinator');
  const due = await remindersAt('in a few seconds');
  try {
    const [first, second] = due.ids.map(id => page.locator(`[data-testid=reminder-toast][data-id="${id}"]`));
    await expect(first!).toBeVisible({timeout: 20_000});
    await expect(second!).toBeVisible();
    // Snoozing one says so in a toast of its own; the other reminder's buttons stay uncovered.
    await second!.getByTestId('reminder-snooze-hour').click();
    await expect(page.getByText('התזכורת נדחתה')).toBeVisible();
    await expect(second!).toHaveCount(0);
    await expect(first!.locator('button, a')).toHaveCount(4);
    // The pointer away from the toasts (hovering spreads a stack out), then: the reminder's box meets no
    // other toast's, and each of its buttons is what a click at its middle reaches.
    await page.mouse.move(5, 400);
    await expect
      .poll(async () =>
        first!.evaluate(reminder => {
          const box = reminder.getBoundingClientRect();
          const others = [...document.querySelectorAll('[data-sonner-toast]')].filter(t => !t.contains(reminder));
          const apart = others.every(other => {
            const o = other.getBoundingClientRect();
            return o.bottom <= box.top || o.top >= box.bottom || o.right <= box.left || o.left >= box.right;
          });
          const reachable = [...reminder.querySelectorAll('button, a')].every(button => {
            const b = button.getBoundingClientRect();
            const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            return hit !== null && button.contains(hit);
          });
          return others.length > 0 && apart && reachable;
        }),
      )
      .toBe(true);
    await page.screenshot({path: `${SHOTS}/reminder-and-toast-he.png`});
  } finally {
    await due.done();
  }
});
