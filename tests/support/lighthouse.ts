/**
 * Lighthouse, measured (issue 35): the mobile profile (Lighthouse's default: a mid-range phone, simulated slow
 * 4G and CPU) against the production build, for the sign-in page, the public bonus check and the staff list
 * signed in. Each page is measured --runs times (3) in a fresh chromium; the median performance run is the one
 * reported. Prints the scores, the main metrics and whether chromium finds the page installable, lists the
 * audits that cost accessibility or best-practices points, writes every report (JSON and HTML) to
 * test-results/lighthouse/, and exits non-zero when a page misses a target (performance ≥ 90, accessibility
 * 100, best practices ≥ 95) unless --no-fail. docs/lighthouse.md says more.
 *
 *   npm run build && npm run lighthouse [-- --runs 5] [-- --no-fail]
 *
 * The stack (embedded Postgres, API server serving dist/, zero-cache) starts as the e2e tests start it, but in
 * production mode (no development sign-in panel on /login, production headers) and on ports of its own: the
 * defaults + 400, or + LIGHTHOUSE_PORT_OFFSET.
 */
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import lighthouse, {type Result} from 'lighthouse';
import {ROOT, readPorts} from '../../server/config.ts';
import {DEMO_PASSWORD, DEMO_USERS} from '../../server/db/seed.ts';
import {SESSION_COOKIE} from '../../server/auth/session.ts';
import {ATTEMPT_COOKIE} from '../../server/auth/finish-sign-in.ts';
import {startStack, type Stack} from '../../server/stack/stack.ts';
import {startPhoneProvider, startSmtpServer} from './stand-ins.ts';
import {chromiumPath} from './chromium.ts';
import {
  addCookie,
  assertListShows,
  installability,
  killChromiums,
  launchChromium,
  type SessionCookie,
} from './lighthouse-browser.ts';
import {
  findings,
  markdownTable,
  medianRun,
  rowOf,
  shortfalls,
  CATEGORIES,
  type Installability,
  type Row,
} from './lighthouse-results.ts';

const {values: args} = parseArgs({options: {runs: {type: 'string', default: '3'}, 'no-fail': {type: 'boolean', default: false}}});
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs ${args.runs}: a whole number of runs, at least 1`);

/** The measured pages; `signedIn` ones are opened with the staff user's session. */
const PAGES = [
  {path: '/login', signedIn: false},
  {path: '/bonuses/check-validation', signedIn: false},
  {path: '/home', signedIn: true},
];

const OUT = path.join(ROOT, 'test-results', 'lighthouse');

if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  console.error('lighthouse: no production build in dist/ (run npm run build first)');
  process.exit(1);
}
if (!existsSync(chromiumPath())) {
  console.error(`lighthouse: no chromium at ${chromiumPath()} (apt-get install chromium, or set CHROMIUM_PATH)`);
  process.exit(1);
}

/**
 * Signs the demo coordinator in as a user does, through the real API: a code by a hung-up call (the stand-in
 * phone provider records the caller number, whose last six digits are the code), then the code and the
 * password. Returns the session cookie the answer set.
 */
async function signIn(appURL: string, provider: Awaited<ReturnType<typeof startPhoneProvider>>): Promise<SessionCookie> {
  const user = DEMO_USERS.find(u => u.id === 'demo-coordinator')!;
  const post = (route: string, body: unknown, cookie = '') =>
    fetch(`${appURL}${route}`, {
      method: 'POST',
      // The API refuses state-changing requests from any origin but the app's.
      headers: {'content-type': 'application/json', origin: appURL, cookie},
      body: JSON.stringify(body),
    });
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map(line => line.split(';')[0]!)
      .find(pair => pair.startsWith(`${name}=`));

  const before = provider.requests.length;
  const asked = await post('/api/users/call-me', {phone: `0${user.phone.slice(4)}`, codeType: 'hungup'});
  const attempt = cookieOf(asked, ATTEMPT_COOKIE);
  if (!asked.ok || !attempt) throw new Error(`sign-in: call-me answered ${asked.status} ${await asked.text()}`);
  // The call goes out after the answer.
  for (let i = 0; i < 100 && provider.requests.length === before; i++) await new Promise(r => setTimeout(r, 50));
  const call = provider.requests.slice(before).find(r => r.body.to === user.phone);
  if (!call) throw new Error('sign-in: the stand-in phone provider received no call');
  const verified = await post(
    '/api/users/verify-number',
    {verifyCode: call.body.from!.slice(-6), password: DEMO_PASSWORD},
    attempt,
  );
  const session = cookieOf(verified, SESSION_COOKIE);
  if (!verified.ok || !session) throw new Error(`sign-in: verify-number answered ${verified.status} ${await verified.text()}`);
  return {name: SESSION_COOKIE, value: session.slice(SESSION_COOKIE.length + 1), url: appURL};
}

/** One Lighthouse run in a fresh chromium (a first visit: empty cache, no Zero replica in IndexedDB). */
async function measure(url: string, cookie: SessionCookie | undefined): Promise<{lhr: Result; report: string[]}> {
  interrupted.signal.throwIfAborted();
  const chrome = await launchChromium();
  try {
    if (cookie) await addCookie(chrome, cookie);
    // The default config: mobile form factor and screen, simulated throttling (Lighthouse's defaults).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: ['json', 'html'],
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return {lhr: result.lhr, report: result.report as string[]};
  } finally {
    chrome.kill();
  }
}

const started = performance.now();
const provider = await startPhoneProvider();
const smtp = await startSmtpServer();
const ports = readPorts({}, Number(process.env.LIGHTHOUSE_PORT_OFFSET ?? 400));
const appURL = `http://localhost:${ports.api}`;
let stack: Stack | undefined;
// Ctrl-C: start-up is aborted, or the chromium in use is killed, so the run fails and the `finally` below stops
// the stack (Postgres last) instead of leaving it running.
const interrupted = new AbortController();
process.once('SIGINT', () => {
  interrupted.abort();
  void killChromiums();
});

