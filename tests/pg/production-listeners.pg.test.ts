import {spawnSync} from 'node:child_process';
import {readFileSync, statSync} from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {ROOT, metricsPort, readPorts} from '../../server/config.ts';
import {startStack, type Stack} from '../../server/stack/stack.ts';
import {isLoopback} from '../../server/http/addresses.ts';
import {listenersOf} from '../../server/stack/listeners.ts';
import {startPhoneProvider, startSmtpServer} from '../support/stand-ins.ts';
import {DEMO_PASSWORD, DEMO_USERS} from '../../server/db/seed.ts';
import {verifyPassword} from '../../server/auth/passwords.ts';
import {connect} from '../../server/db/sql.ts';

/**
 * A production-mode stack (its own embedded Postgres, API, zero-cache, phone-proxy sidecar) on ports of
 * its own: every socket it listens on is loopback, and nothing listens that we did not start on purpose.
 */
const ports = readPorts({}, 900);
const dataDir = path.join(ROOT, '.data', 'production-listeners');
let stack: Stack;
let stopStandIns: () => Promise<void>;

beforeAll(async () => {
  const provider = await startPhoneProvider();
  const smtp = await startSmtpServer();
  stopStandIns = async () => {
    await provider.close();
    await smtp.close();
  };
  stack = await startStack({
    ports,
    dataDir,
    fresh: true,
    production: true,
    publicURL: 'https://kesher.test',
    vite: false,
    // SEED_DEMO in production: the demo accounts, each with a password of its own.
    seedProfiles: 5,
    randomDemoPasswords: true,
    zeroLogLevel: 'error',
    zeroAdminPassword: 'listener-test',
    apiEnv: {
      PHONE_PROVIDER_URL: provider.url,
      PHONE_PROVIDER_TOKEN: 'token',
      HUNGUP_CALLER_POOL: '+97235550000..+97235559999',
      SMTP_URL: smtp.url,
      OFFICE_EMAIL: 'office@kesher.test',
      PHONE_PROXY_ENABLED: 'true',
    },
  });
}, 120_000);
afterAll(async () => {
  await stack?.stop();
  await stopStandIns?.();
}, 60_000);

describe('a production stack', () => {
  test('listens only on loopback, and only where we asked', () => {
    const listeners = listenersOf(stack.processes.map(p => p.pid));
    expect(listeners.filter(l => !isLoopback(l.address))).toEqual([]);
    // Postgres, the API and its metrics, zero-cache's sync port and its change-streamer, the phone proxy: nothing else.
    expect(new Set(listeners.map(l => l.port))).toEqual(
      new Set([
        ports.postgres,
        ports.api,
        metricsPort({API_PORT: String(ports.api)}),
        ports.zero,
        ports.zero + 1,
        ports.phoneProxy,
      ]),
    );
    // Every process of the stack was looked at (zero-cache's change-streamer is a forked worker).
    expect(listeners.find(l => l.port === ports.zero + 1)).toBeDefined();
  });

  test('serves its metrics on loopback, on their own port only, with every process of the stack', async () => {
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort({API_PORT: String(ports.api)})}/metrics`)).text();
    for (const name of ['kesher_http_request_duration_seconds', 'kesher_postgres_up 1', 'process_resident_memory_bytes']) {
      expect(metrics).toContain(name);
    }
    expect(metrics).toMatch(/kesher_stack_process_resident_memory_bytes\{process="zero"\} \d+/);
    expect(await (await fetch(`http://127.0.0.1:${ports.api}/metrics`)).text()).not.toContain('kesher_');
  });

  test('has no development routes, and its answers carry HSTS', async () => {
    const dev = await fetch(`http://127.0.0.1:${ports.api}/api/dev/users`);
    expect(dev.status).toBe(404);
    const session = await fetch(`http://127.0.0.1:${ports.api}/api/session`);
    expect(session.headers.get('strict-transport-security')).toContain('max-age=');
  });
  test('seeds demo accounts (SEED_DEMO) with random passwords, never the published one', async () => {
    expect(stack.seeded.map(a => a.id).sort()).toEqual(DEMO_USERS.map(u => u.id).sort());
    const passwords = stack.seeded.map(a => a.password);
    expect(new Set(passwords).size).toBe(passwords.length);
    const sql = connect(stack.databaseURL, {max: 1});
    try {
      for (const account of stack.seeded) {
        const [row] = await sql<{password_hash: string}[]>`SELECT password_hash FROM app_user WHERE id = ${account.id}`;
        expect(await verifyPassword(row!.password_hash, account.password)).toBe(true);
        expect(await verifyPassword(row!.password_hash, DEMO_PASSWORD)).toBe(false);
      }
    } finally {
      await sql.end();
    }
  });

  test('its embedded Postgres wants the generated password, kept in a file only its owner reads', async () => {
    expect(statSync(path.join(dataDir, 'pg-password')).mode & 0o777).toBe(0o600);
    const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
    expect(new URL(stack.databaseURL).password).toBe(password);
    for (const url of [
      `postgres://postgres@127.0.0.1:${ports.postgres}/kesher`,
      `postgres://postgres:guess@127.0.0.1:${ports.postgres}/kesher`,
    ]) {
      const sql = postgres(url, {max: 1, onnotice: () => {}});
      await expect(sql`SELECT 1`).rejects.toThrow(/password authentication failed|password/);
      await sql.end();
    }
  });
});

describe('the production start', () => {
  const start = (env: NodeJS.ProcessEnv) =>
    spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['server/start.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ZERO_ADMIN_PASSWORD: 'x',
        PHONE_PROVIDER_URL: 'http://127.0.0.1:1/v1',
        HUNGUP_CALLER_POOL: '+97235550000',
        SMTP_URL: 'smtp://127.0.0.1:1',
        OFFICE_EMAIL: 'office@kesher.test',
        PUBLIC_URL: 'https://kesher.test',
        ...env,
      },
    });

  test('refuses to listen beyond private addresses until the operator confirms a firewall', () => {
    const run = start({LISTEN_HOST: '0.0.0.0'});
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toMatch(
      /LISTEN_HOST=0\.0\.0\.0 is not a loopback or private address.*FIREWALL_CONFIRMED=true/s,
    );
  });

  test('can never enter the development mode', () => {
    const run = start({KESHER_MODE: 'development'});
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain('KESHER_MODE=development cannot be combined with NODE_ENV=production');
  });
});
