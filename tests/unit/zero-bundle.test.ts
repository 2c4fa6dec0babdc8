import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {describe, expect, it} from 'vitest';
import {ROOT} from '../../server/config.ts';
import {zeroCacheBundle} from '../../server/stack/zero-bundle.ts';

const PACKAGE_SERVER = path.join(ROOT, 'node_modules/@rocicorp/zero/out/zero-cache/src/server');

/** How many modules a fresh Node loads to import `file` with zero-cache's preloads (ESM and CommonJS alike). */
function modulesLoaded(file: string): number {
  const counter = `import {registerHooks} from 'node:module'; let n = 0;
    registerHooks({load(url, context, next) { n++; return next(url, context); }});
    process.on('exit', () => process.stderr.write('\\nmodules=' + n + '\\n'));`;
  const {stderr} = spawnSync(
    process.execPath,
    [
      `--import=data:text/javascript,${encodeURIComponent(counter)}`,
      `--import=${pathToFileURL(path.join(ROOT, 'server/zero/stand-ins.mjs'))}`,
      '--input-type=module',
      // A worker started without its parent says so and exits (code 1) once it has loaded.
      '-e',
      `await import(${JSON.stringify(pathToFileURL(file).href)})`,
    ],
    {env: {...process.env, ZERO_ENABLE_TELEMETRY: 'false'}, encoding: 'utf8'},
  );
  return Number(/modules=(\d+)/.exec(stderr)?.[1]);
}

describe("zero-cache's bundle", () => {
  it('has zero-cache and every worker it forks, each where the other finds it', async () => {
    const cli = await zeroCacheBundle(line => expect.fail(line));
    expect(cli).toContain(`${path.sep}.cache${path.sep}kesher-zero-cache${path.sep}`);
    const workers = [...readFileSync(path.join(PACKAGE_SERVER, 'worker-urls.js'), 'utf8').matchAll(/"\.\/([\w-]+)\.ts"/g)];
    expect(workers.length).toBeGreaterThan(5);
    const server = path.join(path.dirname(cli), '../../zero-cache/src/server');
    for (const [, name] of workers) expect(existsSync(path.join(server, `${name}.js`)), name).toBe(true);
    // It runs: the command answers --help.
    expect(execFileSync(process.execPath, [cli, '--help'], {encoding: 'utf8'})).toContain('ZERO_UPSTREAM_DB');
  });

  it('lets a sync worker start with far fewer modules to load', async () => {
    const cli = await zeroCacheBundle(line => expect.fail(line));
    const bundled = modulesLoaded(path.join(path.dirname(cli), '../../zero-cache/src/server/syncer.js'));
    const unbundled = modulesLoaded(path.join(PACKAGE_SERVER, 'syncer.js'));
    expect(bundled).toBeGreaterThan(0);
    expect(bundled).toBeLessThan(unbundled * 0.7);
  }, 60_000);
});
