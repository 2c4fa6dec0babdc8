import {randomBytes} from 'node:crypto';
import {spawnSync} from 'node:child_process';
import {
  appendFileSync,
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {ROOT} from '../../server/config.ts';
import {startEmbeddedPostgres, type EmbeddedPostgres} from '../../server/stack/embedded-postgres.ts';
import {killByEnvironment} from '../../server/stack/process-tag.ts';
import {startInspector, startPhoneProvider, startSmtpServer} from '../support/stand-ins.ts';
import {startS3StandIn} from '../support/storages.ts';
import {nginxTest, readEnvironmentFile, readUnit, runOneshot, startUnit, type RunningUnit} from './units.ts';

/**
 * The production topology of deploy/, on loopback, as the smoke runs it: Debian's Postgres 15, the
 * units of deploy/systemd (migrations, two API instances, a replication manager, two view-syncers, the
 * phone-proxy sidecar) and deploy/nginx/kesher.conf with a self-signed certificate, every port moved by
 * DEPLOY_PORT_OFFSET (700) so it runs beside a developer's `npm start`. External services are local
 * stand-ins: SMTP and the phone provider (sign-in codes), s3rver (the bucket).
 */
const OFFSET = Number(process.env.DEPLOY_PORT_OFFSET ?? 700);
const POSTGRES_BIN = process.env.DEPLOY_POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';
const NGINX = process.env.DEPLOY_NGINX ?? '/usr/sbin/nginx';

/** A port of deploy/'s files, moved; nginx's public 80 and 443 go above 1024 (no root needed). */
export const moved = (port: number) => (port === 80 ? 8080 : port === 443 ? 8443 : port) + OFFSET;

export const PORTS = {
  https: moved(443),
  apis: [moved(3100), moved(3101)],
  manager: moved(4848),
  viewSyncers: [moved(4858), moved(4863)],
  postgres: 6432 + OFFSET,
  phoneProxy: moved(6200),
};

export type Topology = Awaited<ReturnType<typeof startTopology>>;

/** How long nginx leaves an upstream of `group` alone after it refused (fail_timeout in deploy/nginx/kesher.conf). */
export function failTimeoutMs(group: 'kesher_api' | 'kesher_zero'): number {
  const conf = readFileSync(path.join(ROOT, 'deploy/nginx/kesher.conf'), 'utf8');
  const block = conf.slice(conf.indexOf(`upstream ${group} {`));
  const seconds = /fail_timeout=(\d+)s/.exec(block.slice(0, block.indexOf('}')))?.[1];
  if (!seconds) throw new Error(`no fail_timeout in upstream ${group}`);
  return Number(seconds) * 1000;
}

/** What a release folder does not hold of the checkout (built, installed, or local to it). */
const NOT_RELEASED = new Set(['node_modules', 'dist', '.data', 'test-results', '.git']);
const SIDECAR_NODE = 'server/phone-proxy/runtime/node_modules';

/**
 * A new release beside the running one, as an update makes it (docs/operations.md, "Updates"): the source
 * copied into its own folder (the installed packages linked, as `npm install` would give the same ones),
 * one more migration, which only adds (a table), and its own build (`vite build`, a new dist/).
 */
export function prepareRelease(to: string, log: (line: string) => void) {
  mkdirSync(to);
  for (const entry of readdirSync(ROOT).filter(e => !NOT_RELEASED.has(e))) {
    cpSync(path.join(ROOT, entry), path.join(to, entry), {recursive: true, filter: from => !from.endsWith(SIDECAR_NODE)});
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(to, 'node_modules'));
  symlinkSync(path.join(ROOT, SIDECAR_NODE), path.join(to, SIDECAR_NODE));
  writeFileSync(
    path.join(to, 'migrations', `${UPDATE_MIGRATION}.sql`),
    'CREATE TABLE smoke_update_note (id text PRIMARY KEY, written_at timestamptz NOT NULL DEFAULT now());\n',
  );
  const started = performance.now();
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {cwd: to, encoding: 'utf8'});
  if (build.status !== 0) throw new Error(`the new release's build failed: ${build.stderr}`);
  log(`new release built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return to;
}
export const UPDATE_MIGRATION = '9000_smoke_update_expand';

/** Whether this machine has what the smoke runs on (.ci/run installs them). */
export function missingPrerequisites(): string[] {
  return [
    ...(existsSync(path.join(POSTGRES_BIN, 'postgres')) ? [] : [`${POSTGRES_BIN}/postgres (apt-get install postgresql-15)`]),
    ...(existsSync(NGINX) ? [] : [`${NGINX} (apt-get install nginx)`]),
    ...(existsSync(path.join(ROOT, 'dist/index.html')) ? [] : ['dist/ (npm run build)']),
  ];
}

export async function startTopology() {
  const dir = mkdtempSync(path.join(tmpdir(), 'kesher-deploy-'));
  chmodSync(dir, 0o755);
  const logFile = path.join(dir, 'units.log');
  const log = (line: string) => appendFileSync(logFile, `${line}\n`);
  const runID = randomBytes(6).toString('hex');
  const units = new Map<string, RunningUnit>();
  let pg: EmbeddedPostgres | undefined;
  const closers: Array<() => Promise<void>> = [];

  const stop = async () => {
    for (const unit of [...units.values()].reverse()) await unit.stop().catch(() => {});
    spawnSync(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-s', 'stop']);
    killByEnvironment(`KESHER_DEPLOY_SMOKE=${runID}`);
    await pg?.stop();
    for (const close of closers) await close().catch(() => {});
    if (!process.env.DEPLOY_KEEP) rmSync(dir, {recursive: true, force: true});
  };

  try {
    // Debian's Postgres 15, a cluster of its own (as the postgres OS user when we are root).
    pg = await startEmbeddedPostgres({
      dataDir: path.join(dir, 'pg-data'),
      port: PORTS.postgres,
      fresh: true,
      binDir: POSTGRES_BIN,
      log,
      onOutput: child => child.stdout?.on('data', () => {}) && child.stderr?.on('data', () => {}),
    });
    const provider = await startPhoneProvider();
    const smtp = await startSmtpServer();
    const inspector = await startInspector({calls: () => provider.requests, mails: () => smtp.mails});
    const s3 = await startS3StandIn();
    closers.push(provider.close, smtp.close, inspector.close, s3.close);

    // The certificate a real site gets from Let's Encrypt: here self-signed for localhost.
    const cert = path.join(dir, 'tls.crt');
    const key = path.join(dir, 'tls.key');
    const openssl = spawnSync('openssl', [
      'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
    ]); // prettier-ignore
    if (openssl.status !== 0) throw new Error(`openssl: ${openssl.stderr}`);

    const publicURL = `https://localhost:${PORTS.https}`;
    const dataDir = path.join(dir, 'data');
    mkdirSync(dataDir, {recursive: true});
    // What /etc/kesher/kesher.env holds (deploy/kesher.env.example), for this machine.
    const envFile = readEnvironmentFile(
      Object.entries({
        PUBLIC_URL: publicURL,
        ZERO_ADMIN_PASSWORD: randomBytes(18).toString('base64url'),
        PHONE_PROVIDER_URL: provider.url,
        PHONE_PROVIDER_TOKEN: 'smoke-token',
        HUNGUP_CALLER_POOL: '+97235550000..+97235559999',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Kesher <no-reply@kesher.test>',
        OFFICE_EMAIL: 'office@kesher.test',
        DATABASE_URL: pg.url,
        TRUST_PROXY: '127.0.0.1',
        KESHER_DATA_DIR: dataDir,
        ...s3.env,
        API_INTERNAL_URL: `http://127.0.0.1:${moved(3099)}`,
        REPLICATION_MANAGER: `http://127.0.0.1:${PORTS.manager}`,
        REPLICA_SNAPSHOT_SECRET: randomBytes(24).toString('base64url'),
        PHONE_PROXY_ENABLED: 'true',
        PHONE_PROXY_SECRET: 'smoke-phone-proxy-secret',
        PHONE_PROXY_PORT: String(moved(6201)),
        PHONE_PROXY_PUBLIC_PORT: String(moved(6200)),
        // Marks every process of this run, so its end leaves none behind whatever it forked.
        KESHER_DEPLOY_SMOKE: runID,
      })
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
    );
    writeFileSync(
      path.join(dir, 'kesher.env'),
      Object.entries(envFile)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
      {mode: 0o600},
    );

    /** Where each unit answers once it serves. */
    const healthURL = (file: string, instance: string) =>
      file === 'kesher-api@.service'
        ? `http://127.0.0.1:${instance}/api/health`
        : file === 'kesher-view-syncer@.service'
          ? `http://127.0.0.1:${instance}/`
          : file === 'kesher-zero-manager.service'
            ? `http://127.0.0.1:${PORTS.manager}/`
            : `http://127.0.0.1:${moved(6201)}/health`;
    const start = (file: string, instance = '', release = ROOT) => {
      units.set(`${file}:${instance}`, startUnit(readUnit(file, instance), release, envFile, log));
    };
    const serving = (file: string, instance = '') =>
      until(`${file} ${instance}`, async () => (await fetch(healthURL(file, instance))).ok, [...units.values()]);
    /** Stops a unit as systemd would (its KillSignal, then the rest of its group). */
    const stopUnit = async (file: string, instance = '') => {
      const unit = units.get(`${file}:${instance}`);
      units.delete(`${file}:${instance}`);
      await unit?.stop();
    };

    const migrate = (release = ROOT) => runOneshot(readUnit('kesher-migrate.service'), release, envFile, log);
    await migrate();
    start('kesher-zero-manager.service');
    for (const port of PORTS.apis) start('kesher-api@.service', String(port));
    start('kesher-phone-proxy.service');

    // nginx with deploy/'s site, its ports and certificate swapped for this machine's.
    const site = readFileSync(path.join(ROOT, 'deploy/nginx/kesher.conf'), 'utf8')
      .replace(/^\s*listen \[::\].*\n/gm, '')
      .replace(/127\.0\.0\.1:(\d+)/g, (_, port: string) => `127.0.0.1:${moved(Number(port))}`)
      .replace(/listen (\d+)(?=[ ;])/g, (_, port: string) => `listen 127.0.0.1:${moved(Number(port))}`)
      .replace(/\/etc\/letsencrypt\/live\/kesher\.example\.org\/fullchain\.pem/g, cert)
      .replace(/\/etc\/letsencrypt\/live\/kesher\.example\.org\/privkey\.pem/g, key);
    writeFileSync(path.join(dir, 'kesher.conf'), site);
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, `nginx-${temp}`));
    writeFileSync(
      path.join(dir, 'nginx.conf'),
      [
        ...(process.getuid?.() === 0 ? ['user root;'] : []),
        'worker_processes 1;',
        `pid ${dir}/nginx.pid;`,
        `error_log ${dir}/nginx-error.log warn;`,
        'events { worker_connections 1024; }',
        'http {',
        `  access_log ${dir}/nginx-access.log;`,
        ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          t => `  ${t === 'body' ? 'client_body' : t}_temp_path ${dir}/nginx-${t};`,
        ),
        `  include ${dir}/kesher.conf;`,
        '}',
      ].join('\n'),
    );
    nginxTest(NGINX, dir, path.join(dir, 'nginx.conf'));
    const nginx = spawnSync(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {encoding: 'utf8'});
    if (nginx.status !== 0) throw new Error(`nginx: ${nginx.stderr}`);

    await until('the API instances through nginx', async () => (await fetch(`http://127.0.0.1:${moved(3099)}/api/health`)).ok, [
      ...units.values(),
    ]);
    for (const port of PORTS.apis) await serving('kesher-api@.service', String(port));
    await serving('kesher-zero-manager.service');
    for (const port of PORTS.viewSyncers) start('kesher-view-syncer@.service', String(port));
    for (const port of PORTS.viewSyncers) await serving('kesher-view-syncer@.service', String(port));
    await serving('kesher-phone-proxy.service');

    return {
      dir,
      logFile,
      publicURL,
      envFile,
      databaseURL: pg.url,
      standInsURL: inspector.url,
      s3,
      stopUnit,
      /** Starts a unit from a release and waits until it serves. */
      startUnit: async (file: string, instance = '', release = ROOT) => {
        start(file, instance, release);
        await serving(file, instance);
      },
      migrate,
      /** A command of the release (like `npm run admin:create`), with kesher.env's variables. */
      command: (args: string[]) =>
        spawnSync('npm', args, {cwd: ROOT, encoding: 'utf8', env: {PATH: process.env.PATH, HOME: process.env.HOME, ...envFile}}),
      /** A new release in this run's folder (prepareRelease). */
      prepareRelease: () => prepareRelease(path.join(dir, 'release-new'), log),
      stop,
    };
  } catch (error) {
    const tail = existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-60).join('\n') : '';
    await stop();
    throw new Error(`${(error as Error).message}\n--- the units' last lines ---\n${tail}`);
  }
}

/** Waits for `check`; fails at once when a unit of `running` has exited (systemd would restart it: a crash). */
async function until(what: string, check: () => Promise<boolean>, running: RunningUnit[], timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const crashed = running.find(unit => unit.child.exitCode !== null || unit.child.signalCode !== null);
    if (crashed) throw new Error(`${crashed.unit.name} exited while waiting for ${what}`);
    if (await check().catch(() => false)) return;
    await new Promise(resolve => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer within ${timeoutMs / 1000} s`);
}
