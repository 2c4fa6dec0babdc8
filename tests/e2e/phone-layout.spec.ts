import {expect, test, type Page} from '@playwright/test';
import {SHOTS, db, expectNoSidewaysScroll, signIn} from './helpers.ts';

/**
 * The phone is a first-class screen (issue 35, point 4): at 375 px, with touch, the main flows — the
 * candidate list, a card and its edit form, an activity, a chat — fit without sideways scrolling, every
 * control a finger may need is at least 44×44 CSS px, and each flow's primary action sits where a thumb
 * reaches it (the bottom 40 % of the screen, or a bar fixed to its bottom). In Hebrew (right to left,
 * the default) and in English. docs/architecture.md, "The phone layout", gives the rules.
 */

const WIDTH = 375;
const HEIGHT = 812;
const TARGET = 44;

test.use({viewport: {width: WIDTH, height: HEIGHT}, hasTouch: true, isMobile: true});

type Flow = {
  name: string;
  path: string;
  /** What shows once the screen is ready. */
  ready: string;
  /** The test id of the flow's primary action, which must be in thumb reach. */
  primary: string[];
};

/** The flows, for demo-shadchan: he may edit the demo's cards, writes in the demo's chat, and opens an activity of his own. */
const flows = (ownActivity: string): Flow[] => [
  {name: 'list', path: '/home', ready: 'candidate-row', primary: ['new-candidate']},
  {name: 'card', path: '/home/tickets/demo-00001', ready: 'card-timeline', primary: ['card-edit', 'timeline-new']},
  {name: 'card-edit', path: '/home/tickets/edit/demo-00001', ready: 'card-form', primary: ['card-save']},
  {name: 'activities', path: '/dashboard/activities', ready: 'activity-card', primary: ['new-activity']},
  {
    name: 'activity-new',
    path: '/dashboard/activity/edit/new?profile=demo-00001',
    ready: 'activity-form',
    primary: ['activity-save'],
  },
  {name: 'activity', path: `/dashboard/activity/edit/${ownActivity}`, ready: 'activity-form', primary: ['activity-save']},
  {name: 'chats', path: '/chats', ready: 'chat-row', primary: ['chat-new']},
  {name: 'chat', path: '/chats/demo-chat-1', ready: 'chat-message', primary: ['chat-send']},
];

for (const locale of ['he', 'en'] as const) {
  test(`the main flows are one-handed at 375 px (${locale})`, async ({page}) => {
    test.setTimeout(180_000);
    const sql = db();
    const [own] = await sql<{id: string}[]>`SELECT id FROM activity WHERE created_by = 'demo-shadchan' ORDER BY id LIMIT 1`;
    await sql.end();
    await signIn(page, 'demo-shadchan', locale);
    for (const flow of flows(own!.id)) {
      await page.goto(flow.path);
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
      await expect(page.getByTestId(flow.ready).first()).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({path: `${SHOTS}/phone/${locale}-${flow.name}.png`});
      // And its end: the footer above the bottom bar, not under it.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await page.screenshot({path: `${SHOTS}/phone/${locale}-${flow.name}-end.png`});
      await page.evaluate(() => window.scrollTo(0, 0));

      // Soft checks: a failure lists every flow's offenders at once.
      await expectNoSidewaysScroll(page, `${flow.name}: no sideways scroll`);
      expect
        .soft(await page.evaluate(() => document.documentElement.scrollWidth), `${flow.name}: page width`)
        .toBeLessThanOrEqual(WIDTH);

      expect.soft(await smallTargets(page), `${flow.name}: tap targets under ${TARGET}×${TARGET} px`).toEqual([]);

      for (const id of flow.primary) {
        expect.soft(await thumbReach(page, id), `${flow.name}: ${id} within thumb reach`).toBe('reachable');
      }
    }
  });
}

