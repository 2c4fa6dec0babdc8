import {existsSync} from 'node:fs';
import path from 'node:path';
import {isoDateToTyped} from '../app/lib/dates.ts';
import {ROOT, dataDir, isProduction, listenHost, readPorts} from './config.ts';
import {DEMO_PASSWORD, DEMO_USERS, demoSelfUser} from './db/seed.ts';
import {connect} from './db/sql.ts';
import {startStack} from './stack/stack.ts';
import {isPrivateAddress} from './http/addresses.ts';
import {logLine} from './stack/supervisor.ts';
import {storageConfigFromEnv} from './files/storage-env.ts';

/**
 * `npm start`: the whole stack with prefixed logs. Development (default, the explicit KESHER_MODE=development
 * for its children): embedded Postgres, demo data, Vite with hot reload, development sign-in for loopback
 * clients. Production (NODE_ENV=production, after `npm run build`): the API server serves dist/, secrets
 * come from the environment, no demo data unless SEED_DEMO=true (with random passwords, printed once),
 * and nothing but the reverse proxy's upstreams listens beyond loopback.
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
const firewallConfirmed = process.env.FIREWALL_CONFIRMED === 'true';
if (production) {
  if (process.env.KESHER_MODE === 'development') fail('KESHER_MODE=development cannot be combined with NODE_ENV=production');
  // zero-cache's admin password, where sign-in codes go (phone provider, SMTP), the office, the public address.
  const missing = [
    'ZERO_ADMIN_PASSWORD',
    'PHONE_PROVIDER_URL',
    'HUNGUP_CALLER_POOL',
    'SMTP_URL',
    'OFFICE_EMAIL',
    'PUBLIC_URL',
  ].filter(name => !process.env[name]);
  if (missing.length) fail(`production start needs these secrets in the environment: ${missing.join(', ')}`);
  if (!/^https:\/\/[^/]+\/?$/.test(process.env.PUBLIC_URL!)) {
    fail(`PUBLIC_URL must be the https address users open, like https://kesher.example.org (got ${process.env.PUBLIC_URL})`);
  }
  const host = listenHost();
  if (!isPrivateAddress(host) && !firewallConfirmed) {
    fail(
      `LISTEN_HOST=${host} is not a loopback or private address: the API and zero-cache would be reachable from the internet, ` +
        'not only through the reverse proxy. Use 127.0.0.1 or a private address, or set FIREWALL_CONFIRMED=true once a firewall admits only the proxy.',
    );
  }
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) fail('no built client: run `npm run build` first');
}

let ports;
try {
  storageConfigFromEnv(); // FILE_STORAGE and its S3_* settings, checked before anything starts
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
    logLine('start', code === 0 ? 'stopped' : `stopped (exit code ${code})`);
    process.exit(code);
  })();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `npm start` execs Node on this file (`exec node --import tsx`): npm forwards a service's SIGTERM to its
  // child, which must be this process, not the `sh -c` npm runs scripts in (it died and left the stack
  // running); and not the tsx command, which SIGKILLs its child when the child does not confirm a Ctrl-C
  // within 30 ms (a busy shutdown missed it). A signal may arrive twice: both paths are idempotent.
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
    publicURL: process.env.PUBLIC_URL,
    seedProfiles: !production || process.env.SEED_DEMO === 'true' ? demoProfiles : false,
    randomDemoPasswords: production,
    firewallConfirmed,
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
      logLine('start', `  • ID ${self.tz}, born ${isoDateToTyped(self.birthday)}, phone ${self.phone}, name ${self.name}`);
    }
  }
  if (production && stack.seeded.length) {
    logLine('start', 'Seeded demo accounts (SEED_DEMO); these passwords are shown only now:');
    for (const a of stack.seeded) logLine('start', `  • ${a.name} — ${a.email} — ${a.password}`);
  }
  logLine('start', 'Press Ctrl-C to stop.');
  void stack.exited.then(why => {
    logLine('start', why, process.stderr);
    shutdown(1);
  });
}
