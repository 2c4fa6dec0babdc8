import {expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import postgres from 'postgres';
import {randomInt} from 'node:crypto';
import {crc32, deflateSync} from 'node:zlib';
import {israeliIDCheckDigit} from '../../app/lib/israeli-id.ts';

/** Signs in through the development sign-in page and waits until the list is live. */
/** Where specs keep the screenshots a reviewer looks at (SHOTS_DIR to keep them elsewhere). */
export const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';

export async function signIn(page: Page, userID: string, locale?: 'he' | 'en' | 'de' | 'ru') {
  if (locale) await page.addInitScript(l => localStorage.setItem('PARAGLIDE_LOCALE', l), locale);
  await page.goto('/login');
  await page.getByTestId(`sign-in-${userID}`).click();
  await page.waitForURL('**/home');
  await expect(page.getByTestId('connection-state')).toHaveAttribute('data-state', 'connected');
  await expect(page.getByTestId('candidate-row').first()).toBeVisible();
}

/** Contexts newSignedInPage opened, by the test that opened them. */
const opened: Array<{testId: string; context: BrowserContext}> = [];

export async function newSignedInPage(browser: Browser, userID: string, locale?: 'he' | 'en') {
  // Each such page is a live Zero client; left open by earlier tests they would slow the rest of the
  // run (presence and sync waits are timed). A new test closes the ones the earlier tests opened.
  const {testId} = test.info();
  for (const earlier of opened.filter(o => o.testId !== testId)) {
    opened.splice(opened.indexOf(earlier), 1);
    await earlier.context.close();
  }
  const context = await browser.newContext();
  opened.push({testId, context});
  const page = await context.newPage();
  await signIn(page, userID, locale);
  return page;
}

/** Types a date ('YYYY-MM-DD' in the test's data) into a date field as a user does: DD-MM-YYYY. */
export async function typeDate(field: Locator, iso: string) {
  const [year, month, day] = iso.split('-');
  await field.fill(`${day}-${month}-${year}`);
}

/** 'YYYY-MM-DD' of a day on the machine's clock (the e2e browser runs in its zone), some days from today. */
export function localIsoDate(daysFromToday = 0): string {
  const day = new Date();
  day.setDate(day.getDate() + daysFromToday);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${two(day.getMonth() + 1)}-${two(day.getDate())}`;
}

/** Fills the new-card form's required fields (and those the details require) with a valid person. */
export async function fillRequiredCardFields(
  page: Page,
  c: {forename: string; surname: string; birthDate: string; gender?: string},
) {
  const form = page.getByTestId('card-form');
  await form.locator('[name=forename]').fill(c.forename);
  await form.locator('[name=surname]').fill(c.surname);
  await form.locator('[name=gender]').selectOption(c.gender ?? 'female');
  await typeDate(form.locator('[name=birthDate]'), c.birthDate);
  await form.locator('[name=city]').fill('אלעד');
  await form.locator('[name=sectorID]').selectOption('litvish');
  await form.locator('[name=occupation]').fill('מזכירה');
  await form.locator('[name=suggestionsContact]').fill('אמא');
  await form.locator('[name=suggestionsPhone]').fill('052-7000001');
  await form.locator('[name=inquiryPhones]').fill('03-5000001');
}

/**
 * Types into the candidate search. The results follow at once; the text reaches the URL once typing
 * pauses (replacing the history entry): this waits for that too, so a test that then watches for
 * navigations sees none of its own.
 */
export async function search(page: Page, text: string) {
  await page.getByTestId('candidate-search').fill(text);
  const inURL = () => {
    const param = new URL(page.url()).searchParams.get('search') ?? '';
    try {
      return String(JSON.parse(param)); // the router quotes a text that would read as JSON ("123")
    } catch {
      return param;
    }
  };
  await expect.poll(inURL).toBe(text.trim());
}

/**
 * Fills the new-profile screen's required fields, saves (through the duplicate warning if one shows),
 * waits for the new card and returns to the list. Returns the new card's id.
 */
export async function createCandidate(
  page: Page,
  c: {
    forename: string;
    surname: string;
    gender: 'male' | 'female';
    city: string;
    birthDate: string;
    sector: string;
    personal?: boolean;
    idNumber?: string;
    candidatePhone?: string;
  },
) {
  await page.getByTestId('new-candidate').click();
  const form = page.getByTestId('card-form');
  await form.locator('[name=forename]').fill(c.forename);
  await form.locator('[name=surname]').fill(c.surname);
  await form.locator('[name=gender]').selectOption(c.gender);
  await typeDate(form.locator('[name=birthDate]'), c.birthDate);
  await form.locator('[name=city]').fill(c.city);
  await form.locator('[name=sectorID]').selectOption(c.sector);
  if (c.idNumber) await form.locator('[name=idNumber]').fill(c.idNumber);
  if (c.candidatePhone) await form.locator('[name=candidatePhone]').fill(c.candidatePhone);
  await form.locator('[name=occupation]').fill('מורה');
  await form.locator('[name=suggestionsContact]').fill('אבא');
  await form.locator('[name=suggestionsPhone]').fill('052-7000000');
  await form.locator('[name=inquiryPhones]').fill('02-5000000');
  await form.locator(`[name=database][value=${c.personal ? 'personal' : 'general'}]`).check();
  await page.getByTestId('card-save').click();
  await page.waitForURL(url => /\/home\/tickets\/(?!new)[^/]+$/.test(url.pathname));
  const id = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1)!);
  await expect(page.getByTestId('card-name')).toContainText(c.surname);
  await page.getByTestId('side-menu').locator('a[href="/home"]').click();
  await page.waitForURL('**/home');
  return id;
}

/**
 * A card of its own for a test that must not meet other tests' open pages on it (their browsers stay
 * open, and on a shared card their presence or edits would show). Returns its id.
 */
export async function insertCard(surname: string, {forename = 'לאה', birthDate = '2001-01-01'} = {}) {
  const sql = db();
  const id = `e2e-${surname}`;
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id)
            VALUES (${id}, ${forename}, ${surname}, 'female', ${birthDate}, 'צפת', 'litvish', 'available', 'demo-coordinator')`;
  await sql`INSERT INTO profile_detail (profile_id, details)
            VALUES (${id}, ${sql.json({occupation: 'מורה', suggestionsContact: 'אמא', suggestionsPhone: '+972527000000', inquiryPhones: ['+97235000000']})})`;
  await sql.end();
  return id;
}

/** The demo users' password (server/db/seed.ts). */
export const DEMO_PASSWORD = 'kesher-demo';

/** What the phone-provider and SMTP stand-ins received (tests/support/e2e-global-setup.ts). */
export const inspect = async <T>(what: 'calls' | 'mails'): Promise<T[]> =>
  (await fetch(`${process.env.E2E_STAND_INS_URL}/${what}`)).json();

/** Waits for the next code the stand-in receives for `to`, after `before` items. */
export async function nextCode(what: 'calls' | 'mails', to: string, before: number): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const items = await inspect<{body?: {to: string; from: string; code?: string}; to?: string[]; text?: string}>(what);
    const mine = items.slice(before).find(x => (what === 'calls' ? x.body?.to === to : x.to?.includes(to)));
    if (mine) return what === 'calls' ? (mine.body!.code ?? mine.body!.from.slice(-6)) : mine.text!.match(/\d{6}/)![0];
    await new Promise(r => setTimeout(r, 100));
  }
  throw new Error(`no ${what} reached ${to}`);
}

