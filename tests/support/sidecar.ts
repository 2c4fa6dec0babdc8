import {spawn, type ChildProcess} from 'node:child_process';
import WebSocket from 'ws';
import {ROOT} from '../../server/config.ts';
import {sidecarCommand} from '../../server/phone-proxy/runtime.ts';

/** The phone-proxy sidecar as the stack runs it: its own process on the pinned Node 20 (sidecarCommand). */
export type Sidecar = {child: ChildProcess; output: string[]; exited: Promise<number | null>};

/** Starts the sidecar exactly as the stack does, with the given environment on top of this process's. */
export function startSidecar(env: NodeJS.ProcessEnv): Sidecar {
  const {command, args} = sidecarCommand(ROOT);
  // Without LISTEN_HOST, so the sidecar listens where it does by default.
  const {LISTEN_HOST: _unset, ...inherited} = process.env;
  const child = spawn(command, args, {cwd: ROOT, env: {...inherited, ...env}});
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) stream.on('data', chunk => output.push(...String(chunk).split('\n')));
  const exited = new Promise<number | null>(resolve => child.once('exit', code => resolve(code)));
  return {child, output, exited};
}

/** Resolves once the sidecar prints a matching line; rejects if it exits first. */
export async function waitForLine(sidecar: Sidecar, pattern: RegExp) {
  while (!sidecar.output.some(line => pattern.test(line))) {
    if (sidecar.child.exitCode !== null) throw new Error(`the sidecar exited:\n${sidecar.output.join('\n')}`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

export type Opened = {socket: WebSocket; status?: undefined} | {status: number; socket?: undefined};

/**
 * Opens a socket the way a browser does; resolves with it, or with the HTTP status of the refusal.
 * `onMessage` listens from the start: a message that arrives in the same read as the handshake's answer
 * is emitted right after 'open', before anyone awaiting this promise could listen (seen on a loaded CI).
 */
export function openSocket(
  url: string,
  headers: {origin?: string; cookie?: string},
  onMessage?: (data: WebSocket.RawData) => void,
): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, {headers});
    if (onMessage) socket.on('message', onMessage);
    socket.once('open', () => resolve({socket}));
    socket.once('unexpected-response', (req, res) => {
      resolve({status: res.statusCode!});
      req.destroy();
    });
    socket.once('error', reject);
  });
}
