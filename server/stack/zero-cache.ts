import {existsSync, mkdirSync, rmSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import Database from '@rocicorp/zero-sqlite3';
import {ROOT} from '../config.ts';
import type {Kept} from './keeper.ts';
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

function startZeroCache(base: ZeroCacheBase, cli: string, env: NodeJS.ProcessEnv): Managed {
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
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/memory-probe.mjs'))}`,
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

/**
 * Starts zero-cache. Single node (viewSyncers = 0): one process that replicates and serves, as `npm
 * start` runs it. Multi-node (viewSyncers = N): Zero's production topology on one machine — a
 * replication manager (ZERO_NUM_SYNC_WORKERS=0: it owns the replication slot, the replica and the
 * change-streamer on its port + 1) and N view-syncers (ZERO_CHANGE_STREAMER_URI pointing at it), each
 * with its own replica file and port. Clients pick one view-syncer each (in production a load balancer
 * keeps a client group on one). Returns the processes in start order and the URLs clients connect to.
 */
export async function startZeroCaches(
  base: ZeroCacheBase,
  opts: {port: number; replicaFile: string; viewSyncers: number},
  keep: (name: string, label: 'zero', start: () => Promise<Kept>) => Promise<void>,
): Promise<{syncURLs: string[]}> {
  mkdirSync(path.dirname(opts.replicaFile), {recursive: true});
  const cli = await zeroCacheBundle(line => logLine('zero', line));
  /** Starts one zero-cache and waits until it serves (a new replica's initial sync can take minutes). */
  const serving = (what: string, port: number, env: NodeJS.ProcessEnv, timeoutMs: number) => () => {
    const zero = startZeroCache(base, cli, {ZERO_PORT: String(port), ...env});
    const ready = httpOK(`http://${base.reach}:${port}/`);
    return whenReady(zero, () => waitUntil(what, ready, zero.child, base.signal, timeoutMs));
  };
  const managerEnv = {ZERO_REPLICA_FILE: opts.replicaFile, ...(opts.viewSyncers > 0 ? {ZERO_NUM_SYNC_WORKERS: '0'} : {})};
  await keep(
    opts.viewSyncers > 0 ? 'replication manager' : 'zero',
    'zero',
    serving('zero-cache', opts.port, managerEnv, 15 * 60_000),
  );
  logLine('zero', `${opts.viewSyncers > 0 ? 'replication manager' : 'zero-cache'} ready on :${opts.port}`);
  if (opts.viewSyncers === 0) return {syncURLs: [`http://127.0.0.1:${opts.port}`]};

  const syncURLs: string[] = [];
  for (let i = 0; i < opts.viewSyncers; i++) {
    const port = viewSyncerPort(opts.port, i);
    const replicaFile = path.join(path.dirname(opts.replicaFile), `view-syncer-${i}`, 'replica.db');
    const copyStart = performance.now();
    copyReplica(opts.replicaFile, replicaFile);
    logLine('zero', `view-syncer ${i}: replica copied in ${((performance.now() - copyStart) / 1000).toFixed(1)} s`);
    // A restarted view-syncer goes on from its own replica, catching up from the change-streamer.
    const syncerEnv = {
      ZERO_REPLICA_FILE: replicaFile,
      ZERO_CHANGE_STREAMER_URI: `http://127.0.0.1:${opts.port + 1}`,
      ZERO_NUM_SYNC_WORKERS: '1',
    };
    await keep(`view-syncer ${i}`, 'zero', serving(`view-syncer ${i}`, port, syncerEnv, 5 * 60_000));
    logLine('zero', `view-syncer ${i} ready on :${port}`);
    syncURLs.push(`http://127.0.0.1:${port}`);
  }
  return {syncURLs};
}

/**
 * A view-syncer needs a replica to start from: in production it restores the replication manager's
 * litestream backup (ZERO_LITESTREAM_BACKUP_URL, usually s3://). Litestream (rocicorp's fork) is not
 * part of the npm package, so on one machine the bench takes the same consistent snapshot zero-cache
 * takes for its own "serving-copy" mode (`VACUUM INTO`, zero-cache/src/workers/replicator.ts); the
 * view-syncer then catches up from the change-streamer from the copy's watermark.
 */
function copyReplica(from: string, to: string) {
  mkdirSync(path.dirname(to), {recursive: true});
  // A previous run's copy (kept data dir): VACUUM INTO refuses an existing file.
  for (const suffix of ['', '-wal', '-wal2', '-shm']) rmSync(to + suffix, {force: true});
  const db = new Database(from, {readonly: true});
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
}
