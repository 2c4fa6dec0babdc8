import {expect, test, type Browser, type Page} from '@playwright/test';
import postgres from 'postgres';
import {SHOTS, inspect, nextCode, portraitPNG} from '../e2e/helpers.ts';
import {PORTS, UPDATE_MIGRATION, failTimeoutMs, missingPrerequisites, startTopology, type Topology} from './topology.ts';

/**
 * The production smoke (issue 34): deploy/'s units and nginx site, run as a server runs them, used as an
 * office's first day goes. The first administrator is created by the production command and signs in
 * through nginx over TLS; one browser edits a card while a second, on the other view-syncer, sees it
 * live; a photo lands in the S3 bucket; and a view-syncer stopped moves its browser to the other within
 * 10 s, with nothing lost.
 */
test.describe.configure({mode: 'serial'});
let topology: Topology;
let sql: ReturnType<typeof postgres>;
/** The two browsers of the first test, on two view-syncers, kept open for the update. */
let pages: {a: Page; b: Page};
const CARD = 'smoke-card';

test.beforeAll(async () => {
  test.setTimeout(600_000);
  const missing = missingPrerequisites();
  if (missing.length) throw new Error(`the production smoke needs ${missing.join(', ')}`);
  topology = await startTopology();
  process.env.E2E_STAND_INS_URL = topology.standInsURL; // where nextCode() reads the codes
  sql = postgres(topology.databaseURL, {max: 1, onnotice: () => {}});
});
test.afterAll(async () => {
  await sql?.end();
  await topology?.stop();
});

const ADMIN = {name: 'רחל אדלר', phone: '050-1234567', email: 'rachel@kesher.test'};
const PASSWORD = 'Lantern-Quarry-Nineteen';

/** The WebSockets each page opened (their URLs), and which of them closed. */
const sockets = new Map<Page, Array<{url: string; closed: boolean}>>();
async function newPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({baseURL: topology.publicURL})).newPage();
  const opened: Array<{url: string; closed: boolean}> = [];
  sockets.set(page, opened);
  page.on('websocket', ws => {
    const socket = {url: ws.url(), closed: false};
    opened.push(socket);
    ws.on('close', () => (socket.closed = true));
  });
  return page;
}

/** The view-syncer (its port) holding a page's client group, from Zero's own table of client groups. */
async function viewSyncerOf(page: Page): Promise<number> {
  const sync = sockets.get(page)?.findLast(s => s.url.includes('/zero/sync/'));
  const clientGroupID = sync ? new URL(sync.url).searchParams.get('clientGroupID') : undefined;
  let owner: string | undefined;
  await expect
    .poll(async () => {
      const rows = await sql<{owner: string | null}[]>`
        SELECT owner FROM "kesher_0/cvr".instances WHERE "clientGroupID" = ${clientGroupID ?? ''}`;
      owner = rows[0]?.owner ?? undefined;
      return owner;
    })
    .toBeTruthy();
  return Number(owner!.split(':').at(-1));
}

/**
 * Edits the card's "about me" as a user does, from the card: the edit button, the field, save. The save is
 * done once the page is back on the card (`backOnCard`), which may wait for a part being updated.
 */
async function edit(page: Page, text: string, {wait = true} = {}) {
  await page.getByTestId('card-edit').click();
  await page.waitForURL('**/home/tickets/edit/**');
  await page.locator('[name=aboutMe]').fill(text);
  await page.getByTestId('card-save').click();
  if (wait) await backOnCard(page);
}
const backOnCard = (page: Page) => page.waitForURL(url => !url.pathname.includes('/edit/'), {timeout: 30_000});

/** Signs the administrator in through the login page: the code the mail brings, the password (and the declaration). */
async function signIn(browser: Browser): Promise<Page> {
  const page = await newPage(browser);
  await page.goto('/login');
  await page.getByTestId('login-tab-email').click();
  await page.locator('[name=email]').fill(ADMIN.email);
  const before = (await inspect('mails')).length;
  await page.getByTestId('send-code').click();
  await page.locator('[name=verifyCode]').fill(await nextCode('mails', ADMIN.email, before));
  await page.locator('[name=password]').fill(PASSWORD);
  await page.getByTestId('verify-code').click();
  // The declaration, when it is due (the first sign-in of a day).
  const declaration = page.getByTestId('declaration-checkbox');
  await expect(declaration.or(page.getByTestId('connection-state'))).toBeVisible();
  if (await declaration.isVisible()) {
    await declaration.check();
    await page.getByTestId('declaration-enter').click();
  }
  await page.waitForURL(url => !url.pathname.startsWith('/login'));
  return page;
}