test('the list keeps still while it loads: no layout shift on a slow phone', async ({page}) => {
  await signIn(page, 'demo-shadchan');
  // Every shift the page makes from its first byte (none follows an input here).
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, {shifts});
    new PerformanceObserver(list => {
      for (const entry of list.getEntries() as (PerformanceEntry & {value: number})[]) shifts.push(entry.value);
    }).observe({type: 'layout-shift', buffered: true});
  });
  // Lighthouse's phone: the rows come while the page is still busy drawing, as they do there.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', {rate: 4});
  await page.goto('/home');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible({timeout: 20_000});
  await expect(page.getByTestId('candidates-count')).not.toBeEmpty();
  // What comes after the first page (the next pages' queries, the count) has a moment to land.
  await page.waitForTimeout(1_000);
  const shifts = await page.evaluate(() => (window as unknown as {shifts: number[]}).shifts);
  // Lighthouse's line for a good page; before the list kept its place, this was 0.4 here and 0.65 in Lighthouse.
  expect(shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.1);
});

/**
 * Every visible, enabled control a finger may aim at, whose box is under 44×44 px, as "name (w×h)".
 * The box measured is what the browser reports for the element itself (its padding included): the app
 * meets the size with the box, never with an invisible extension. A checkbox or radio wrapped in a label
 * is measured by that label, which is what a finger taps. Exempt (WCAG 2.5.8's exceptions): a link
 * inline in a sentence, which a bigger box would break apart, and elements hidden for everyone but
 * screen readers (1 px boxes) or not rendered.
 */
function smallTargets(page: Page) {
  return page.evaluate(min => {
    const SELECTOR = [
      'button',
      'a[href]',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=tab]',
      '[role=checkbox]',
      '[role=switch]',
      '[role=radio]',
      '[role=menuitem]',
      '[role=link]',
      'label:has(> input[type=checkbox], > input[type=radio])',
    ].join(',');
    const nameOf = (e: Element) =>
      (
        e.getAttribute('aria-label') ??
        (e.getAttribute('aria-labelledby') &&
          document.getElementById(e.getAttribute('aria-labelledby')!.split(' ')[0]!)?.textContent) ??
        (e as HTMLInputElement).labels?.[0]?.textContent ??
        e.textContent ??
        ''
      )
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 40) ||
      e.getAttribute('title') ||
      e.getAttribute('name') ||
      e.getAttribute('data-testid') ||
      '?';
    const inlineInText = (e: Element) => {
      if (e.tagName !== 'A' || getComputedStyle(e).display !== 'inline') return false;
      const parent = e.parentElement;
      return parent !== null && (parent.textContent ?? '').trim().length > (e.textContent ?? '').trim().length;
    };
    const offenders: string[] = [];
    for (const e of document.querySelectorAll(SELECTOR)) {
      if ((e as HTMLButtonElement).disabled || e.closest('[inert], [aria-hidden=true]')) continue;
      if (!e.checkVisibility({opacityProperty: true, visibilityProperty: true})) continue;
      // A checkbox or radio wrapped in a label: the label is the target (measured as such above).
      if (e.matches('input[type=checkbox], input[type=radio]') && e.parentElement?.tagName === 'LABEL') continue;
      const box = e.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (inlineInText(e)) continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const tag = e.tagName.toLowerCase() + (e.getAttribute('role') ? `[role=${e.getAttribute('role')}]` : '');
        offenders.push(`${tag} "${nameOf(e)}" (${Math.round(box.width)}×${Math.round(box.height)})`);
      }
    }
    return offenders;
  }, TARGET);
}

/**
 * Whether a primary action is where a thumb reaches it on the first screen: in a bar fixed to the
 * bottom, or with its centre in the bottom 40 % of the viewport. Otherwise says where it is.
 */
async function thumbReach(page: Page, testID: string) {
  const action = page.getByTestId(testID).first();
  await expect(action).toBeVisible();
  return action.evaluate(e => {
    let fixedAtBottom = false;
    for (let n: Element | null = e; n; n = n.parentElement) {
      const style = getComputedStyle(n);
      if ((style.position === 'fixed' || style.position === 'sticky') && style.bottom !== 'auto') {
        fixedAtBottom = n.getBoundingClientRect().bottom >= innerHeight - 1;
        break;
      }
    }
    const box = e.getBoundingClientRect();
    const centre = box.top + box.height / 2;
    if (fixedAtBottom || (centre >= innerHeight * 0.6 && centre <= innerHeight)) return 'reachable';
    return `centre at ${Math.round(centre)} of ${innerHeight} px, not fixed at the bottom`;
  });
}
