import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';

/** The parts of V8's .cpuprofile the summary reads. */
type CallFrame = {functionName: string; url: string; lineNumber: number};
type CpuProfile = {
  nodes: Array<{id: number; callFrame: CallFrame; children?: number[]}>;
  samples: number[];
  timeDeltas: number[];
};

/** Each line where esbuild starts a module in a bundle (`// node_modules/…/x.js`), by bundle URL. */
const bundleModules = new Map<string, Array<[line: number, module: string]>>();

/** The module a line of a bundled file came from: the last module comment above it (zero-cache runs bundled, server/stack/zero-bundle.ts). */
function moduleAt(url: string, line: number): string | undefined {
  let starts = bundleModules.get(url);
  if (!starts) {
    starts = [];
    try {
      readFileSync(fileURLToPath(url), 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const module = text.match(/^\/\/ (node_modules\/\S+)$/)?.[1];
          if (module) starts?.push([i, module]);
        });
    } catch {
      // not a local file: no modules
    }
    bundleModules.set(url, starts);
  }
  let found: string | undefined;
  for (const [start, module] of starts) {
    if (start > line) break;
    found = module;
  }
  return found;
}

/**
 * Where a profiled function lives, as a short name: Zero's modules by their path inside the package
 * (zql/src/ivm/join.js), other packages by name, Node's own modules as one line, and V8's pseudo-frames
 * ((garbage collector), (program)) and native functions by name.
 */
export function sourceOf(frame: CallFrame): string {
  const {url, functionName} = frame;
  if (!url) return functionName.startsWith('(') ? functionName : `(native) ${functionName || 'anonymous'}`;
  if (url.startsWith('node:')) return 'node internals';
  const path = (url.includes('/.cache/') && moduleAt(url, frame.lineNumber)) || url;
  const zero = path.match(/@rocicorp\/zero\/out\/(.*)$/);
  if (zero) return zero[1] as string;
  const pkg = path.match(/node_modules\/((?:@[^/]+\/)?[^/.][^/]*)\//);
  if (pkg) return pkg[1] as string;
  return path.replace(/^file:\/\/.*?\/(server|app|permissions)\//, '$1/');
}

/**
 * Self time (ms) per source of one or more profiles, summed; idle time left out. A native function
 * (SQLite's statement step, a socket write) counts under its JavaScript caller's source, named beside it.
 */
export function selfTimeBySource(files: readonly string[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    const parent = new Map(profile.nodes.flatMap(n => (n.children ?? []).map(c => [c, n] as const)));
    const source = new Map(
      profile.nodes.map(n => {
        const own = sourceOf(n.callFrame);
        const caller = own.startsWith('(native)') ? parent.get(n.id) : undefined;
        return [n.id, caller?.callFrame.url ? `${sourceOf(caller.callFrame)} → ${own.slice('(native) '.length)}` : own];
      }),
    );
    profile.samples.forEach((id, i) => {
      const name = source.get(id) ?? '?';
      totals.set(name, (totals.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
  }
  totals.delete('(idle)');
  return totals;
}
