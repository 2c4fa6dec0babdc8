// @ts-check
/**
 * Preloaded into zero-cache with listen-privately.mjs (`node --import`; its forked workers inherit it).
 *
 * zero-cache passes each sync WebSocket from process to process: its main process takes the HTTP
 * upgrade and sends the socket to the worker dispatcher, which sends it on to a sync worker
 * (`child.send(message, socket)`). Node keeps the sender's copy of the socket open until the receiver
 * acknowledges it, and until then that copy keeps reading and throws away what it reads
 * (lib/internal/child_process.js sets `handle.onread = nop`). The sync worker answers the upgrade and
 * sends Zero's "connected" at once; the client answers with its initConnection and query changes. If
 * a sender is slow to take the acknowledgement (a busy machine), it can read those first messages
 * itself and drop them. The socket is then up, the client says "connected", and none of its queries
 * is ever answered: the stall `npm run bench` showed under load (README, "The stall").
 *
 * So a socket stops being read by a process the moment that process sends it away; the receiver
 * starts reading it when it takes it (Node's net.Socket does on creation from a handle).
 */
import childProcess from 'node:child_process';
import {syncBuiltinESMExports} from 'node:module';
import net from 'node:net';

/**
 * What net.Socket#pause does for a socket made with `onread` (and `_read` undoes): the handle stops
 * reading, and says so, so that a later resume in this process would start it again.
 * @param {unknown} handle
 */
function stopReading(handle) {
  const stream =
    handle instanceof net.Socket
      ? /** @type {{_handle?: {reading?: boolean, readStop(): number}}} */ (handle)._handle
      : undefined;
  if (!stream?.reading) return;
  stream.reading = false;
  stream.readStop();
}

const fork = childProcess.fork;
/** @param {Parameters<typeof fork>} args */
function forkSendingWhole(...args) {
  const child = fork(...args);
  const send = /** @type {(...sendArgs: unknown[]) => boolean} */ (child.send.bind(child));
  /** @param {unknown[]} sendArgs `(message, handle?, options?, callback?)` */
  const sendWhole = (...sendArgs) => {
    stopReading(sendArgs[1]);
    return send(...sendArgs);
  };
  child.send = /** @type {typeof child.send} */ (sendWhole);
  return child;
}
childProcess.fork = /** @type {typeof fork} */ (forkSendingWhole);
// zero-cache imports `fork` by name (ESM); this makes its binding see the wrapper.
syncBuiltinESMExports();
