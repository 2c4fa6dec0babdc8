import {existsSync, readFileSync, renameSync, rmSync} from 'node:fs';
import path from 'node:path';
import {build} from 'esbuild';
import {ROOT} from '../config.ts';

const ZERO = path.join(ROOT, 'node_modules/@rocicorp/zero');
const OUT = path.join(ZERO, 'out');
const SERVER = path.join(OUT, 'zero-cache/src/server');
/** zero-cache's own command, as the package installs it. */
const ZERO_CACHE_CLI = path.join(OUT, 'zero/src/cli.js');

/**
 * zero-cache, bundled: its command and each worker it forks, one file each plus shared chunks.
 *
 * A zero-cache forks its workers one after another (dispatcher, change-streamer, reaper, replicator,
 * sync workers), and each loads Zero's ~230 small modules before it can start: resolving and reading
 * them is most of a worker's start-up. Bundled, a worker loads a few files, and a crashed zero-cache
 * serves again seconds sooner (docs/operations.md). Only Zero's own modules are bundled: every package
 * it imports stays a package, resolved from node_modules as before (server/zero/stand-ins.mjs still
 * replaces the unused ones). The layout under `out/` is kept, because zero-cache finds a worker's file
 * next to its own (server/worker-urls.js: `new URL('./syncer.js', import.meta.url)`), so the shared
 * chunks live in the workers' folder too.
 *
 * Built once per Zero version into node_modules/.cache (by `npm install`'s postinstall, or by the first
 * start), where bare imports still find node_modules. When it cannot be built (a read-only install
 * without it), zero-cache runs from the package as it is, only slower to start.
 */
export async function zeroCacheBundle(log: (line: string) => void): Promise<string> {
  const {version} = JSON.parse(readFileSync(path.join(ZERO, 'package.json'), 'utf8')) as {version: string};
  const dir = path.join(ROOT, 'node_modules/.cache/kesher-zero-cache', version);
  const cli = path.join(dir, path.relative(OUT, ZERO_CACHE_CLI));
  if (existsSync(cli)) return cli;
  // Built beside its final place and renamed there, so a second stack starting at once never runs half a bundle.
  const building = `${dir}.${process.pid}.building`;
  try {
    await build({
      entryPoints: [ZERO_CACHE_CLI, ...workerFiles()],
      outbase: OUT,
      outdir: building,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node22',
      packages: 'external',
      chunkNames: `${path.relative(OUT, SERVER)}/[name]-[hash]`,
      logLevel: 'error',
    });
    try {
      renameSync(building, dir);
    } catch (error) {
      // Another start finished the same bundle first.
      if (!existsSync(cli)) throw error;
    }
    return cli;
  } catch (error) {
    log(`zero-cache runs unbundled, its restarts slower: ${(error as Error).message}`);
    return ZERO_CACHE_CLI;
  } finally {
    rmSync(building, {recursive: true, force: true});
  }
}

/** Every worker zero-cache may fork: the files server/worker-urls.js names. */
function workerFiles(): string[] {
  const source = readFileSync(path.join(SERVER, 'worker-urls.js'), 'utf8');
  const names = [...source.matchAll(/resolve\("\.\/([\w-]+)\.ts"\)/g)].map(match => match[1]!);
  if (!names.includes('syncer') || !names.includes('main')) {
    throw new Error('zero-cache/src/server/worker-urls.js no longer names its workers as this reads them');
  }
  return names.map(name => path.join(SERVER, `${name}.js`));
}
