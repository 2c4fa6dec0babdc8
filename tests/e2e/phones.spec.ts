import {expect, test, type Page} from '@playwright/test';
import {expectNoSidewaysScroll, insertCard, signIn, uniqueSurname} from './helpers.ts';

/** A phone's screen (issue 11: Kesher on a 375 px phone). */
const PHONE = {width: 375, height: 740};

type Box = {x: number; y: number; width: number; height: number};
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the jump arrows on the screen now (none when they are not drawn). */
async function arrowBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const id of ['jump-up', 'jump-down']) {
    const arrow = page.getByTestId(id);
    if (await arrow.isVisible()) boxes.push((await arrow.boundingBox())!);
  }
  return boxes;
}

/**
 * Scrolls to a fraction of the page's scrollable height and lets the arrows follow. A page whose parts are
 * still arriving grows meanwhile (seen on a loaded CI machine): each check scrolls again until the place holds.
 */
async function scrollTo(page: Page, fraction: number) {
  await expect
    .poll(() =>
      page.evaluate(f => {
        const scrollable = document.documentElement.scrollHeight - innerHeight;
        const at = () => Math.round((window.scrollY / (scrollable || 1)) * 100);
        if (at() !== Math.round(f * 100)) window.scrollTo(0, scrollable * f);
        return at();
      }, fraction),
    )
    .toBe(Math.round(fraction * 100));
}

/**
 * What lies under a box, sampled on a grid: the controls and the elements with text of their own that
 * the box covers (the arrows themselves and plain containers do not count).
 */
const coveredBy = (page: Page, box: Box) =>
  page.evaluate(({x, y, width, height}) => {
    const covered = new Set<string>();
    for (let i = 0; i <= 4; i++) {
      for (let j = 0; j <= 4; j++) {
        const px = x + 1 + ((width - 2) * i) / 4;
        const py = y + 1 + ((height - 2) * j) / 4;
        for (const el of document.elementsFromPoint(px, py)) {
          if (el.closest('[data-testid=scroll-jumps]')) continue;
          const ownText = [...el.childNodes].some(n => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
          const control = el.matches('a, button, input, select, textarea, label, img, svg');
          if (ownText || control) covered.add(`${el.tagName.toLowerCase()} ${el.textContent!.trim().slice(0, 40)}`);
        }
      }
    }
    return [...covered];
  }, box);

test.describe('at 375 px', () => {
  test.use({viewport: PHONE});

  test('forms with a save bar show no jump arrows; nothing floats over the save bar', async ({page}) => {
    const id = await insertCard(uniqueSurname());
    await signIn(page, 'demo-coordinator');
    for (const path of ['/home/tickets/new', `/home/tickets/edit/${id}`]) {
      await page.goto(path);
      const save = page.getByTestId('card-save');
      await expect(save).toBeVisible();
      // Long enough that a page without a save bar would show both arrows here.
      expect(await page.evaluate(() => document.documentElement.scrollHeight - innerHeight), path).toBeGreaterThan(1000);
      await scrollTo(page, 0.5);
      const bar = (await save.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " fixed ")][1]').boundingBox())!;
      expect(bar.y + bar.height, path).toBeCloseTo(PHONE.height, 0);
      const arrows = await arrowBoxes(page);
      for (const arrow of arrows) expect(overlaps(arrow, bar), path).toBe(false);
      expect(arrows, path).toEqual([]);
      await expect(page.getByTestId('scroll-jumps'), path).toHaveCount(0);
      await page.screenshot({
        path: `test-results/screens/save-bar-375${path.replace(/\/[^/]*$/, '').replaceAll('/', '-')}-he.png`,
      });
    }
  });

  test('on the card view the arrows show while it scrolls and fade at rest; at its end the jump-up arrow covers none of its controls or text', async ({
    page,
  }) => {
    const id = await insertCard(uniqueSurname());
    await signIn(page, 'demo-coordinator');
    await page.goto(`/home/tickets/${id}`);
    await expect(page.getByTestId('card-name')).toBeVisible();
    // The card's parts arrive as their queries complete: the page is long once they have.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - innerHeight)).toBeGreaterThan(1000);

    // While the page moves, both arrows show; once it rests they fade and let clicks through to the page.
    const jumps = page.getByTestId('scroll-jumps');
    await scrollTo(page, 0.5);
    await expect(jumps).toHaveCSS('opacity', '1');
    await expect(page.getByTestId('jump-up')).toBeVisible();
    await expect(page.getByTestId('jump-down')).toBeVisible();
    const [resting] = await arrowBoxes(page);
    await expect(jumps).toHaveCSS('opacity', '0');
    await expect(jumps).toHaveCSS('pointer-events', 'none');
    const centre = {x: resting!.x + resting!.width / 2, y: resting!.y + resting!.height / 2};
    expect(
      await page.evaluate(({x, y}) => document.elementFromPoint(x, y)?.closest('[data-testid=scroll-jumps]'), centre),
    ).toBeNull();

    await scrollTo(page, 1);
    await expect(jumps).toHaveCSS('opacity', '1');
    await expect(page.getByTestId('jump-down')).toBeHidden();
    const [up, ...others] = await arrowBoxes(page);
    expect(others).toEqual([]);
    expect(await coveredBy(page, up!)).toEqual([]);
    // The footer's own link is clear of it too.
    expect(overlaps(up!, (await page.locator('footer a').boundingBox())!)).toBe(false);
    await page.screenshot({path: 'test-results/screens/card-375-end-he.png'});
  });
});

for (const path of ['/login', '/self-user/login']) {
  for (const viewport of [PHONE, {width: 1280, height: 800}]) {
    test(`${path} at ${viewport.width} px has the language switcher, and it switches`, async ({page}) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      const switcher = page.getByTestId('language-switcher');
      await expect(switcher).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'he');
      const name = `${path.replaceAll('/', '-').slice(1)}-${viewport.width}`;
      await page.screenshot({path: `test-results/screens/${name}-he.png`});
      await switcher.selectOption('en');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(switcher).toBeVisible();
      await page.screenshot({path: `test-results/screens/${name}-en.png`});
      await expectNoSidewaysScroll(page);
    });
  }
}
