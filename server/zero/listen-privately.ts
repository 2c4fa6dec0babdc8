/**
 * Preloaded into zero-cache (`node --import`, which its forked workers inherit through execArgv).
 *
 * zero-cache 1.9 listens on '::' — every interface — with no setting to change it
 * (zero-cache/src/services/http-service.js): its sync port and its change-streamer port (sync port + 1),
 * which streams every replicated row change without authentication. This moves each wildcard listen to
 * a private address: the sync port to LISTEN_HOST (loopback unless the reverse proxy runs elsewhere),
 * every other port to loopback. The production start then checks the result (server/stack/listeners.ts).
 *
 * Plain TypeScript without imports of our own, so Node 22 runs it without tsx.
 */
import net from 'node:net';

const WILDCARDS = new Set(['::', '0.0.0.0', '', undefined]);
const syncPort = Number(process.env.ZERO_PORT);
const syncHost = process.env.LISTEN_HOST || '127.0.0.1';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (this: net.Server, ...args: unknown[]) {
  const [options] = args;
  if (typeof options === 'object' && options !== null && 'port' in options) {
    const {host, port} = options as {host?: string; port?: number | string};
    if (WILDCARDS.has(host)) args[0] = {...options, host: Number(port) === syncPort ? syncHost : '127.0.0.1'};
  }
  return listen.apply(this, args as Parameters<typeof listen>);
} as typeof listen;