let failed: string[] = [];
try {
  stack = await startStack({
    ports,
    dataDir: path.join(ROOT, '.data', 'lighthouse'),
    fresh: true,
    // Production mode, as users get it; the public address is this loopback one (http: no nginx here).
    production: true,
    publicURL: appURL,
    vite: false,
    seedProfiles: 60,
    zeroLogLevel: 'error',
    signal: interrupted.signal,
    apiEnv: {
      PHONE_PROVIDER_URL: provider.url,
      PHONE_PROVIDER_TOKEN: 'lighthouse-token',
      HUNGUP_CALLER_POOL: '+97235550000..+97235559999',
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Kesher <no-reply@kesher.test>',
      OFFICE_EMAIL: 'office@kesher.test',
    },
  });
  console.log(`lighthouse: stack up at ${appURL} after ${((performance.now() - started) / 1000).toFixed(0)} s`);
  const cookie = await signIn(appURL, provider);

  // Checks that need a page of their own, in a chromium that no measured run uses.
  const installable = new Map<string, Installability>();
  const checker = await launchChromium();
  try {
    await addCookie(checker, cookie);
    await assertListShows(checker, `${appURL}/home`);
    for (const page of PAGES) installable.set(page.path, await installability(checker, `${appURL}${page.path}`));
  } finally {
    checker.kill();
  }

  mkdirSync(OUT, {recursive: true});
  const rows: Row[] = [];
  const medians: Array<{page: string; lhr: Result}> = [];
  for (const page of PAGES) {
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const {lhr, report} = await measure(`${appURL}${page.path}`, page.signedIn ? cookie : undefined);
      // Lighthouse follows redirects: a page that sent us elsewhere (to /login) was not measured.
      if (new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
        throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl}: not the page to measure`);
      }
      const name = `${page.path.slice(1).replaceAll('/', '_')}-${run}`;
      writeFileSync(path.join(OUT, `${name}.report.json`), report[0]!);
      writeFileSync(path.join(OUT, `${name}.report.html`), report[1]!);
      console.log(
        `lighthouse: ${page.path} run ${run}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}`,
      );
      runs.push(lhr);
    }
    const median = medianRun(runs);
    medians.push({page: page.path, lhr: median});
    rows.push(rowOf(page.path, median, installable.get(page.path)));
  }

  const seconds = (performance.now() - started) / 1000;
  console.log(`\nLighthouse ${medians[0]!.lhr.lighthouseVersion}, mobile, simulated throttling, median of ${RUNS} run(s):`);
  console.table(rows);
  console.log(`\n${markdownTable(rows)}\n`);
  for (const {page, lhr} of medians) {
    for (const f of findings(lhr)) {
      console.log(`${page}: [${f.category}${f.scored ? '' : ', not scored'}] ${f.id} (${f.title}), score ${f.score}`);
      for (const where of f.where) console.log(`    ${where}`);
    }
  }
  writeFileSync(path.join(OUT, 'summary.md'), `${markdownTable(rows)}\n`);
  console.log(`\nreports in ${path.relative(ROOT, OUT)}/; ${seconds.toFixed(0)} s in all`);
  failed = medians.flatMap(({page, lhr}) => shortfalls(page, lhr));
} finally {
  await stack?.stop();
  await smtp.close();
  await provider.close();
}

for (const line of failed) console.error(`below target: ${line}`);
process.exit(failed.length && !args['no-fail'] ? 1 : 0);