/** Signs in on /login as a user does: phone, the code the call brings, the password. */
export async function phoneSignIn(page: Page, national: string, e164: string, password = DEMO_PASSWORD) {
  await page.getByTestId('login-tab-phone').click();
  await page.locator('[name=phone]').fill(national);
  const before = (await inspect('calls')).length;
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('code-hint')).toBeVisible();
  await page.locator('[name=verifyCode]').fill(await nextCode('calls', e164, before));
  await page.locator('[name=password]').fill(password);
  await page.getByTestId('verify-code').click();
}

/** Direct database access, to prove what was (not) written. */
export function db() {
  return postgres(process.env.E2E_DATABASE_URL!, {max: 1, onnotice: () => {}});
}

const LETTERS = 'אבגדהוזחטיכלמנסעפצקרשת';
/** A Hebrew surname no seeded candidate has, so each test finds exactly its own rows. */
export const uniqueSurname = () =>
  'בדיקה' + Array.from({length: 6}, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

/** Uses up the day's calls (CALLS_PER_DAY, 1000 by default) as server/auth/rate-limit.ts counts them, until `undo`. */
export async function useUpTodaysCalls() {
  const sql = db();
  const day = new Date().toISOString().slice(0, 10);
  await sql`INSERT INTO rate_limit (key, points, expire) VALUES (${`calls-day:${day}`}, 1000, ${Date.now() + 86_400_000})
            ON CONFLICT (key) DO UPDATE SET points = 1000`;
  return async () => {
    await sql`DELETE FROM rate_limit WHERE key IN (${`calls-day:${day}`}, ${`calls-day-alert:${day}`})`;
    await sql.end();
  };
}

/** Types a card's name into an activity side's picker (A male, B female) and chooses it from the results. */
export async function pickActivitySide(page: Page, side: 'male' | 'female', card: {forename: string; surname: string}) {
  await page.getByTestId(`pick-${side}`).fill(`${card.surname} ${card.forename}`);
  await page.getByTestId(`pick-${side}-options`).getByTestId('pick-option').filter({hasText: card.forename}).first().click();
  await expect(page.getByTestId(`pick-${side}-chosen`)).toContainText(card.surname);
}

/**
 * Fails while the page scrolls sideways (a phone's width, say), naming the innermost elements that stick
 * out so a failure says what to fix. Polled: a dialog closing or a toast arriving may widen it a moment.
 */
export async function expectNoSidewaysScroll(page: Page, message = 'no sideways scrolling') {
  const stickingOut = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      if (root.scrollWidth <= root.clientWidth) return [];
      const out = (e: Element) => {
        const box = e.getBoundingClientRect();
        return box.right > root.clientWidth + 0.5 || box.left < -0.5;
      };
      return [...document.body.querySelectorAll('*')]
        .filter(e => out(e) && ![...e.children].some(out))
        .slice(0, 5)
        .map(e => `<${e.tagName.toLowerCase()} class="${e.getAttribute('class') ?? ''}"> ${(e.textContent ?? '').slice(0, 40)}`);
    });
  await expect.poll(stickingOut, {message}).toEqual([]);
}

