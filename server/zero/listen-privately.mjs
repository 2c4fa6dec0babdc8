// @ts-check
/**
 * Preloaded into zero-cache (`node --import`, which its forked workers inherit through execArgv).
 *
 * zero-cache 1.9 listens on '::' — every interface — with no setting to change it
 * (zero-cache/src/services/http-service.js): its sync port and its change-streamer port (sync port + 1),
 * which streams every replicated row change without authentication. This moves each wildcard listen to
 * a private address: the sync port to LISTEN_HOST (loopback unless the reverse proxy runs elsewhere),
 * every other port to loopback. The start then checks the outcome (server/stack/stack.ts). A replication
 * manager whose view-syncers run on other machines binds its change-streamer to REPLICATION_LISTEN_HOST
 * (a private address behind a firewall, docs/operations.md), which only the deploy units set.
 *
 * JavaScript (type-checked through @ts-check), not TypeScript: Node would load its type-stripping
 * compiler into every zero-cache process for it, some 120 MB in all (measured with `npm run bench`).
 */
import net from 'node:net';

const WILDCARDS = new Set(['::', '0.0.0.0', '', undefined]);
const syncPort = Number(process.env.ZERO_PORT);
const syncHost = process.env.LISTEN_HOST || '127.0.0.1';
const changeStreamerHost = process.env.REPLICATION_LISTEN_HOST || '127.0.0.1';

const listen = net.Server.prototype.listen;
/**
 * @this {net.Server}
 * @param {any[]} args
 */
function listenPrivately(...args) {
  const [options] = args;
  if (typeof options === 'object' && options !== null && 'port' in options) {
    const {host, port} = /** @type {net.ListenOptions} */ (options);
    const to = Number(port) === syncPort ? syncHost : Number(port) === syncPort + 1 ? changeStreamerHost : '127.0.0.1';
    if (WILDCARDS.has(host)) args[0] = {...options, host: to};
  }
  return listen.apply(this, /** @type {Parameters<typeof listen>} */ (args));
}
net.Server.prototype.listen = /** @type {typeof listen} */ (listenPrivately);
