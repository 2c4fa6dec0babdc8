import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {expect, test, type Page} from '@playwright/test';
import {e2ePorts} from '../support/e2e-stack.ts';
import {db, signIn} from './helpers.ts';

/**
 * What a browser enforces for us: the pages' Content-Security-Policy holds without breaking anything,
 * and a page of another origin on the same site (another app on localhost) cannot make a signed-in
 * browser change anything, though the browser sends it the session cookie.
 */
const APP = `http://localhost:${e2ePorts().api}`;

/** Console errors about the Content-Security-Policy, from the moment the page opens. */
function cspViolations(page: Page) {
  const seen: string[] = [];
  page.on('console', msg => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) seen.push(msg.text());
  });
  return seen;
}

test('the pages run under a strict Content-Security-Policy without a single violation', async ({page}) => {
  const violations = cspViolations(page);
  const login = await page.goto('/login');
  const policy = login!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).toContain("frame-ancestors 'none'");
  expect(login!.headers()['x-content-type-options']).toBe('nosniff');

  await signIn(page, 'demo-admin');
  await page.getByTestId('candidate-row').first().getByTestId('candidate-open').click();
  await expect(page.getByTestId('card')).toBeVisible();
  await expect(page.getByTestId('card-files')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('the build manifests (dist/.vite/, one per language) are not served: the paths are the app’s', async ({request}) => {
  for (const manifest of ['/.vite/manifest.he.json', '/.vite/manifest.he.json.gz', '/.vite/manifest.json']) {
    const answer = await request.get(manifest);
    expect(answer.headers()['content-type'], manifest).toContain('text/html');
    expect(await answer.text(), manifest).not.toContain('"isEntry"');
  }
});

test("zero-cache's admin endpoints (stats, a heap snapshot holding the replica) need its admin password, in development too", async () => {
  for (const path of ['/statz', '/heapz']) {
    const anonymous = await fetch(`http://127.0.0.1:${e2ePorts().zero}${path}`);
    expect(anonymous.status, path).toBe(401);
    const guessed = await fetch(`http://127.0.0.1:${e2ePorts().zero}${path}`, {
      headers: {authorization: `Basic ${Buffer.from('admin:').toString('base64')}`},
    });
    expect(guessed.status, path).toBe(401);
  }
});

test.describe('another origin on the same site', () => {
  let evil: Server;
  let evilOrigin: string;
  test.beforeAll(async () => {
    // Another app on localhost: same site as Kesher (cookies go along), different origin.
    evil = createServer((_, res) =>
      res.writeHead(200, {'content-type': 'text/html'}).end(`<!doctype html><title>other app</title>
        <form id="f" method="post" action="${APP}/api/users/logout" enctype="text/plain"><input name="{}" value=""></form>`),
    );
    await new Promise<void>(resolve => evil.listen(0, '127.0.0.1', resolve));
    evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`;
  });
  test.afterAll(() => new Promise<void>(resolve => evil.close(() => resolve())));

  test('cannot sign the user out or write, by form or by fetch, and the session survives', async ({page}) => {
    await signIn(page, 'demo-coordinator');
    const sql = db();
    const live = async () =>
      (await sql`SELECT count(*)::int AS n FROM session WHERE user_id = 'demo-coordinator' AND revoked_at IS NULL`)[0]!.n;
    const before = await live();

    await page.goto(`${evilOrigin}/`);
    // A classic cross-site form post (the browser sends the cookie: same site, top-level navigation).
    const [formAnswer] = await Promise.all([
      page.waitForResponse(`${APP}/api/users/logout`),
      page.locator('#f').evaluate(f => (f as HTMLFormElement).submit()),
    ]);
    expect(formAnswer.status()).toBe(403);
    await page.waitForURL(`${APP}/api/users/logout`);
    await page.goto(`${evilOrigin}/`);
    // fetch with credentials: JSON needs a preflight nobody answers; text/plain is refused outright.
    const statuses = await page.evaluate(async app => {
      const attempt = (type: string) =>
        fetch(`${app}/api/users/logout`, {
          method: 'POST',
          credentials: 'include',
          mode: 'no-cors',
          headers: {'content-type': type},
          body: '{}',
        })
          .then(r => r.type)
          .catch(() => 'blocked');
      return [await attempt('text/plain'), await attempt('application/json')];
    }, APP);
    expect(statuses).toHaveLength(2);
    expect(await live()).toBe(before);

    // The app itself still works for this user.
    await page.goto('/home');
    await expect(page.getByTestId('candidate-row').first()).toBeVisible();
    await sql.end();
  });
});
