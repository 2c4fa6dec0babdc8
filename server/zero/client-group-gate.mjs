// @ts-check
/**
 * Preloaded into zero-cache with listen-privately.mjs (`node --import`). Before zero-cache takes a sync
 * socket, the API says whether the browser's user may use the client group the socket names: zero-cache
 * 1.9 pins a group to its first user only in memory, so once the group's last tab has closed, another
 * signed-in user naming it would be let in and told the first user's rows as they leave
 * (docs/zero-client-group.md). The API records a group's user durably (server/zero/client-groups.ts).
 *
 * The socket waits in this process until the API has answered: the browser sends nothing before the
 * upgrade's answer, so nothing is read (or lost, see socket-handoff.mjs) meanwhile. Only an answer of
 * 204 lets it through; a refusal, or an API that cannot be asked, closes it.
 */
import http from 'node:http';

const queryURL = process.env.ZERO_QUERY_URL;
const admitURL = queryURL ? new URL('/api/zero/admit', queryURL) : undefined;
/** An API that does not answer in this long refuses the socket (the browser tries again). */
const ADMIT_TIMEOUT_MS = 10_000;

/**
 * @param {http.IncomingMessage} req
 * @param {string} clientGroupID
 */
async function admitted(req, clientGroupID) {
  if (!admitURL) return false;
  /** @type {Record<string, string>} */
  const headers = {'content-type': 'application/json'};
  // The client's own: its session (a cookie, or Zero's `auth` token, sent as zero-cache sends it to the
  // query URL), and the page it came from (the API refuses other sites).
  if (req.headers.cookie) headers.cookie = req.headers.cookie;
  const token = authTokenOf(req.headers['sec-websocket-protocol']);
  if (token) headers.authorization = `Bearer ${token}`;
  if (req.headers.origin) headers.origin = req.headers.origin;
  try {
    const res = await fetch(admitURL, {
      method: 'POST',
      headers,
      body: JSON.stringify({clientGroupID}),
      signal: AbortSignal.timeout(ADMIT_TIMEOUT_MS),
    });
    return res.status === 204;
  } catch {
    return false;
  }
}

/**
 * Zero's `auth` token, which the client sends in Sec-WebSocket-Protocol with its first message
 * (zero-protocol's encodeSecProtocols: URI-encoded base64 of UTF-8 JSON).
 * @param {string | undefined} protocol
 * @returns {string | undefined}
 */
function authTokenOf(protocol) {
  if (!protocol) return undefined;
  try {
    const decoded = JSON.parse(Buffer.from(decodeURIComponent(protocol), 'base64').toString('utf8'));
    return typeof decoded?.authToken === 'string' ? decoded.authToken : undefined;
  } catch {
    return undefined;
  }
}

/** @param {import('node:net').Socket} socket */
function refuse(socket) {
  if (socket.destroyed) return;
  socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
}

const emit = http.Server.prototype.emit;
/**
 * @this {http.Server}
 * @param {string | symbol} event
 * @param {any[]} args
 */
function emitAdmitted(event, ...args) {
  const pass = () => emit.apply(this, /** @type {any} */ ([event, ...args]));
  if (event !== 'upgrade') return pass();
  const [req, socket] = /** @type {[http.IncomingMessage, import('node:net').Socket]} */ (args);
  // Zero's sync socket names its group in the query string; other upgrades (none today) pass as they are.
  const clientGroupID = new URL(req.url ?? '/', 'http://zero').searchParams.get('clientGroupID');
  if (clientGroupID === null) return pass();
  void admitted(req, clientGroupID).then(ok => (ok ? pass() : refuse(socket)));
  return true;
}
http.Server.prototype.emit = /** @type {typeof emit} */ (emitAdmitted);
