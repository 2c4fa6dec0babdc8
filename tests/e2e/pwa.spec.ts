import {expect, test, type BrowserContext, type Page, type WebSocketRoute} from '@playwright/test';
import {readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {db, everyPageChunks, insertCard, SHOTS, signIn, uniqueSurname} from './helpers.ts';

// Installable (issue 35, docs/pwa.md): the manifest, the service worker, its update prompt, and the offline state.

const DIST = path.join(import.meta.dirname, '..', '..', 'dist');

test('the app is installable: its manifest, icons and service worker are served as such', async ({request}) => {
  const page = await request.get('/login');
  const html = await page.text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon-180x180.png"');
  expect(html).toContain('<meta name="apple-mobile-web-app-capable" content="yes"');
  expect(html).toMatch(/<meta name="theme-color" content="#0f4c5c"/);
  const policy = page.headers()['content-security-policy']!;
  expect(policy).toContain("worker-src 'self'");
  expect(policy).toContain("manifest-src 'self'");

  const answer = await request.get('/manifest.webmanifest');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toContain('application/manifest+json');
  expect(answer.headers()['cache-control']).toBe('no-cache');
  const manifest = await answer.json();
  expect(manifest).toMatchObject({
    name: 'קשר',
    short_name: 'קשר',
    lang: 'he',
    dir: 'rtl',
    start_url: '/home',
    display: 'standalone',
    theme_color: '#0f4c5c',
    background_color: '#0f4c5c',
  });
  // What Chrome's installability check asks: a 192 and a 512 icon (and a maskable one for Android's launcher).
  const icons: Array<{src: string; sizes: string; type: string; purpose?: string}> = manifest.icons;
  expect(icons.map(i => `${i.sizes}${i.purpose ? ' ' + i.purpose : ''}`).sort()).toEqual([
    '192x192',
    '512x512',
    '512x512 maskable',
  ]);
  for (const src of [...icons.map(i => i.src), '/apple-touch-icon-180x180.png']) {
    const icon = await request.get(src);
    expect(icon.status(), src).toBe(200);
    expect(icon.headers()['content-type'], src).toBe('image/png');
    const size = (await icon.body()).readUInt32BE(16);
    expect(String(size), src).toBe(/(\d+)x\d+\.png$/.exec(src)![1]);
  }

  const worker = await request.get('/sw.js');
  expect(worker.status()).toBe(200);
  expect(worker.headers()['content-type']).toContain('javascript');
  expect(worker.headers()['cache-control']).toBe('no-cache');
  const workbox = /workbox-[0-9a-f]+/.exec(await worker.text())?.[0];
  expect(workbox, 'the worker imports its Workbox runtime').toBeDefined();
  const runtime = await request.get(`/${workbox}.js`);
  expect(runtime.headers()['content-type']).toContain('javascript');
  expect(runtime.headers()['cache-control']).toBe('no-cache');
  // A file that is not there is no page: a browser must not take the app for a script.
  for (const gone of ['/sw-not-there.js', '/assets/start-of-an-earlier-release.js']) {
    const missing = await request.get(gone);
    expect(missing.status(), gone).toBe(404);
    expect(missing.headers()['content-type'], gone).not.toContain('html');
  }
  // Hashed assets keep their year.
  const start = (await everyPageChunks(request)).find(file => file.startsWith('/assets/start-'))!;
  expect((await request.get(start)).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

/** Signs in, then reloads once the service worker is active, so that it controls the page (as on a second visit). */
async function signInControlled(page: Page, user: string, locale?: 'he' | 'en') {
  await signIn(page, user, locale);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);
}

/**
 * The network as a test turns it off. Chromium's offline emulation (context.setOffline) fails every new request but
 * leaves an open WebSocket alone, so Zero's would stay connected; a network that goes away takes the socket too,
 * and refuses new ones until it is back. This does that to every WebSocket of the page (the sockets themselves
 * still reach the real zero-cache, through Playwright).
 */
async function network(page: Page, context: BrowserContext) {
  let offline = false;
  const open = new Set<WebSocketRoute>();
  await page.routeWebSocket(/.*/, socket => {
    if (offline) return void socket.close().catch(() => {});
    const server = socket.connectToServer();
    open.add(socket);
    socket.onClose(() => void server.close().catch(() => {}));
    server.onClose(() => void socket.close().catch(() => {}));
  });
  return async (online: boolean) => {
    offline = !online;
    await context.setOffline(offline);
    if (online) return;
    for (const socket of open) await socket.close().catch(() => {});
    open.clear();
  };
}

test('offline: the banner says so, the list and an open card stay readable, a note written meanwhile arrives on reconnect, a reload opens from the cache, and signing out forgets it', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const surname = uniqueSurname();
  const id = await insertCard(surname);
  const setOnline = await network(page, context);
  await page.setViewportSize({width: 375, height: 760});
  await signInControlled(page, 'demo-coordinator');
  // Chromium's own installability check (what Lighthouse's installable-manifest audit reported before Lighthouse 12
  // dropped it): the manifest parses, its icons load, the worker controls the page.
  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  // Playwright's contexts are incognito ones, where Chrome offers no install: that is the one error allowed.
  const {installabilityErrors} = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors.map(e => e.errorId).filter(id => id !== 'in-incognito')).toEqual([]);
  await page.goto(`/home/tickets/${id}`);
  await expect(page.getByTestId('card-name')).toContainText(surname);
  // The list, so that both are in the local copy (and their code in the cache) before the network goes.
  await page.goBack();
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();
  await page.goForward();
  await expect(page.getByTestId('card-name')).toContainText(surname);

  await setOnline(false);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toHaveAttribute('data-writes', 'waiting');
  await expect(page.getByTestId('connection-state')).not.toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('card-name')).toContainText(surname);

  // A note written offline: on screen at once, said to be waiting, and not in the database yet.
  const body = `נכתב בלי חיבור ${surname}`;
  await page.getByTestId('note-body').fill(body);
  await page.getByTestId('note-add').click();
  await expect(page.getByTestId('card-notes').getByTestId('note').filter({hasText: body})).toBeVisible();
  await expect(page.getByText('נשמר בלשונית הזו ויישלח לשרת כשהחיבור יחזור.')).toBeVisible();
  await page.screenshot({path: `${SHOTS}/pwa-offline-note-he-375.png`});
  const sql = db();
  const stored = () => sql`SELECT body FROM profile_note WHERE profile_id = ${id}`;
  expect(await stored()).toHaveLength(0);

  // Back online: the banner goes, the note reaches Postgres.
  await setOnline(true);
  await expect(banner).toBeHidden();
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {timeout: 20_000});
  await expect.poll(async () => (await stored()).map(r => r.body), {timeout: 20_000}).toEqual([body]);
  await sql.end();

  // Offline again, a reload: the shell from the service worker's cache, the list from the local copy.
  await setOnline(false);
  await page.goto('/home');
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await expect(page.getByTestId('connection-state')).toBeVisible();
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();
  await page.goto(`/home/tickets/${id}`);
  await expect(page.getByTestId('card-name')).toContainText(surname);
  await expect(page.getByTestId('card-notes')).toContainText(body);

  // Signing out forgets the session kept for an offline start: offline, the page then opens on nothing of the user's.
  await setOnline(true);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {timeout: 20_000});
  await page.getByRole('button', {name: 'התנתקות'}).click();
  await page.waitForURL('**/login');
  expect(await page.evaluate(() => localStorage.getItem('kesher.last-session'))).toBeNull();
  await setOnline(false);
  await page.goto('/home');
  await expect(page.locator('.boot')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('connection-state')).toHaveCount(0);
  await expect(page.getByTestId('candidate-row')).toHaveCount(0);
  await setOnline(true);
});

