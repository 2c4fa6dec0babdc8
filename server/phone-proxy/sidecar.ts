// Phone-proxy sidecar on uWebSockets.js. Runs in its own process on the pinned Node 20 (see
// runtime.ts): @trufflesuite/uws-js-unofficial only has native binaries for Node 16/18/20, and
// elsewhere it silently falls back to a slow pure-JS implementation, which we refuse to run on.
// Only signed-in staff on the app's own origins get a socket (admission.ts), and a socket whose
// session ends is closed within seconds. Each socket receives its user's calls that ended (relay.ts).

import {createRequire} from 'node:module';
import type {HttpResponse, us_listen_socket, WebSocket} from '@trufflesuite/uws-js-unofficial';
import {appOrigins, listenHost, reachableHost, readPorts, type Ports} from '../config.ts';
import {connect} from '../db/sql.ts';
import {readCaps, refusals, sessionChecker, sessionToken, type Caps, type Refusal} from './admission.ts';
import {readedID, startRelay, type EndCall, type NotificationReaded} from './relay.ts';

function fail(message: string): never {
  console.error(`refusing to start: ${message}`);
  process.exit(1);
}

const SUPPORTED_ABIS = ['93', '108', '115']; // Node 16, 18, 20
const abi = process.versions.modules;
if (!SUPPORTED_ABIS.includes(abi)) {
  fail(
    `uWebSockets.js needs Node 16/18/20 (ABI ${SUPPORTED_ABIS.join('/')}), got Node ${process.version} ` +
      `(ABI ${abi}); launch via sidecarCommand() in server/phone-proxy/runtime.ts`,
  );
}

// Load the native binary ourselves first, so a missing or broken build (other
// platform/arch, libc) is a hard error instead of the package's silent JS
// fallback. The package's own require() of the same file then hits the cache.
delete process.env.UWS_USE_FALLBACK;
const binary = `@trufflesuite/uws-js-unofficial/binaries/uws_${process.platform}_${process.arch}_${abi}.node`;
try {
  createRequire(import.meta.url)(binary);
} catch (err) {
  fail(`cannot load native uWebSockets.js (${binary}): ${String(err)}`);
}
const {default: uWS} = await import('@trufflesuite/uws-js-unofficial');

let ports: Ports, caps: Caps;
try {
  ports = readPorts();
  caps = readCaps();
} catch (err) {
  fail((err as Error).message);
}
const {phoneProxy: port, api: apiPort} = ports;
const origins = appOrigins();
if (origins.length === 0) fail('APP_ORIGINS is empty, so every browser would be refused (npm start sets it)');
if (!process.env.DATABASE_URL) fail('DATABASE_URL is not set: the calls to relay live in Postgres (npm start sets it)');
const host = listenHost();
// With several API instances (deploy/), the proxy's internal address that balances them.
const checkSession = sessionChecker(process.env.API_INTERNAL_URL?.replace(/\/+$/, '') || `http://${reachableHost()}:${apiPort}`);
/** How often open sockets' sessions are asked again: a signed-out or blocked user loses the channel this fast. */
const RECHECK_MS = 5000;

type ClientData = {userID: string; token: string};
type Socket = WebSocket<ClientData>;
const clients = new Set<Socket>();
const socketsOf = new Map<string, Set<Socket>>();

/** Sends a list of messages (spec §3: the browser always receives a list) to open sockets only. */
function send(sockets: Iterable<Socket>, messages: Array<EndCall | NotificationReaded>): void {
  const text = JSON.stringify(messages);
  for (const ws of sockets) if (clients.has(ws)) ws.cork(() => ws.send(text));
}

const sql = connect(process.env.DATABASE_URL, {max: 4});
let relay: Awaited<ReturnType<typeof startRelay>>;
try {
  relay = await startRelay(
    sql,
    userID => socketsOf.has(userID),
    (userID, message) => send(socketsOf.get(userID) ?? [], [message]),
  );
} catch (err) {
  fail(`cannot listen for calls in Postgres: ${String(err)}`);
}

function reply(res: HttpResponse, status: string, contentType: string, body: string): void {
  res.cork(() => {
    res.writeStatus(status).writeHeader('content-type', contentType).end(body);
  });
}

const refuse = (res: HttpResponse, refusal: Refusal) => reply(res, refusal.status, 'text/plain', refusal.why);

/** Whether the sidecar holds as many sockets as it may (checked before asking the API, and again right before the upgrade). */
function full(): boolean {
  if (clients.size < caps.total) return false;
  console.warn(`refused a socket: ${clients.size} open (PHONE_PROXY_MAX_CONNECTIONS=${caps.total})`);
  return true;
}

