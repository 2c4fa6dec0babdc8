// @ts-check
/**
 * Preloaded into zero-cache with listen-privately.mjs (`node --import`; its forked workers inherit it).
 * Acts in the sync worker only (syncer.js), on its connections to the replica.
 *
 * Every client group a sync worker serves reads the replica through two SQLite connections of its own
 * (zero-cache/src/services/view-syncer/snapshotter.js: the snapshots "leapfrog" each other), and each
 * connection keeps a page cache of up to 16 MB (zero-sqlite3 is built with SQLITE_DEFAULT_CACHE_SIZE =
 * -16000; the Snapshotter takes a smaller size, but server/syncer.js never passes one). The pages are
 * malloc'd one by one; when the client group closes they are freed, but glibc keeps freed chunks
 * scattered inside its heap instead of giving them back, so the worker's RSS stays at the high-water mark
 * of all the pages its open groups ever cached at once, and that mark only rises (docs/zero-memory.md).
 *
 * So each replica connection of the sync worker gets a small page cache (KESHER_ZERO_REPLICA_CACHE_KIB,
 * default 2048 KiB). The replica's pages stay in the kernel's page cache, shared by every connection,
 * so a miss costs a read() of a warm page, not a disk access.
 */
import {createRequire} from 'node:module';
import path from 'node:path';

const script = process.argv[1] ?? '';
const replicaFile = process.env.ZERO_REPLICA_FILE;
const cacheKiB = Number(process.env.KESHER_ZERO_REPLICA_CACHE_KIB ?? 2048);

if (/[/\\]syncer\.js$/.test(script) && replicaFile && Number.isInteger(cacheKiB) && cacheKiB > 0) {
  const replica = path.resolve(replicaFile);
  // The same module zero-cache imports (a CommonJS package: its prototype is shared).
  const Database = createRequire(import.meta.url)('@rocicorp/zero-sqlite3');
  /** @type {(this: {name: string}, source: string, options?: object) => unknown} */
  const pragma = Database.prototype.pragma;
  const capped = new WeakSet();
  /**
   * zqlite's Database runs a pragma first thing on every new connection (case_sensitive_like), so the
   * cap is set before the connection reads a page.
   * @this {{name: string}}
   * @param {string} source
   * @param {object} [options]
   */
  Database.prototype.pragma = function (source, options) {
    if (!capped.has(this)) {
      capped.add(this);
      if (path.resolve(this.name).startsWith(replica)) pragma.call(this, `cache_size = -${cacheKiB}`);
    }
    return pragma.call(this, source, options);
  };
}