test("offline past Zero's minute: the banner says changes cannot be saved, and a note is refused with the reason, never sent later", async ({
  page,
  context,
}) => {
  // Zero 1.9 gives up connecting after 60 s (disconnectTimeoutMs) and then refuses every mutation.
  test.setTimeout(180_000);
  const surname = uniqueSurname();
  const id = await insertCard(surname);
  const setOnline = await network(page, context);
  await signIn(page, 'demo-coordinator', 'en');
  await page.goto(`/home/tickets/${id}`);
  await expect(page.getByTestId('card-name')).toContainText(surname);

  await setOnline(false);
  const banner = page.getByTestId('offline-banner');
  await expect(banner).toHaveAttribute('data-writes', 'waiting');
  await expect(banner).toHaveAttribute('data-writes', 'refusing', {timeout: 90_000});
  await expect(banner).toContainText('Changes cannot be saved until the connection returns.');
  await page.screenshot({path: `${SHOTS}/pwa-offline-refusing-en-1280.png`});

  const body = `refused while offline ${surname}`;
  await page.getByTestId('note-body').fill(body);
  await page.getByTestId('note-add').click();
  await expect(page.getByText('Not saved: there is no connection to the server.')).toBeVisible();
  // Nothing applied: not in the list, and the text is still in the box to send again.
  await expect(page.getByTestId('note-body')).toHaveValue(body);
  await expect(page.getByTestId('card-notes').getByTestId('note')).toHaveCount(0);

  await setOnline(true);
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {timeout: 20_000});
  await expect(banner).toBeHidden();
  // Given time to arrive, it does not: it was refused, not queued.
  await page.waitForTimeout(2_000);
  const sql = db();
  expect(await sql`SELECT id FROM profile_note WHERE profile_id = ${id}`).toHaveLength(0);
  await sql.end();
});

for (const {locale, width} of [
  {locale: 'en', width: 1280},
  {locale: 'he', width: 375},
] as const) {
  test(`a new version: a prompt offers it, and Reload brings it in (${locale}, ${width} px)`, async ({page, context}) => {
    const setOnline = await network(page, context);
    await page.setViewportSize({width, height: 800});
    await signInControlled(page, 'demo-coordinator', locale);
    const text = {
      en: {prompt: 'A new version of Kesher is available', reload: 'Reload'},
      he: {prompt: 'גרסה חדשה של קשר זמינה', reload: 'טעינה מחדש'},
    }[locale];

    // The offline banner in this language and width, for the record.
    await setOnline(false);
    await expect(page.getByTestId('offline-banner')).toBeVisible();
    await page.screenshot({path: `${SHOTS}/pwa-offline-banner-${locale}-${width}.png`});
    await setOnline(true);
    await expect(page.getByTestId('offline-banner')).toBeHidden();
    await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {timeout: 20_000});

    const file = path.join(DIST, 'sw.js');
    const deployed = readFileSync(file, 'utf8');
    try {
      // What a deploy does to the worker: a different file under the same name.
      writeFileSync(file, `${deployed}\n// a new release\n`);
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
      const prompt = page.getByText(text.prompt);
      await expect(prompt).toBeVisible();
      await page.screenshot({path: `${SHOTS}/pwa-update-prompt-${locale}-${width}.png`});
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', {name: text.reload}).click();
      await reloaded;
      await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
      await expect(prompt).toBeHidden();
      expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
    } finally {
      writeFileSync(file, deployed);
    }
  });
}
