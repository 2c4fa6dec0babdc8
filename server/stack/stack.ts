import {createHash, randomBytes} from 'node:crypto';
import {mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {ROOT, listenHost, reachableHost, type Ports} from '../config.ts';
import {postgresLogFilter, startEmbeddedPostgres} from './embedded-postgres.ts';
import {migrate} from '../db/migrate.ts';
import {seedDemoIfEmpty, type DemoAccount} from '../db/seed.ts';
import {connect} from '../db/sql.ts';
import {sidecarCommand} from '../phone-proxy/runtime.ts';
import {devPhoneProxySecret} from '../phone-proxy/simulate.ts';
import {isLoopback} from '../http/addresses.ts';
import {listenersOf} from './listeners.ts';
import {ensureMessages} from './messages.ts';
import {assertPortsFree} from './ports.ts';
import {createKeeper} from './keeper.ts';
import {httpAnswers, httpOK, logLine, pipeOutput, startChild, waitUntil, whenReady} from './supervisor.ts';
import {watchServerSources} from './watch-sources.ts';
import {startZeroCaches, zeroCacheEnv} from './zero-cache.ts';

export type StackOptions = {
  ports: Ports;
  dataDir: string;
  /** An external Postgres (wal_level=logical); otherwise the embedded one runs in dataDir. */
  databaseURL?: string;
  /** Start with an empty database and replica (tests, bench). */
  fresh?: boolean;
  /**
   * Production: NODE_ENV=production for every process. Otherwise the explicit development mode
   * (KESHER_MODE=development): development sign-in and the codes outbox, for loopback clients only.
   */
  production: boolean;
  /** The address users open (production: PUBLIC_URL); its origin is the only one browsers may write from. */
  publicURL?: string;
  /** Vite dev server with hot reload; otherwise the API server serves the built dist/. */
  vite: boolean;
  /** Seed demo data (staff, candidates, activities) when the database has no users yet. */
  seedProfiles: number | false;
  /** Demo activities in all (seed.ts's default when unset). */
  seedActivities?: number;
  /** Give the seeded demo accounts random passwords (production) instead of the published demo one. */
  randomDemoPasswords?: boolean;
  /** The operator confirmed a firewall admits only the reverse proxy (FIREWALL_CONFIRMED=true). */
  firewallConfirmed?: boolean;
  /** zero-cache's admin password (its inspector); a random one per run when not given. */
  zeroAdminPassword?: string;
  /** zero-cache's log level (warn keeps `npm start` readable). */
  zeroLogLevel?: string;
  /** Extra environment for the API server (e.g. test settings). */
  apiEnv?: NodeJS.ProcessEnv;
  /**
   * Zero's multi-node topology (bench): a replication manager plus this many view-syncers, each on its
   * own port (zero-cache.ts). Unset or 0: the single zero-cache every normal start runs.
   */
  viewSyncers?: number;
  /** Aborting (Ctrl-C during start-up) stops whatever already runs and rejects. */
  signal?: AbortSignal;
};

export type Stack = {
  appURL: string;
  databaseURL: string;
  ports: Ports;
  /** Top-level process of each part (zero-cache forks workers below its pid), for measurements. */
  processes: Array<{label: string; pid: number}>;
  /** The demo accounts this start seeded (none when the database already had users). */
  seeded: DemoAccount[];
  /** How long seeding took (when this start seeded) and zero-cache's start, which includes the replica's initial sync on a new replica. */
  startup: {seedMs?: number; zeroMs?: number};
  /** Where Zero clients connect: the zero-cache, or each view-syncer of the multi-node topology. */
  syncURLs: string[];
  stop(): Promise<void>;
  exited: Promise<string>;
};

const node22 = process.execPath;
const tsx = ['--import', 'tsx'];

/**
 * Starts the whole live stack in dependency order: Postgres → migrations → demo data → API server →
 * zero-cache → phone-proxy sidecar (when enabled) → web. Stops in reverse order, Postgres last.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const {ports, dataDir} = options;
  ensureMessages(line => logLine('start', line));
  // The sidecar runs only when the API tells browsers to connect to it (the same switch).
  const phoneProxyEnabled = {...process.env, ...options.apiEnv}.PHONE_PROXY_ENABLED === 'true';
  await assertPortsFree(ports, [
    ...(options.databaseURL ? ['postgres' as const] : []),
    ...(options.vite ? [] : ['web' as const]),
    ...(phoneProxyEnabled ? [] : ['phoneProxy' as const]),
  ]);
  if (options.fresh) rmSync(dataDir, {recursive: true, force: true});
  mkdirSync(dataDir, {recursive: true});

  let resolveExited: (why: string) => void = () => {};
  const exited = new Promise<string>(resolve => (resolveExited = resolve));
  // Every child is kept running: a crash is restarted while the others go on (keeper.ts).
  const keeper = createKeeper({dataDir, onGiveUp: why => resolveExited(why)});
  let stopWatching = () => {};
  let stopSnapshots = async () => {};
  const stop = async () => {
    stopWatching();
    await keeper.stopAll();
    await stopSnapshots();
  };

  // Between steps: give up if start-up was interrupted (the catch below stops what already runs).
  const proceed = () => options.signal?.throwIfAborted();
  try {
    let databaseURL = options.databaseURL ?? '';
    if (!databaseURL) {
      let fresh = options.fresh;
      await keeper.keep('pg', 'pg', async () => {
        const pg = await startEmbeddedPostgres({
          dataDir,
          port: ports.postgres,
          fresh,
          log: line => logLine('pg', line),
          onOutput: child => pipeOutput('pg', child, postgresLogFilter()),
        });
        fresh = false; // a restart recovers the same cluster from its WAL
        databaseURL = pg.url;
        logLine('pg', `ready on 127.0.0.1:${ports.postgres}`);
        return {child: pg.process, stop: pg.stop};
      });
    }

    proceed();
    const sql = connect(databaseURL, {max: 2});
    let seeded: DemoAccount[] = [];
    const startup: Stack['startup'] = {};
    try {
      const applied = await migrate(sql);
      logLine('pg', applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations up to date');
      if (options.seedProfiles !== false) {
        const seedOptions = {
          randomPasswords: options.randomDemoPasswords,
          activities: options.seedActivities,
          log: (line: string) => logLine('pg', `seed: ${line}`),
        };
        const seedStart = performance.now();
        seeded = (await seedDemoIfEmpty(sql, options.seedProfiles, seedOptions)) ?? [];
        if (seeded.length) {
          startup.seedMs = performance.now() - seedStart;
          logLine(
            'pg',
            `seeded demo data (${options.seedProfiles} candidates and their activities) in ${(startup.seedMs / 1000).toFixed(1)} s`,
          );
        }
      }
    } finally {
      await sql.end({timeout: 2});
    }

    proceed();
    const host = listenHost();
    const reach = reachableHost();
    let appURL = options.vite ? `http://localhost:${ports.web}` : `http://localhost:${ports.api}`;
    if (options.production && options.publicURL) appURL = options.publicURL;
    const env = {
      ...process.env,
      DATABASE_URL: databaseURL,
      API_PORT: String(ports.api),
      ZERO_PORT: String(ports.zero),
      WEB_PORT: String(ports.web),
      PHONE_PROXY_PORT: String(ports.phoneProxy),
      LISTEN_HOST: host,
      APP_ORIGINS: appOrigins(options, host).join(','),
      // Uploaded files go beside this stack's database (.data/files/; the e2e stack's own folder).
      KESHER_DATA_DIR: dataDir,
      // V8's compiled code of every Node child, kept between starts: a crashed zero-cache's five
      // workers load Zero's code again one after another, and this takes about a sixth off each.
      NODE_COMPILE_CACHE: path.join(dataDir, 'run', 'compile-cache'),
      NODE_ENV: options.production ? 'production' : 'development',
      KESHER_MODE: options.production ? 'production' : 'development',
    };

    const apiEnv = {
      ...env,
      // In development the provider's webhook is always on, so a call can be simulated (npm run simulate-call).
      ...(options.production ? {} : {PHONE_PROXY_SECRET: process.env.PHONE_PROXY_SECRET || devPhoneProxySecret(dataDir)}),
      ...options.apiEnv,
      KESHER_SERVE_CLIENT: options.vite ? '0' : '1',
    };
    await keeper.keep('api', 'api', () => {
      const api = startChild('api', node22, [...tsx, 'server/api-server.ts'], {cwd: ROOT, env: apiEnv});
      // Any answer means it serves: /api/health says 503 while Postgres itself restarts.
      const health = httpAnswers(`http://${reach}:${ports.api}/api/health`);
      return whenReady(api, () => waitUntil('the API server', health, api.child, options.signal));
    });
    // In development the API server restarts when its code changes (and, as everywhere, when it crashes).
    if (options.vite) stopWatching = watchServerSources(file => void keeper.restart('api', `${file} changed`));
    proceed();

    const zeroStart = performance.now();
    const {syncURLs, close: closeSnapshots} = await startZeroCaches(
      {
        reach,
        signal: options.signal,
        env: {
          ...env,
          ...zeroCacheEnv({
            databaseURL,
            apiURL: `http://${reach}:${ports.api}`,
            logLevel: options.zeroLogLevel,
            // In development a new one per run.
            adminPassword: options.zeroAdminPassword ?? randomBytes(24).toString('base64url'),
          }),
        },
      },
      {
        port: ports.zero,
        // One replica per upstream database, so switching DATABASE_URL never mixes them up.
        replicaFile: path.join(dataDir, 'zero', `replica-${databaseHash(databaseURL)}.db`),
        viewSyncers: options.viewSyncers ?? 0,
      },
      keeper.keep,
    );
    stopSnapshots = closeSnapshots;
    startup.zeroMs = performance.now() - zeroStart;
    proceed();

    if (phoneProxyEnabled) {
      const sidecar = sidecarCommand(ROOT);
      await keeper.keep('phone', 'phone', () => {
        const phone = startChild('phone', sidecar.command, sidecar.args, {cwd: ROOT, env});
        const health = httpOK(`http://${reach}:${ports.phoneProxy}/health`);
        return whenReady(phone, () => waitUntil('the phone-proxy sidecar', health, phone.child, options.signal));
      });
      proceed();
    }

    if (options.vite) {
      const vite = [
        path.join(ROOT, 'node_modules/vite/bin/vite.js'),
        '--host',
        host,
        '--port',
        String(ports.web),
        '--strictPort',
      ];
      await keeper.keep('web', 'web', () => {
        const web = startChild('web', node22, vite, {cwd: ROOT, env});
        const health = httpOK(`http://${reach}:${ports.web}`);
        return whenReady(web, () => waitUntil('the web dev server', health, web.child, options.signal));
      });
    }
    const exposed = exposedListeners(keeper.processes(), ports, host);
    if (exposed.length) {
      const list = exposed.map(l => `${l.address}:${l.port}`).join(', ');
      if (options.production && !options.firewallConfirmed) {
        throw new Error(
          `refusing to run: ${list} listen beyond loopback. Bind them privately, or confirm that a firewall admits only the reverse proxy (FIREWALL_CONFIRMED=true).`,
        );
      }
      logLine('start', `warning: ${list} listen beyond loopback`);
    }
    return {
      appURL,
      databaseURL,
      ports,
      get processes() {
        return keeper.processes();
      },
      seeded,
      startup,
      syncURLs,
      stop,
      exited,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One replica per upstream database (so switching DATABASE_URL never mixes them up), whatever its password. */
function databaseHash(databaseURL: string) {
  const url = new URL(databaseURL);
  url.password = '';
  return createHash('sha256').update(url.toString()).digest('hex').slice(0, 12);
}

/**
 * Where browsers may use the app from: the public URL in production; in development the loopback names
 * of the page's port (and LISTEN_HOST's, when a developer opened it to their network).
 */
function appOrigins(options: StackOptions, host: string): string[] {
  if (options.production) return options.publicURL ? [new URL(options.publicURL).origin] : [];
  const port = options.vite ? options.ports.web : options.ports.api;
  const hosts = new Set(['localhost', '127.0.0.1', '[::1]', host.includes(':') ? `[${host}]` : host]);
  return [...hosts].map(h => `http://${h}:${port}`);
}

/**
 * Listening sockets of the stack beyond loopback, other than LISTEN_HOST for the ports the reverse
 * proxy forwards to (API, zero-cache's sync port, the phone proxy). zero-cache binds through a preload
 * (server/zero/listen-privately.mjs); this checks the outcome, whatever a later version of it does.
 */
function exposedListeners(processes: Array<{pid: number}>, ports: Ports, host: string) {
  const upstreams = new Set([ports.api, ports.zero, ports.phoneProxy]);
  return listenersOf(processes.map(p => p.pid)).filter(
    l => !isLoopback(l.address) && !(l.address === host && upstreams.has(l.port)),
  );
}
