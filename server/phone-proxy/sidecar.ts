// Phone-proxy sidecar on uWebSockets.js. Runs in its own Node 20 process
// (see runtime.ts): @trufflesuite/uws-js-unofficial only has native binaries
// for Node 16/18/20, and elsewhere it silently falls back to a slow pure-JS
// implementation, which we refuse to run on.

import {createRequire} from 'node:module';
import type {HttpResponse, us_listen_socket, WebSocket} from '@trufflesuite/uws-js-unofficial';

const SUPPORTED_ABIS = ['93', '108', '115']; // Node 16, 18, 20
const abi = process.versions.modules;
if (!SUPPORTED_ABIS.includes(abi)) {
  console.error(
    `refusing to start: uWebSockets.js needs Node 16/18/20 (ABI ${SUPPORTED_ABIS.join('/')}), ` +
      `got Node ${process.version} (ABI ${abi}); launch via sidecarCommand() in server/phone-proxy/runtime.ts`,
  );
  process.exit(1);
}

// Load the native binary ourselves first, so a missing or broken build (other
// platform/arch, libc) is a hard error instead of the package's silent JS
// fallback. The package's own require() of the same file then hits the cache.
delete process.env.UWS_USE_FALLBACK;
const binary = `@trufflesuite/uws-js-unofficial/binaries/uws_${process.platform}_${process.arch}_${abi}.node`;
try {
  createRequire(import.meta.url)(binary);
} catch (err) {
  console.error(`refusing to start: cannot load native uWebSockets.js (${binary}): ${String(err)}`);
  process.exit(1);
}
const {default: uWS} = await import('@trufflesuite/uws-js-unofficial');

const rawPort = process.env.PHONE_PROXY_PORT ?? 6200;
const port = Number(rawPort);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`invalid PHONE_PROXY_PORT ${JSON.stringify(rawPort)}: expected an integer 1-65535`);
  process.exit(1);
}

type ClientData = Record<string, never>;
const clients = new Set<WebSocket<ClientData>>();

function reply(res: HttpResponse, status: string, contentType: string, body: string): void {
  res.cork(() => {
    res.writeStatus(status).writeHeader('content-type', contentType).end(body);
  });
}

const app = uWS
  .App()
  .get('/health', res => {
    const body = JSON.stringify({
      ok: true,
      service: 'phone-proxy',
      uptimeMs: Math.round(process.uptime() * 1000),
      clients: clients.size,
    });
    reply(res, '200 OK', 'application/json', body);
  })
  // Shadchanim's browsers connect here; this socket will relay the provider's
  // END_CALL events to them. Nothing is relayed yet, so inbound messages are ignored.
  .ws<ClientData>('/ws', {
    open: ws => {
      clients.add(ws);
    },
    close: ws => {
      clients.delete(ws);
    },
  })
  .any('/*', res => {
    reply(res, '404 Not Found', 'text/plain', 'not found');
  });

let listenSocket: us_listen_socket | null = null;
let stopping = false;

function shutdown(): void {
  if (stopping) return;
  stopping = true;
  if (listenSocket) uWS.us_listen_socket_close(listenSocket);
  listenSocket = null;
  for (const ws of [...clients]) ws.end(1001, 'server shutting down');
  clients.clear();
  // One turn of the loop lets the close frames go out.
  setImmediate(() => process.exit(0));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// uWS listens with SO_REUSEPORT by default, which would let a second instance
// share the port silently; the exclusive flag makes a taken port an error.
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
app.listen(port, LIBUS_LISTEN_EXCLUSIVE_PORT, socket => {
  if (!socket) {
    console.error(`cannot listen on :${port} (port in use?); set PHONE_PROXY_PORT to use another port`);
    process.exit(1);
  }
  listenSocket = socket;
  console.log(`listening on :${port} (uWS, Node ${process.version})`);
});