test('first day through nginx: the first administrator, two browsers on two view-syncers, S3, a view-syncer stopped', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  // The production command of a new office's first day (docs/operations.md), beside the running units.
  const created = topology.command([
    'run',
    'admin:create',
    '--',
    '--name',
    ADMIN.name,
    '--phone',
    ADMIN.phone,
    '--email',
    ADMIN.email,
  ]);
  expect(created.status, created.stderr).toBe(0);
  const link = created.stdout.match(/https:\/\/\S+\/invitation\/[\w-]+/)?.[0];
  expect(link, created.stdout).toBeTruthy();

  const first = await newPage(browser);
  await first.goto(link!);
  await first.locator('[name=password]').fill(PASSWORD);
  await first.locator('[name=passwordAgain]').fill(PASSWORD);
  await first.getByTestId('invitation-submit').click();
  await expect(first.getByTestId('invitation-done')).toBeVisible();

  const a = await signIn(browser);
  // The first sign-in: the commitment form.
  await a.waitForURL('**/user-agreement/**');
  await a.getByTestId('agreement-checkbox').check();
  await a.getByTestId('agreement-name').fill(ADMIN.name);
  await a.getByTestId('agreement-sign').click();
  await a.getByTestId('agreement-continue').click();
  await a.waitForURL('**/home');
  await expect(a.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  // The page as nginx serves it: a Content-Security-Policy for this https origin (the proxy passes the host
  // and the scheme), and the phone-proxy sidecar's socket through nginx's TLS port stays open.
  const page = await a.request.get('/home');
  expect(page.headers()['content-security-policy']).toContain(`wss://localhost:${PORTS.phoneProxy}`);
  expect(page.headers()['strict-transport-security']).toBeTruthy();
  const phoneSocket = () => sockets.get(a)!.find(s => s.url === `wss://localhost:${PORTS.phoneProxy}/ws`);
  await expect.poll(() => phoneSocket()?.url).toBeTruthy();
  await a.waitForTimeout(1000);
  expect(phoneSocket()?.closed, 'the phone-proxy socket stays open').toBe(false);

  // A card of the new office (production has no demo data).
  const [admin] = await sql<{id: string}[]>`SELECT id FROM app_user WHERE email = ${ADMIN.email}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
            VALUES (${CARD}, 'שרה', 'לוינסון', 'female', '2001-01-01', 'צפת', 'litvish', 'available', ${admin!.id})`;
  await sql`INSERT INTO profile_detail (profile_id, details) VALUES (${CARD}, ${sql.json({occupation: 'מורה'})})`;
  await a.goto(`/home/tickets/${CARD}`);
  await expect(a.getByTestId('card-name')).toBeVisible();
  const aSyncer = await viewSyncerOf(a);

  // A second browser, pinned to the other view-syncer: nginx hashes each client group to one, so a new
  // browser lands on either; ones that land on the first are closed.
  let b: Page | undefined;
  for (let attempt = 0; attempt < 12 && !b; attempt++) {
    const candidate = await signIn(browser);
    await candidate.goto(`/home/tickets/${CARD}`);
    await expect(candidate.getByTestId('card-name')).toBeVisible();
    if ((await viewSyncerOf(candidate)) !== aSyncer) b = candidate;
    else await candidate.context().close();
  }
  expect(b, 'a browser on the other view-syncer').toBeTruthy();
  const bSyncer = await viewSyncerOf(b!);
  expect(PORTS.viewSyncers).toEqual(expect.arrayContaining([aSyncer, bSyncer]));

  // One edits, the other sees it live.
  await edit(a, 'שמחה ואופטימית');
  await expect(b!.getByTestId('card-value-aboutMe')).toHaveText('שמחה ואופטימית');
  await b!.screenshot({path: `${SHOTS}/deploy-second-view-syncer-he.png`, fullPage: true});

  // A photo: through nginx to an API instance, into the bucket, and on the other browser's card.
  await a.getByTestId('files-input-photo').setInputFiles({name: 'שרה.png', mimeType: 'image/png', buffer: portraitPNG()});
  await expect(a.getByTestId('card-photo')).toBeVisible();
  await expect.poll(async () => (await topology.s3.objects('files/')).length).toBeGreaterThan(0);
  await expect(b!.getByTestId('card-photo')).toBeVisible();

  // B's view-syncer stops: B reconnects through nginx to the other one within 10 s, and a write B makes
  // meanwhile is kept (Zero holds it until the connection is back) and reaches A.
  const stopped = Date.now();
  await topology.stopUnit('kesher-view-syncer@.service', String(bSyncer));
  await edit(b!, 'כתבה בזמן המעבר');
  await expect(b!.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected', {timeout: 10_000});
  await expect(a.getByTestId('card-value-aboutMe')).toHaveText('כתבה בזמן המעבר', {
    timeout: Math.max(1, 10_000 - (Date.now() - stopped)),
  });
  await edit(a, 'אחרי המעבר');
  await expect(b!.getByTestId('card-value-aboutMe')).toHaveText('אחרי המעבר', {
    timeout: Math.max(1, 10_000 - (Date.now() - stopped)),
  });
  const moved = Date.now() - stopped;
  expect(await viewSyncerOf(b!)).toBe(aSyncer);
  console.log(`view-syncer :${bSyncer} stopped: its browser synced through :${aSyncer} within ${moved} ms`);
  const [row] = await sql<{about: string}[]>`SELECT details->>'aboutMe' AS about FROM profile_detail WHERE profile_id = ${CARD}`;
  expect(row?.about).toBe('אחרי המעבר');
  await topology.startUnit('kesher-view-syncer@.service', String(bSyncer));
  pages = {a, b: b!};
});

test('an update, old build to new, one process at a time, while both browsers stay connected and write', async () => {
  test.setTimeout(300_000);
  const {a, b} = pages;
  // The new release beside the running one: its own build and one more migration (it only adds a table).
  const release = topology.prepareRelease();
  await topology.migrate(release);
  const [expanded] = await sql<{name: string}[]>`SELECT name FROM schema_migration WHERE name = ${`${UPDATE_MIGRATION}.sql`}`;
  expect(expanded, 'the new release migrated while the old one serves').toBeTruthy();

  // Every step: a unit of the old release stopped, a write made meanwhile (while the replication manager is
  // down it waits in Postgres), the unit started from the new release; the write reaches the other browser.
  let step = 0;
  const units: Array<[string, string]> = [
    ...PORTS.apis.map(port => ['kesher-api@.service', String(port)] as [string, string]),
    ...PORTS.viewSyncers.map(port => ['kesher-view-syncer@.service', String(port)] as [string, string]),
    ['kesher-zero-manager.service', ''],
    ['kesher-phone-proxy.service', ''],
  ];
  let last = '';
  for (const [file, instance] of units) {
    const [from, to] = ++step % 2 ? [a, b] : [b, a];
    await topology.stopUnit(file, instance);
    last = `עדכון ${step}`;
    await edit(from, last, {wait: false});
    await topology.startUnit(file, instance, release);
    await backOnCard(from);
    // As the update steps say: before the next one stops, nginx must have tried this one again.
    const group =
      file === 'kesher-api@.service' ? 'kesher_api' : file === 'kesher-view-syncer@.service' ? 'kesher_zero' : undefined;
    if (group) await new Promise(resolve => setTimeout(resolve, failTimeoutMs(group) + 500));
    await expect(to.getByTestId('card-value-aboutMe'), `after ${file} ${instance}`).toHaveText(last, {timeout: 20_000});
  }
  last = 'אחרי העדכון';
  await edit(a, last);
  await expect(b.getByTestId('card-value-aboutMe')).toHaveText(last);
  for (const page of [a, b]) await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  const [row] = await sql<{about: string}[]>`SELECT details->>'aboutMe' AS about FROM profile_detail WHERE profile_id = ${CARD}`;
  expect(row?.about).toBe(last);
  // A reload takes the new build, and it is live.
  await a.reload();
  await expect(a.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await expect(a.getByTestId('card-value-aboutMe')).toHaveText(last);
  await a.screenshot({path: `${SHOTS}/deploy-after-update-he.png`, fullPage: true});
});
