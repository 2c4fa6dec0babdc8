// How to launch the phone-proxy sidecar.
//
// The app runs on Node 22, but uWebSockets.js is only loadable from
// @trufflesuite/uws-js-unofficial, which ships native binaries for Node
// 16/18/20 only (ABI 93/108/115). So the sidecar runs in its own process on a
// Node 20 runtime: the system Node when it is v20, else `npx -y node@20`
// (the exact Node 20 from the npm registry). The parent process has
// node_modules/.bin first on PATH, and that `node` is the project's Node 22,
// so node_modules/.bin folders are skipped when searching PATH.
//
// npx is only used to locate the Node 20 binary, never as the long-running
// command: npm exec runs its target under `sh -c`, and a SIGINT/SIGTERM sent
// to npx does not reach the sidecar (verified: it kept running).

import {execFile} from 'node:child_process';
import {access, constants, realpath} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';

const execFileAsync = promisify(execFile);

export interface Command {
  command: string;
  args: string[];
}

function insideNodeModules(p: string): boolean {
  return p.split(path.sep).includes('node_modules');
}

async function nodeVersion(bin: string): Promise<string | null> {
  try {
    const {stdout} = await execFileAsync(bin, ['-p', 'process.versions.node'], {timeout: 10_000});
    return stdout.trim();
  } catch {
    return null;
  }
}

async function systemNode20(): Promise<string | null> {
  const seen = new Set<string>();
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir === '' || insideNodeModules(path.resolve(dir))) continue;
    const candidate = path.join(dir, 'node');
    try {
      await access(candidate, constants.X_OK);
      // Also reject symlinks that lead back into some node_modules (e.g. the node@22 package).
      const real = await realpath(candidate);
      if (insideNodeModules(real) || seen.has(real)) continue;
      seen.add(real);
    } catch {
      continue;
    }
    const version = await nodeVersion(candidate);
    if (version?.startsWith('20.')) return candidate;
  }
  return null;
}

async function npxNode20(): Promise<string> {
  const probe = 'JSON.stringify([process.versions.node, process.execPath])';
  let stdout: string;
  try {
    // The first run downloads Node 20 into the npx cache, hence the long timeout.
    ({stdout} = await execFileAsync('npx', ['-y', 'node@20', '-p', probe], {timeout: 300_000}));
  } catch (err) {
    throw new Error(`no Node 20 on PATH and \`npx -y node@20\` failed: ${String(err)}`);
  }
  const [version, execPath] = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as [string, string];
  if (!version.startsWith('20.')) throw new Error(`\`npx -y node@20\` gave Node ${version}`);
  return execPath;
}

/** Command prefix that runs Node 20; append the script and its arguments. */
export async function node20Command(): Promise<Command> {
  return {command: (await systemNode20()) ?? (await npxNode20()), args: []};
}

/** Full command to start the sidecar under Node 20 with tsx; run it with cwd = projectRoot (`--import tsx` resolves from cwd). */
export async function sidecarCommand(projectRoot: string): Promise<Command> {
  const node = await node20Command();
  const script = path.join(projectRoot, 'server/phone-proxy/sidecar.ts');
  return {command: node.command, args: [...node.args, '--import', 'tsx', script]};
}