/**
 * WCAG 2.0 AA (Israeli accessibility law): no serious or critical axe violations, in Hebrew and English.
 * `labelInName` adds WCAG 2.1's "label in name" (experimental in axe, so off unless asked; the every-route
 * sweep asks): a control's name holds the text it shows, so a voice user can say what they see.
 */
export async function seriousViolations(page: Page, {labelInName = false} = {}) {
  const results = await new AxeBuilder({page})
    .options({rules: {'label-content-name-mismatch': {enabled: labelInName}}})
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze();
  return results.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(
      v =>
        `${v.id}: ${v.nodes
          .map(n => n.target.join(' '))
          .slice(0, 3)
          .join(' | ')}`,
    );
}

/** A real portrait PNG (a soft background and a head-and-shoulders silhouette), made here. */
export function portraitPNG(width = 240, height = 320): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const head = (x - width / 2) ** 2 + (y - height * 0.38) ** 2 < (width * 0.2) ** 2;
      const shoulders =
        y > height * 0.62 && (x - width / 2) ** 2 / (width * 0.42) ** 2 + (y - height) ** 2 / (height * 0.36) ** 2 < 1;
      const shade = Math.round(40 * (y / height));
      const [r, g, b] =
        head || shoulders ? [92 - shade / 2, 112 - shade / 2, 140 - shade / 2] : [214 - shade, 226 - shade, 240 - shade];
      row.set([r, g, b], 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mobile number nobody else's test uses (E.164). */
export const mobile = () => `+97252${randomInt(1_000_000, 10_000_000)}`;

/** A ticket of its own with an ID number and sign-in numbers, owned by the demo coordinator (the self-user tests). */
export async function insertSelfTicket() {
  const sql = db();
  const surname = uniqueSurname();
  const id = `e2e-self-${randomInt(1e9)}`;
  const body = String(randomInt(40_000_000, 100_000_000));
  const phone = mobile();
  const father = mobile();
  await sql`INSERT INTO profile (id, forename, surname, gender, birth_date, city, sector_id, status_id, owner_id, phones)
            VALUES (${id}, 'חנה', ${surname}, 'female', '2000-05-06', 'צפת', 'litvish', 'available', 'demo-coordinator',
                    ${sql.json([phone, father])})`;
  await sql`INSERT INTO profile_detail (profile_id, id_number, details)
            VALUES (${id}, ${body + israeliIDCheckDigit(body)},
                    ${sql.json({occupation: 'מורה', suggestionsContact: 'אמא', suggestionsPhone: '+972527000000', inquiryPhones: ['+97235000000'], candidatePhone: phone, fatherPhone: father})})`;
  await sql.end();
  return {id, surname, phone, father, tz: body + israeliIDCheckDigit(body), name: `חנה ${surname}`};
}

/** Signs in on /self-user/login with the ticket's details and the missed call's code. */
export async function selfSignIn(page: Page, t: Awaited<ReturnType<typeof insertSelfTicket>>) {
  await page.goto('/self-user/login');
  await page.locator('[name=tz]').fill(t.tz);
  await typeDate(page.locator('[name=birthday]'), '2000-05-06');
  await page.locator('[name=phone]').fill(`0${t.phone.slice(4)}`);
  await page.locator('[name=name]').fill(t.name);
  const before = (await inspect('calls')).length;
  await page.getByTestId('send-code').click();
  await page.locator('[name=verifyCode]').fill(await nextCode('calls', t.phone, before));
  await page.getByTestId('verify-code').click();
  await page.waitForURL('**/self-user/home');
}

/**
 * The chunks every page of `language` fetches beside its entry (React, the start chunk, Rolldown's runtime): the
 * page's one script is the boot script (vite.locale-build.ts), which names each language's entry and preloads.
 */
export async function everyPageChunks(request: APIRequestContext, language = 'he'): Promise<string[]> {
  const html = await (await request.get('/login')).text();
  const boot = /<script type="module" crossorigin src="(\/assets\/boot-[^"]+\.js)"/.exec(html)?.[1];
  expect(boot, 'the page starts with the boot script').toBeDefined();
  const entries = /const entries = (\{.*\});/.exec(await (await request.get(boot!)).text())?.[1];
  expect(entries, 'the boot script names the entries').toBeDefined();
  return (JSON.parse(entries!) as Record<string, {preload: string[]}>)[language]!.preload;
}