/** The cap a new socket of this user would break, checked right before the upgrade (open counts it at once). */
function capReached(userID: string): Refusal | undefined {
  if (full()) return refusals.totalCap;
  const mine = socketsOf.get(userID)?.size ?? 0;
  if (mine < caps.perUser) return undefined;
  console.warn(`refused a socket for ${userID}: ${mine} open for this user (PHONE_PROXY_MAX_PER_USER=${caps.perUser})`);
  return refusals.userCap;
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
  // Shadchanim's browsers connect here: they receive END_CALL for each of their calls that ended and
  // answer NOTIFICATION_READED; nothing else they send means anything.
  .ws<ClientData>('/ws', {
    upgrade: async (res, req, context) => {
      // The request lives only until the first await: read everything now.
      const origin = req.getHeader('origin');
      const token = sessionToken(req.getHeader('cookie'));
      const key = req.getHeader('sec-websocket-key');
      const protocol = req.getHeader('sec-websocket-protocol');
      const extensions = req.getHeader('sec-websocket-extensions');
      if (!origins.includes(origin)) return refuse(res, refusals.foreignOrigin);
      if (!token) return refuse(res, refusals.noSession);
      if (full()) return refuse(res, refusals.totalCap); // spares the API the question

      let aborted = false;
      res.onAborted(() => (aborted = true));
      const session = await checkSession(token);
      if (aborted) return;
      if (session === 'unknown') return refuse(res, refusals.apiUnavailable);
      if (session === 'ended') return refuse(res, refusals.noSession);
      const capped = capReached(session.userID);
      if (capped) return refuse(res, capped);
      // Not inside res.cork, though uWS then warns on stderr: this uWS build's cork() can misread the
      // upgraded socket's memory as a "Connection: close" request and drop about one socket in ten right
      // after open (uNetworking/uWebSockets#1929, fixed upstream in 2026; its author's advice until then).
      res.upgrade<ClientData>({userID: session.userID, token}, key, protocol, extensions, context);
    },
    maxPayloadLength: 4096,
    open: ws => {
      clients.add(ws);
      const {userID} = ws.getUserData();
      const mine = socketsOf.get(userID) ?? new Set();
      socketsOf.set(userID, mine.add(ws));
      // Whatever ended while this user had no socket (spec §4: nothing is lost while away).
      relay.unreadOf(userID).then(
        missed => missed.length > 0 && send([ws], missed),
        err => console.error(`cannot read ${userID}'s notifications: ${String(err)}`),
      );
    },
    message: (ws, message) => {
      // The buffer is only valid during this call: read it now.
      const notificationID = readedID(Buffer.from(message).toString('utf8'));
      if (!notificationID) return;
      const {userID} = ws.getUserData();
      relay.markRead(userID, notificationID).then(
        marked => {
          const others = [...(socketsOf.get(userID) ?? [])].filter(other => other !== ws);
          if (marked) send(others, [{Type: 'NOTIFICATION_READED', Data: {notificationID}}]);
        },
        err => console.error(`cannot mark ${notificationID} read: ${String(err)}`),
      );
    },
    close: ws => {
      clients.delete(ws);
      const {userID} = ws.getUserData();
      const mine = socketsOf.get(userID);
      mine?.delete(ws);
      if (mine?.size === 0) socketsOf.delete(userID);
    },
  })
  .any('/*', res => {
    reply(res, '404 Not Found', 'text/plain', 'not found');
  });

/** Asks the API once per distinct session of the open sockets, and closes the sockets of sessions that ended. */
async function recheckSessions(): Promise<void> {
  const byToken = new Map<string, Array<WebSocket<ClientData>>>();
  for (const ws of clients) {
    const {token} = ws.getUserData();
    const sockets = byToken.get(token);
    if (sockets) sockets.push(ws);
    else byToken.set(token, [ws]);
  }
  await Promise.all(
    [...byToken].map(async ([token, sockets]) => {
      if ((await checkSession(token)) !== 'ended') return;
      // 1008: policy violation — the browser's reconnect is then refused until it signs in again.
      for (const ws of sockets) if (clients.has(ws)) ws.end(1008, 'session ended');
    }),
  );
}

let recheckTimer: NodeJS.Timeout | undefined;
const scheduleRecheck = () => {
  recheckTimer = setTimeout(() => void recheckSessions().finally(scheduleRecheck), RECHECK_MS);
};

let listenSocket: us_listen_socket | null = null;
let stopping = false;

function shutdown(): void {
  if (stopping) return;
  stopping = true;
  clearTimeout(recheckTimer);
  if (listenSocket) uWS.us_listen_socket_close(listenSocket);
  listenSocket = null;
  for (const ws of [...clients]) ws.end(1001, 'server shutting down');
  clients.clear();
  // One turn of the loop lets the close frames go out; the database connections end meanwhile.
  void relay
    .close()
    .then(() => sql.end({timeout: 1}))
    .finally(() => setImmediate(() => process.exit(0)));
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

// uWS listens with SO_REUSEPORT by default, which would let a second instance
// share the port silently; the exclusive flag makes a taken port an error.
// The typings lack the (host, port, options, callback) form that the native listen accepts.
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;
const listen = app.listen as unknown as (
  host: string,
  port: number,
  options: number,
  cb: (socket: us_listen_socket | false) => void,
) => void;
listen.call(app, host, port, LIBUS_LISTEN_EXCLUSIVE_PORT, socket => {
  if (!socket) fail(`cannot listen on ${host}:${port} (port in use?); set PHONE_PROXY_PORT to use another port`);
  listenSocket = socket;
  scheduleRecheck();
  console.log(`listening on ${host}:${port} (uWS, Node ${process.version})`);
});
