import {randomBytes} from 'node:crypto';
import {existsSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {ROOT} from '../config.ts';
import type {Kept} from './keeper.ts';
import {fetchReplicaSnapshot, serveReplicaSnapshots} from './replica-snapshot.ts';
import {zeroCacheBundle} from './zero-bundle.ts';
import {httpOK, logLine, startChild, waitUntil, whenReady, type Managed} from './supervisor.ts';

/** What every zero-cache of one stack shares: the environment (upstream, API URLs, app id …) and where it may reach itself. */
export type ZeroCacheBase = {env: NodeJS.ProcessEnv; reach: string; signal?: AbortSignal};

/**
 * Where view-syncer `i` (0-based) listens when the stack runs Zero's multi-node topology: ten ports
 * above the replication manager, then five apart (a zero-cache also takes its port + 1 for a
 * change-streamer and + 2 for litestream metrics, even when it runs neither).
 */
export const viewSyncerPort = (zeroPort: number, i: number) => zeroPort + 10 + 5 * i;

export function startZeroCache(base: ZeroCacheBase, cli: string, env: NodeJS.ProcessEnv): Managed {
  return startChild(
    'zero',
    process.execPath,
    [
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/listen-privately.mjs'))}`,
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/socket-handoff.mjs'))}`,
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/client-group-gate.mjs'))}`,
      // Packages of features left off (OpenTelemetry, telemetry, JWT auth, CloudEvents) are not loaded: each worker starts sooner.
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/stand-ins.mjs'))}`,
      // The sync worker's replica connections get a small page cache (KESHER_ZERO_REPLICA_CACHE_KIB).
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/replica-page-cache.mjs'))}`,
      // Idle unless KESHER_ZERO_RECYCLE_SYNCER_MB is set: drains zero-cache for a restart before a sync worker reaches it.
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/recycle-syncer.mjs'))}`,
      // Idle unless KESHER_ZERO_PROBE_DIR is set (the bench's soak): memory samples on SIGUSR2.
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/zero-probe.mjs'))}`,
      cli,
    ],
    {
      cwd: ROOT,
      env: {...base.env, ...allocatorEnv(base.env), ...env},
      // A fresh replica always logs this harmless line.
      filter: line => !line.includes('no such table: _zero.tableMetadata'),
    },
  );
}

/** Debian's libjemalloc2 (`apt-get install libjemalloc2`). */
const JEMALLOC = '/usr/lib/x86_64-linux-gnu/libjemalloc.so.2';

/**
 * zero-cache's memory allocator. With glibc's, a sync worker keeps every byte its client groups ever
 * held at once: their SQLite connections' memory is freed when a group closes, but stays in glibc's
 * heap, whose top the worker's newer allocations pin (docs/zero-memory.md). jemalloc gives freed pages
 * back within a second (its background thread purges them; muzzy pages are released at once), so the
 * worker's memory follows its open client groups. Used when the library is installed;
 * KESHER_ZERO_MALLOC=glibc turns it off, and an LD_PRELOAD already set is left alone.
 */
export function allocatorEnv(env: NodeJS.ProcessEnv, jemalloc = JEMALLOC): NodeJS.ProcessEnv {
  if (env.KESHER_ZERO_MALLOC === 'glibc' || env.LD_PRELOAD || !existsSync(jemalloc)) return {};
  return {
    LD_PRELOAD: jemalloc,
    MALLOC_CONF: env.MALLOC_CONF ?? 'background_thread:true,dirty_decay_ms:1000,muzzy_decay_ms:0',
  };
}

/** Where zero-cache asks the API (its query and mutate endpoints, and the client-group gate). */
export type ZeroCacheSettings = {databaseURL: string; apiURL: string; adminPassword: string; logLevel?: string};

/** The environment every zero-cache of Kesher runs with, whichever its role (stack.ts, zero-node-command.ts). */
export function zeroCacheEnv(o: ZeroCacheSettings): NodeJS.ProcessEnv {
  return {
    ZERO_UPSTREAM_DB: o.databaseURL,
    ZERO_APP_ID: 'kesher',
    ZERO_APP_PUBLICATIONS: 'kesher',
    ZERO_QUERY_URL: `${o.apiURL}/api/zero/query`,
    ZERO_MUTATE_URL: `${o.apiURL}/api/zero/mutate`,
    ZERO_QUERY_FORWARD_COOKIES: 'true',
    ZERO_MUTATE_FORWARD_COOKIES: 'true',
    // The browser's address as the reverse proxy saw it, for rate limits and the access log.
    ZERO_QUERY_ALLOWED_REQUEST_HEADERS: 'x-forwarded-for',
    ZERO_MUTATE_ALLOWED_REQUEST_HEADERS: 'x-forwarded-for',
    ZERO_ENABLE_CRUD_MUTATIONS: 'false',
    // Each connection's session is re-checked (an empty /api/zero/query) every 3 s, not 300: a
    // signed-out, idle or blocked user's sync ends within 5 s.
    ZERO_AUTH_REVALIDATE_INTERVAL_SECONDS: '3',
    // A client group's queries are transformed again every 5 s, not 300, with the session as it is
    // now: a right given or withheld (issue 30) changes what the user's open lists hold within seconds.
    ZERO_AUTH_RETRANSFORM_INTERVAL_SECONDS: '5',
    ZERO_ENABLE_TELEMETRY: 'false',
    ZERO_LOG_LEVEL: o.logLevel ?? 'warn',
    // Always set, so zero-cache's inspector never opens without one.
    ZERO_ADMIN_PASSWORD: o.adminPassword,
  };
}

/** Where the replication manager listening on `zeroPort` streams changes to view-syncers (Zero's own choice, port + 1). */
export const changeStreamerPort = (zeroPort: number) => zeroPort + 1;
/** Where the replication manager's host serves replica snapshots (replica-snapshot.ts): clear of Zero's + 1 and + 2. */
export const snapshotPort = (zeroPort: number) => zeroPort + 3;

/**
 * The two roles of Zero's multi-node topology, as every start of it runs them (the bench's stack and the
 * deploy units): a replication manager (ZERO_NUM_SYNC_WORKERS=0: it owns the replication slot, the
 * replica and the change-streamer) and view-syncers (ZERO_CHANGE_STREAMER_URI pointing at it), each with
 * a replica of its own seeded from a snapshot of the manager's.
 */
export const managerEnv = (replicaFile: string): NodeJS.ProcessEnv => ({
  ZERO_REPLICA_FILE: replicaFile,
  ZERO_NUM_SYNC_WORKERS: '0',
});
export const viewSyncerEnv = (o: {replicaFile: string; changeStreamerURI: string; taskID: string; syncWorkers?: number}) => ({
  ZERO_REPLICA_FILE: o.replicaFile,
  ZERO_CHANGE_STREAMER_URI: o.changeStreamerURI,
  // Named, so its client groups' owner in Zero's CVR table says which view-syncer holds them.
  ZERO_TASK_ID: o.taskID,
  ...(o.syncWorkers ? {ZERO_NUM_SYNC_WORKERS: String(o.syncWorkers)} : {}),
});

/**
 * Starts zero-cache. Single node (viewSyncers = 0): one process that replicates and serves, as `npm
 * start` runs it. Multi-node (viewSyncers = N, the bench): the topology of `deploy/` on one machine — a
 * replication manager and N view-syncers on their own ports, each view-syncer seeded over HTTP from the
 * manager's snapshots (replica-snapshot.ts) as a deployed one is. Clients pick one view-syncer each (in
 * production the reverse proxy keeps a client group on one). Returns the URLs clients connect to, and
 * what stops the snapshot server.
 */
export async function startZeroCaches(
  base: ZeroCacheBase,
  opts: {port: number; replicaFile: string; viewSyncers: number},
  keep: (name: string, label: 'zero', start: () => Promise<Kept>) => Promise<void>,
): Promise<{syncURLs: string[]; close(): Promise<void>}> {
  mkdirSync(path.dirname(opts.replicaFile), {recursive: true});
  const cli = await zeroCacheBundle(line => logLine('zero', line));
  /** Starts one zero-cache and waits until it serves (a new replica's initial sync can take minutes). */
  const serving =
    (what: string, port: number, env: NodeJS.ProcessEnv, timeoutMs: number, before?: () => Promise<void>) => async () => {
      await before?.();
      const zero = startZeroCache(base, cli, {ZERO_PORT: String(port), ...env});
      const ready = httpOK(`http://${base.reach}:${port}/`);
      return whenReady(zero, () => waitUntil(what, ready, zero.child, base.signal, timeoutMs));
    };
  const multiNode = opts.viewSyncers > 0;
  await keep(
    multiNode ? 'replication manager' : 'zero',
    'zero',
    serving(
      'zero-cache',
      opts.port,
      multiNode ? managerEnv(opts.replicaFile) : {ZERO_REPLICA_FILE: opts.replicaFile},
      15 * 60_000,
    ),
  );
  logLine('zero', `${multiNode ? 'replication manager' : 'zero-cache'} ready on :${opts.port}`);
  if (!multiNode) return {syncURLs: [`http://127.0.0.1:${opts.port}`], close: async () => {}};

  const secret = randomBytes(24).toString('base64url');
  const snapshots = await serveReplicaSnapshots({
    replicaFile: opts.replicaFile,
    host: '127.0.0.1',
    port: snapshotPort(opts.port),
    secret,
    ready: () => httpOK(`http://${base.reach}:${opts.port}/`)().catch(() => false),
    log: line => logLine('zero', line),
  });
  const syncURLs: string[] = [];
  try {
    for (let i = 0; i < opts.viewSyncers; i++) {
      const port = viewSyncerPort(opts.port, i);
      const replicaFile = path.join(path.dirname(opts.replicaFile), `view-syncer-${i}`, 'replica.db');
      const env = viewSyncerEnv({
        replicaFile,
        changeStreamerURI: `http://127.0.0.1:${changeStreamerPort(opts.port)}`,
        taskID: `view-syncer-${i}`,
        syncWorkers: 1,
      });
      // Every start (a restart too) begins from a fresh snapshot and catches up from the change-streamer.
      const seed = () =>
        fetchReplicaSnapshot({
          url: snapshots.url,
          secret,
          to: replicaFile,
          signal: base.signal,
          log: line => logLine('zero', `view-syncer ${i}: ${line}`),
        });
      await keep(`view-syncer ${i}`, 'zero', serving(`view-syncer ${i}`, port, env, 5 * 60_000, seed));
      logLine('zero', `view-syncer ${i} ready on :${port}`);
      syncURLs.push(`http://127.0.0.1:${port}`);
    }
  } catch (error) {
    await snapshots.close();
    throw error;
  }
  return {syncURLs, close: snapshots.close};
}
