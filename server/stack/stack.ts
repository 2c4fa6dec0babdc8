import {createHash} from 'node:crypto';
import {mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {ROOT, type Ports} from '../config.ts';
import {postgresLogFilter, startEmbeddedPostgres} from '../db/embedded-postgres.ts';
import {migrate} from '../db/migrate.ts';
import {seedDemoIfEmpty} from '../db/seed.ts';
import {connect} from '../db/sql.ts';
import {sidecarCommand} from '../phone-proxy/runtime.ts';
import {assertPortsFree} from './ports.ts';
import {httpOK, logLine, pipeOutput, startChild, waitUntil, type Managed} from './supervisor.ts';

export type StackOptions = {
  ports: Ports;
  dataDir: string;
  /** An external Postgres (wal_level=logical); otherwise the embedded one runs in dataDir. */
  databaseURL?: string;
  /** Start with an empty database and replica (tests, bench). */
  fresh?: boolean;
  production: boolean;
  /** Vite dev server with hot reload; otherwise the API server serves the built dist/. */
  vite: boolean;
  /** Seed demo data (staff, candidates, activities) when the database has no users yet. */
  seedProfiles: number | false;
  zeroAdminPassword?: string;
  /** zero-cache's log level (warn keeps `npm start` readable). */
  zeroLogLevel?: string;
  /** Extra environment for the API server (e.g. test settings). */
  apiEnv?: NodeJS.ProcessEnv;
  /** Aborting (Ctrl-C during start-up) stops whatever already runs and rejects. */
  signal?: AbortSignal;
};

export type Stack = {
  appURL: string;
  databaseURL: string;
  ports: Ports;
  /** Top-level process of each part (zero-cache forks workers below its pid), for measurements. */
  processes: Array<{label: string; pid: number}>;
  stop(): Promise<void>;
  exited: Promise<string>;
};

const node22 = process.execPath;
const tsx = ['--import', 'tsx'];

/**
 * Starts the whole live stack in dependency order: Postgres → migrations → demo data → API server →
 * zero-cache → phone-proxy sidecar → web. Stops in reverse order, Postgres last.
 */
export async function startStack(options: StackOptions): Promise<Stack> {
  const {ports, dataDir} = options;
  await assertPortsFree(ports, [
    ...(options.databaseURL ? ['postgres' as const] : []),
    ...(options.vite ? [] : ['web' as const]),
  ]);
  if (options.fresh) rmSync(dataDir, {recursive: true, force: true});
  mkdirSync(dataDir, {recursive: true});

  const running: Array<{label: string; pid?: number | undefined; stop(): Promise<void>}> = [];
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const proc of running.reverse()) {
      logLine('start', `stopping ${proc.label}…`);
      await proc.stop();
    }
  };
  let reportExit: (why: string) => void = () => {};
  const exited = new Promise<string>(resolve => (reportExit = resolve));
  const watch = (m: Managed) => {
    running.push({label: m.label, pid: m.child.pid, stop: m.stop});
    m.child.once('exit', code => {
      if (!stopping) reportExit(`${m.label} exited unexpectedly (code ${code})`);
    });
    return m;
  };

  // Between steps: give up if start-up was interrupted (the catch below stops what already runs).
  const proceed = () => options.signal?.throwIfAborted();
  try {
    let databaseURL = options.databaseURL;
    if (!databaseURL) {
      const pg = await startEmbeddedPostgres({
        dataDir,
        port: ports.postgres,
        fresh: options.fresh,
        log: line => logLine('pg', line),
        onOutput: child => pipeOutput('pg', child, postgresLogFilter()),
      });
      running.push({label: 'pg', pid: pg.process.pid, stop: pg.stop});
      pg.process.once('exit', code => !stopping && reportExit(`pg exited unexpectedly (code ${code})`));
      databaseURL = pg.url;
      logLine('pg', `ready on 127.0.0.1:${ports.postgres}`);
    }

    proceed();
    const sql = connect(databaseURL, {max: 2});
    try {
      const applied = await migrate(sql);
      logLine('pg', applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations up to date');
      if (options.seedProfiles !== false && (await seedDemoIfEmpty(sql, options.seedProfiles))) {
        logLine('pg', `seeded demo data (${options.seedProfiles} candidates)`);
      }
    } finally {
      await sql.end({timeout: 2});
    }

    proceed();
    const env = {
      ...process.env,
      DATABASE_URL: databaseURL,
      API_PORT: String(ports.api),
      ZERO_PORT: String(ports.zero),
      WEB_PORT: String(ports.web),
      PHONE_PROXY_PORT: String(ports.phoneProxy),
      // Uploaded files go beside this stack's database (.data/files/; the e2e stack's own folder).
      KESHER_DATA_DIR: dataDir,
      NODE_ENV: options.production ? 'production' : 'development',
    };

    const api = watch(
      // In development the API server restarts itself when its code changes.
      startChild('api', node22, [...tsx, ...(options.vite ? ['--watch'] : []), 'server/api-server.ts'], {
        cwd: ROOT,
        env: {...env, ...options.apiEnv, KESHER_SERVE_CLIENT: options.vite ? '0' : '1'},
      }),
    );
    await waitUntil('the API server', httpOK(`http://127.0.0.1:${ports.api}/api/health`), api.child, options.signal);
    proceed();

    mkdirSync(path.join(dataDir, 'zero'), {recursive: true});
    const zero = watch(
      startChild('zero', node22, [path.join(ROOT, 'node_modules/@rocicorp/zero/out/zero/src/cli.js')], {
        cwd: ROOT,
        env: {
          ...env,
          ZERO_UPSTREAM_DB: databaseURL,
          // One replica per upstream database, so switching DATABASE_URL never mixes them up.
          ZERO_REPLICA_FILE: path.join(
            dataDir,
            'zero',
            `replica-${createHash('sha256').update(databaseURL).digest('hex').slice(0, 12)}.db`,
          ),
          ZERO_PORT: String(ports.zero),
          ZERO_APP_ID: 'kesher',
          ZERO_APP_PUBLICATIONS: 'kesher',
          ZERO_QUERY_URL: `http://127.0.0.1:${ports.api}/api/zero/query`,
          ZERO_MUTATE_URL: `http://127.0.0.1:${ports.api}/api/zero/mutate`,
          ZERO_QUERY_FORWARD_COOKIES: 'true',
          ZERO_MUTATE_FORWARD_COOKIES: 'true',
          ZERO_ENABLE_CRUD_MUTATIONS: 'false',
          // Each connection's session is re-checked (an empty /api/zero/query) every 3 s, not 300: a signed-out, idle or blocked user's sync ends within 5 s.
          ZERO_AUTH_REVALIDATE_INTERVAL_SECONDS: '3',
          ZERO_ENABLE_TELEMETRY: 'false',
          ZERO_LOG_LEVEL: options.zeroLogLevel ?? 'warn',
          ...(options.zeroAdminPassword ? {ZERO_ADMIN_PASSWORD: options.zeroAdminPassword} : {}),
        },
        // A fresh replica always logs this harmless line.
        filter: line => !line.includes('no such table: _zero.tableMetadata'),
      }),
    );
    await waitUntil('zero-cache', httpOK(`http://127.0.0.1:${ports.zero}/`), zero.child, options.signal, 120_000);
    logLine('zero', `ready on :${ports.zero}`);
    proceed();

    const sidecar = await sidecarCommand(ROOT);
    const phone = watch(startChild('phone', sidecar.command, sidecar.args, {cwd: ROOT, env: {...env, PATH: process.env.PATH}}));
    await waitUntil(
      'the phone-proxy sidecar',
      httpOK(`http://127.0.0.1:${ports.phoneProxy}/health`),
      phone.child,
      options.signal,
    );
    proceed();

    let appURL = `http://localhost:${ports.api}`;
    if (options.vite) {
      const web = watch(
        startChild(
          'web',
          node22,
          [path.join(ROOT, 'node_modules/vite/bin/vite.js'), '--port', String(ports.web), '--strictPort'],
          {
            cwd: ROOT,
            env,
          },
        ),
      );
      appURL = `http://localhost:${ports.web}`;
      await waitUntil('the web dev server', httpOK(appURL), web.child, options.signal);
    }
    const processes = running.flatMap(p => (p.pid ? [{label: p.label, pid: p.pid}] : []));
    return {appURL, databaseURL, ports, processes, stop, exited};
  } catch (error) {
    await stop();
    throw error;
  }
}
