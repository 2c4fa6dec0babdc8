// @ts-check
/**
 * Preloaded into zero-cache with listen-privately.mjs (`node --import`), and idle unless
 * KESHER_ZERO_RECYCLE_SYNCER_MB is set. Acts in zero-cache's top process only (zero/src/cli.js).
 *
 * A sync worker's memory does not come back down after its client groups close (docs/zero-memory.md):
 * it stays at the high-water mark of what its open groups held at once. Before a sync worker reaches
 * the machine's limit, this drains the zero-cache it belongs to the way an orchestrator's stop does:
 * SIGTERM to the top process, which zero-cache answers with its own graceful drain
 * (services/life-cycle.js: the sync workers close their view-syncers one at a time, paced by each one's
 * hydration time, so the clients reconnect a few at a time) and then exits 0. Whatever keeps zero-cache
 * running starts it again (the stack's keeper, systemd, the container runtime); the clients rehydrate
 * from their CVRs in Postgres, on another view-syncer behind the load balancer, or on this one once it
 * is back. With several view-syncers, give them different limits (or let their loads differ) so they do
 * not recycle together.
 *
 * KESHER_ZERO_RECYCLE_SYNCER_MB: a sync worker's RSS, in MiB, at which to recycle (e.g. 1536 on a
 * view-syncer with 2 GiB). KESHER_ZERO_RECYCLE_CHECK_SECONDS: how often to look (default 30).
 */
import {readdirSync, readFileSync} from 'node:fs';

const limitMiB = Number(process.env.KESHER_ZERO_RECYCLE_SYNCER_MB ?? '');
const everyMs = 1000 * Number(process.env.KESHER_ZERO_RECYCLE_CHECK_SECONDS ?? 30);
const top = /[/\\]zero[/\\]src[/\\]cli\.js$/.test(process.argv[1] ?? '');

/** @param {number} pid */
function parentOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

/** RSS in MiB of every descendant of this process that runs zero-cache's sync worker. */
function syncWorkers() {
  /** @type {Array<{pid: number, rssMiB: number}>} */
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (!args.some(a => /[/\\]server[/\\]syncer\.js$/.test(a))) continue;
      let ancestor = parentOf(pid);
      while (ancestor > 1 && ancestor !== process.pid) ancestor = parentOf(ancestor);
      if (ancestor !== process.pid) continue;
      const rss = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
      if (rss) found.push({pid, rssMiB: Number(rss[1]) / 1024});
    } catch {
      // exited meanwhile
    }
  }
  return found;
}

if (top && Number.isFinite(limitMiB) && limitMiB > 0 && process.platform === 'linux') {
  const timer = setInterval(() => {
    const over = syncWorkers().find(w => w.rssMiB >= limitMiB);
    if (!over) return;
    clearInterval(timer);
    console.warn(
      `[recycle-syncer] sync worker ${over.pid} holds ${Math.round(over.rssMiB)} MiB (limit ${limitMiB} MiB): draining this zero-cache for a restart`,
    );
    process.kill(process.pid, 'SIGTERM');
  }, everyMs);
  timer.unref();
}
