import {createHash, randomBytes, timingSafeEqual} from 'node:crypto';
import {createReadStream, createWriteStream, existsSync, mkdirSync, renameSync, rmSync, statSync} from 'node:fs';
import {createServer, type Server} from 'node:http';
import path from 'node:path';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import Database from '@rocicorp/zero-sqlite3';

/**
 * How a view-syncer gets the replica it starts from. Zero's own way is the replication manager's
 * litestream backup in object storage, restored by each view-syncer; that needs litestream built from
 * rocicorp's fork, which neither npm nor Debian carries (docs/operations.md, "Zero across machines").
 * Instead the replication manager's host answers `GET /replica-snapshot` (a shared secret, a private
 * address) with a consistent copy of its replica, taken as zero-cache takes its own "serving copy"
 * (`VACUUM INTO`, zero-cache/src/workers/replicator.ts); the view-syncer then catches up from the
 * change-streamer from the copy's watermark. The bench's multi-node stack and the `deploy/` units both
 * seed their view-syncers this way.
 */
export const SNAPSHOT_PATH = '/replica-snapshot';

const SIDE_FILES = ['', '-wal', '-wal2', '-shm', '-journal'];
const removeDatabase = (file: string) => SIDE_FILES.forEach(suffix => rmSync(file + suffix, {force: true}));

/** A consistent copy of a live replica (its writer may go on meanwhile) into a new file. */
export function snapshotReplica(from: string, to: string) {
  mkdirSync(path.dirname(to), {recursive: true});
  removeDatabase(to); // VACUUM INTO refuses an existing file
  const db = new Database(from, {readonly: true});
  try {
    db.prepare('VACUUM INTO ?').run(to);
  } finally {
    db.close();
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Compares in constant time (hashes first, so the lengths match). */
const sameSecret = (given: string, secret: string) => timingSafeEqual(digest(given), digest(secret));

export type SnapshotServer = {server: Server; url: string; close(): Promise<void>};

/**
 * Serves snapshots of `replicaFile` on host:port once `ready()` says the replica is whole (zero-cache
 * serves; before that it may be mid initial sync): 503 until then, 401 without the secret, one snapshot
 * at a time (each is a full copy on this disk, removed once sent).
 */
export async function serveReplicaSnapshots(opts: {
  replicaFile: string;
  host: string;
  port: number;
  secret: string;
  ready: () => boolean | Promise<boolean>;
  log?: (line: string) => void;
}): Promise<SnapshotServer> {
  if (opts.secret.length < 16) throw new Error('the replica snapshot secret must be at least 16 characters');
  let queue = Promise.resolve();
  const server = createServer((req, res) => {
    const answer = (status: number, text: string) => void res.writeHead(status, {'content-type': 'text/plain'}).end(text);
    if (req.method !== 'GET' || req.url !== SNAPSHOT_PATH) return answer(404, 'not found');
    const given = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    if (!sameSecret(given, opts.secret)) return answer(401, 'wrong or missing secret');
    queue = queue.then(async () => {
      if (!(await opts.ready()) || !existsSync(opts.replicaFile)) return answer(503, 'the replica is not ready yet');
      const copy = `${opts.replicaFile}.snapshot-${randomBytes(6).toString('hex')}`;
      try {
        const started = performance.now();
        snapshotReplica(opts.replicaFile, copy);
        const size = statSync(copy).size;
        opts.log?.(
          `replica snapshot (${(size / 2 ** 20).toFixed(1)} MiB) taken in ${Math.round(performance.now() - started)} ms`,
        );
        res.writeHead(200, {'content-type': 'application/vnd.sqlite3', 'content-length': size});
        await pipeline(createReadStream(copy), res);
      } catch (error) {
        opts.log?.(`replica snapshot failed: ${(error as Error).message}`);
        if (!res.headersSent) answer(500, 'snapshot failed');
        else res.destroy();
      } finally {
        removeDatabase(copy);
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
  return {
    server,
    url: `http://${host}:${opts.port}${SNAPSHOT_PATH}`,
    close: () => new Promise(resolve => server.close(() => resolve())),
  };
}

/**
 * Downloads a snapshot into `to` (via a `.part` file, so a half download never looks like a replica),
 * replacing what was there. Retries while the manager is not up or not ready, until `timeoutMs`.
 */
export async function fetchReplicaSnapshot(opts: {
  url: string;
  secret: string;
  to: string;
  timeoutMs?: number;
  log?: (line: string) => void;
  signal?: AbortSignal;
}): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 15 * 60_000);
  const part = `${opts.to}.part`;
  mkdirSync(path.dirname(opts.to), {recursive: true});
  for (let attempt = 1; ; attempt++) {
    opts.signal?.throwIfAborted();
    let why: string;
    try {
      const started = performance.now();
      const res = await fetch(opts.url, {headers: {authorization: `Bearer ${opts.secret}`}, signal: opts.signal});
      if (res.status === 401) throw new Error(`${opts.url} refused the replica snapshot secret`);
      if (res.ok && res.body) {
        await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), createWriteStream(part));
        removeDatabase(opts.to);
        renameSync(part, opts.to);
        const size = statSync(opts.to).size / 2 ** 20;
        opts.log?.(`replica snapshot (${size.toFixed(1)} MiB) fetched in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        return;
      }
      why = `${res.status} ${await res.text()}`;
    } catch (error) {
      if ((error as Error).message.includes('refused the replica snapshot secret') || opts.signal?.aborted) throw error;
      why = (error as Error).message;
    }
    rmSync(part, {force: true});
    if (Date.now() > deadline) throw new Error(`no replica snapshot from ${opts.url}: ${why}`);
    if (attempt === 1 || attempt % 10 === 0) opts.log?.(`waiting for the replication manager's replica (${why})`);
    await new Promise(resolve => setTimeout(resolve, Math.min(500 * attempt, 3000)));
  }
}
