import {existsSync} from 'node:fs';
import path from 'node:path';
import {ROOT, dataDir, isProduction, readPorts} from './config.ts';
import {DEMO_PASSWORD, DEMO_USERS, demoSelfUser} from './db/seed.ts';
import {connect} from './db/sql.ts';
import {startStack} from './stack/stack.ts';
import {logLine} from './stack/supervisor.ts';

/**
 * `npm start`: the whole stack with prefixed logs. Development (default): embedded Postgres, demo data,
 * Vite with hot reload, development sign-in. Production (NODE_ENV=production, after `npm run build`):
 * the API server serves dist/, secrets come from the environment, no demo data unless SEED_DEMO=true.
 */
/** The demo ticket a candidate can sign in with, for the banner. */
async function demoSelfUserOf(databaseURL: string) {
  const sql = connect(databaseURL, {max: 1});
  try {
    return await demoSelfUser(sql);
  } finally {
    await sql.end();
  }
}

function fail(message: string): never {
  logLine('start', message, process.stderr);
  process.exit(1);
}

if (Number(process.versions.node.split('.')[0]) < 22) {
  fail(
    `Kesher needs Node ≥ 22 (this is ${process.version}). Run it through npm (\`npm start\`), which uses the Node 22 from devDependencies, or install Node 22.`,
  );
}

const production = isProduction();
if (production) {
  // zero-cache's admin password, and where sign-in codes go (phone provider, SMTP).
  const missing = ['ZERO_ADMIN_PASSWORD', 'PHONE_PROVIDER_URL', 'HUNGUP_CALLER_POOL', 'SMTP_URL', 'OFFICE_EMAIL'].filter(
    name => !process.env[name],
  );
  if (missing.length) fail(`production start needs these secrets in the environment: ${missing.join(', ')}`);
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) fail('no built client: run `npm run build` first');
}

let ports;
try {
  ports = readPorts();
} catch (e) {
  fail((e as Error).message);
}

// Ctrl-C or SIGTERM at any moment: during start-up it aborts (startStack stops what already runs);
// afterwards it stops the running stack. Installed before anything starts.
const interrupted = new AbortController();
let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let stopping: Promise<void> | undefined;
function shutdown(code: number) {
  stopping ??= (async () => {
    await stack?.stop();
    logLine('start', 'stopped');
    process.exit(code);
  })();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // tsx relays a terminal's Ctrl-C as well, so it may arrive twice: both paths are idempotent.
  process.on(signal, () => (stack ? shutdown(0) : interrupted.abort()));
}

const demoProfiles = Number(process.env.DEMO_PROFILES ?? 300);
try {
  stack = await startStack({
    ports,
    dataDir: dataDir(),
    databaseURL: process.env.DATABASE_URL || undefined,
    production,
    vite: !production,
    seedProfiles: !production || process.env.SEED_DEMO === 'true' ? demoProfiles : false,
    zeroAdminPassword: process.env.ZERO_ADMIN_PASSWORD,
    signal: interrupted.signal,
  });
} catch (e) {
  if (!interrupted.signal.aborted) logLine('start', (e as Error).message, process.stderr);
  shutdown(interrupted.signal.aborted ? 0 : 1);
}

if (stack) {
  logLine('start', '');
  logLine('start', `Kesher is running: ${stack.appURL}`);
  if (!production) {
    logLine('start', `Demo shadchanim (password ${DEMO_PASSWORD}; codes appear in the [api] log and on the login page):`);
    for (const u of DEMO_USERS) logLine('start', `  • ${u.name} — ${u.summary} — phone 0${u.phone.slice(4)}, ${u.email}`);
    logLine('start', 'Or one click on a demo user in the login page’s development panel.');
    const self = await demoSelfUserOf(stack.databaseURL);
    if (self) {
      logLine('start', `Self-user (candidate) login at ${stack.appURL}/self-user/login:`);
      logLine('start', `  • ID ${self.tz}, born ${self.birthday}, phone ${self.phone}, name ${self.name}`);
    }
  }
  logLine('start', 'Press Ctrl-C to stop.');
  void stack.exited.then(why => {
    logLine('start', why, process.stderr);
    shutdown(1);
  });
}
