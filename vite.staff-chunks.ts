import type {Plugin} from 'vite';

/** Paraglide's barrel of every message (`import * as m from '…/paraglide/messages.js'`, the one form the app uses). */
const MESSAGES_BARREL = /[\\/]paraglide[\\/]messages(\.js|[\\/]_index\.js)$/;
const MESSAGE_MODULE = /[\\/]paraglide[\\/]messages[\\/](\w+)\.js$/;
/** lucide-react's barrel of every icon, and one line of it: `export { default as Plus, … } from './icons/plus.mjs';`. */
const ICONS_BARREL = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/;
const ICON_EXPORT = /export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g;
const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([\w-]+)\.mjs$/;

/** The first staff screen's three parts, each fetched with a dynamic import: the router, Zero's client, the shell. */
const FIRST_SCREEN = [/[\\/]app[\\/]router\.tsx$/, /[\\/]app[\\/]zero\.ts$/, /[\\/]app[\\/]shell[\\/]StaffShell\.tsx$/];

/**
 * Fewer chunks for the staff's first screen (issue 35). By default Rolldown gives every set of pages that share
 * modules a chunk of its own: /home fetched ~200 files, and the preload helper's ~200 `<link rel=modulepreload>` cost
 * a phone's main thread half a second before the list could draw, and on a slow connection each file is a round
 * trip. Two groups change that:
 * - `staff`: what the first screen runs and no public page does, in one chunk per combination of the three parts that
 *   import it (the router's, Zero's, the shell's, the router's and the shell's, …): at most seven files, and each part
 *   still fetches only what it runs. Every other staff page opens inside the shell, so it has them already.
 * - `shared`: what a public page may run beyond the entry, in one chunk per set of *loads* that run it (the entry,
 *   each page, what a page fetches later such as the phone library; and whether the first screen runs it too): a load
 *   fetches only what it runs, in a few files. A small one joins a chunk every load running it runs anyway
 *   (mergeSmall). It comes first, or the staff chunks would draw in what they import of it.
 * The rest (what only the other staff pages run) is chunked as by default.
 *
 * What a public page may run is followed through the module graph from the entry, not into the first screen's parts
 * (which app/main.tsx fetches for a session that may enter). The two
 * barrels every page imports (every message, every icon) are followed only to the messages and icons the module
 * names, or every message would count as public.
 */
export function staffChunks() {
  /** A first-screen module's chunk: which of the three parts import it. */
  let firstScreen = new Map<string, string>();
  /** What a public page may run, beyond the entry and the pages themselves: its chunk's name. */
  let publicRuns = new Map<string, string>();
  const plugin: Plugin = {
    name: 'kesher:staff-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const entry = ids.find(id => /[\\/]app[\\/]main\.tsx$/.test(id));
      const parts = FIRST_SCREEN.map(pattern => ids.find(id => pattern.test(id)));
      if (!entry || parts.includes(undefined)) return;
      const messageIDs = new Map<string, string>();
      const iconFiles = new Map<string, string>();
      for (const id of ids) {
        const message = MESSAGE_MODULE.exec(id)?.[1];
        if (message) {
          messageIDs.set(message, id);
          // A message whose name differs only in case from another's has a module of another name, exported
          // under its own: `export { bonus_error_haslivecard2 as "bonus_error_hasLiveCard" }`.
          for (const [, name] of info(id)?.code?.matchAll(/\bas "(\w+)"/g) ?? []) messageIDs.set(name!, id);
        }
        const icon = ICON_MODULE.exec(id)?.[1];
        if (icon) iconFiles.set(icon, id);
      }
      const iconBarrel = ids.find(id => ICONS_BARREL.test(id));
      const iconIDs = new Map<string, string>();
      for (const [, names, file] of (iconBarrel && info(iconBarrel)?.code)?.matchAll(ICON_EXPORT) ?? []) {
        const icon = iconFiles.get(file!);
        if (icon) for (const [, name] of names!.matchAll(/default as (\w+)/g)) iconIDs.set(name!, icon);
      }
      /** What a module runs: its imports, a barrel's only as far as the module names its messages or icons. */
      const runs = (id: string, dynamic: boolean): string[] => {
        const module = info(id);
        const code = module?.code ?? '';
        return [...(module?.importedIds ?? []), ...((dynamic && module?.dynamicallyImportedIds) || [])].flatMap(next => {
          if (MESSAGES_BARREL.test(next))
            return [...code.matchAll(/\bm\.(\w+)/g)].flatMap(([, name]) => messageIDs.get(name!) ?? []);
          if (next === iconBarrel) {
            const named = [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']lucide-react["']/g)].flatMap(([, list]) =>
              list!.split(',').map(part => part.trim().split(/\s+as\s+/)[0]!),
            );
            return named.flatMap(name => iconIDs.get(name) ?? []);
          }
          return [next];
        });
      };
      const reach = (from: string, {dynamic, stopAt = []}: {dynamic: boolean; stopAt?: string[]}) => {
        const seen = new Set<string>();
        const walk = (id: string) => {
          if (seen.has(id) || stopAt.includes(id)) return;
          seen.add(id);
          runs(id, dynamic).forEach(walk);
        };
        walk(from);
        return seen;
      };
      const firstScreenParts = parts as string[];
      const publicReach = reach(entry, {dynamic: true, stopAt: firstScreenParts});
      // A page's own module stays a chunk of its own (check:size weighs pages by it): no dynamic import's target.
      const pages = new Set(ids.flatMap(id => info(id)?.dynamicallyImportedIds ?? []));
      const reached = parts.map(part => reach(part!, {dynamic: false}));
      const firstScreenRuns = new Set(reached.flatMap(set => [...set]));
      // What the public side fetches at once: the entry, and each module it imports dynamically (a page, or what a
      // page fetches later), with what that imports statically.
      const loads = [entry, ...new Set([...publicReach].flatMap(id => info(id)?.dynamicallyImportedIds ?? []))]
        .filter(id => !firstScreenParts.includes(id))
        .map(load => reach(load, {dynamic: false}));
      const shared = new Map<string, SharedChunk>();
      for (const id of publicReach) {
        if (pages.has(id) || id === entry) continue;
        const loadedBy = loads.flatMap((load, i) => (load.has(id) ? [i] : []));
        const home = firstScreenRuns.has(id);
        const name = `shared-${loadedBy.join('.')}${home ? '-home' : ''}`;
        const chunk = shared.get(name) ?? shared.set(name, {name, loadedBy, home, ids: [], size: 0}).get(name)!;
        chunk.ids.push(id);
        chunk.size += info(id)?.code?.length ?? 0;
      }
      publicRuns = new Map();
      for (const chunk of mergeSmall(shared, id => runs(id, false), loads[0]!))
        for (const id of chunk.ids) publicRuns.set(id, chunk.name);
      firstScreen = new Map();
      for (const id of firstScreenRuns) {
        // Something else also fetches with a dynamic import (the sections' screens, Zero's React hooks) goes with the
        // first screen all the same, which imports it: a chunk of its own would import the staff chunks back.
        if (publicReach.has(id) || parts.includes(id)) continue;
        firstScreen.set(id, `staff-${reached.map((set, i) => (set.has(id) ? 'rzs'[i] : '')).join('')}`);
      }
    },
  };
  /**
   * Fails the build on chunks that import each other: ES modules then run one chunk's code before the other's is
   * there, so a value it reads at its start is still undefined (this grouping once split the staff's field
   * messages from the message they name).
   */
  plugin.generateBundle = function (_options, bundle) {
    const names = new Map(Object.values(bundle).map(chunk => [chunk.fileName, chunk.name]));
    const imports = new Map(
      Object.values(bundle).flatMap(chunk => (chunk.type === 'chunk' ? [[chunk.fileName, chunk.imports]] : [])),
    );
    const done = new Set<string>();
    const path: string[] = [];
    const visit = (file: string) => {
      if (done.has(file)) return;
      if (path.includes(file))
        this.error(
          `chunks import each other: ${[...path.slice(path.indexOf(file)), file].map(name => `${names.get(name)} (${name})`).join(' → ')} (vite.staff-chunks.ts)`,
        );
      path.push(file);
      for (const imported of imports.get(file) ?? []) visit(imported);
      path.pop();
      done.add(file);
    };
    for (const file of imports.keys()) visit(file);
  };
  const groups = [
    {
      name: (id: string) => publicRuns.get(id) ?? null,
      test: (id: string) => publicRuns.has(id),
      priority: 1,
      includeDependenciesRecursively: false,
    },
    {
      name: (id: string) => firstScreen.get(id) ?? null,
      test: (id: string) => firstScreen.has(id),
      includeDependenciesRecursively: false,
    },
  ];
  return {plugin, groups};
}

/** A chunk of what public pages run: the loads (a page, or what a page fetches later) that run it, its modules. */
type SharedChunk = {name: string; loadedBy: number[]; home: boolean; ids: string[]; size: number};

/** Below this much code (before minifying, ~1 kB gzip) a shared chunk costs a page more as a request than as bytes. */
const SMALL_CHUNK = 4000;

/**
 * Each small shared chunk joins a chunk that every load running it also runs (its loads are a superset), the one
 * that costs the fewest loads its bytes needlessly, on the same side of the first staff screen, when one exists.
 * Never where the loads of that chunk would then fetch another chunk more (what the small one imports), nor where it
 * would close a circle of chunks through a third (ES modules' evaluation order breaks on those).
 */
function mergeSmall(chunks: Map<string, SharedChunk>, runs: (id: string) => string[], everywhere: Set<string>): SharedChunk[] {
  const live = new Set(chunks.values());
  const chunkOf = new Map<string, SharedChunk>();
  for (const chunk of live) for (const id of chunk.ids) chunkOf.set(id, chunk);
  /** Whether `from`'s modules reach `to`'s through a module of neither. */
  const reachesThroughOthers = (from: SharedChunk, to: SharedChunk) => {
    const seen = new Set<string>();
    const next = (id: string) => runs(id).filter(dep => chunkOf.get(dep) !== from);
    const queue = from.ids.flatMap(id => next(id).filter(dep => chunkOf.get(dep) !== to));
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const dep of next(id)) {
        if (chunkOf.get(dep) === to) return true;
        queue.push(dep);
      }
    }
    return false;
  };
  /**
   * Whether what `small` imports from other chunks is loaded wherever `into` is (or those loads would fetch more):
   * `everywhere` is what every page loads (the entry's).
   */
  const importsOnlyWhatIsLoaded = (small: SharedChunk, into: SharedChunk) =>
    small.ids.every(id =>
      runs(id).every(dep => {
        const chunk = chunkOf.get(dep);
        if (!chunk) return everywhere.has(dep);
        return chunk === small || chunk === into || into.loadedBy.every(load => chunk.loadedBy.includes(load));
      }),
    );
  for (const small of [...live].filter(chunk => chunk.size < SMALL_CHUNK).sort((a, b) => a.size - b.size)) {
    if (small.size >= SMALL_CHUNK || !live.has(small)) continue;
    const loads = new Set(small.loadedBy);
    const into = [...live]
      .filter(
        chunk =>
          chunk !== small &&
          chunk.home === small.home &&
          chunk.loadedBy.length >= loads.size &&
          [...loads].every(load => chunk.loadedBy.includes(load)),
      )
      .sort((a, b) => a.loadedBy.length - b.loadedBy.length || b.size - a.size)
      .find(
        chunk =>
          importsOnlyWhatIsLoaded(small, chunk) && !reachesThroughOthers(small, chunk) && !reachesThroughOthers(chunk, small),
      );
    if (!into) continue;
    into.ids.push(...small.ids);
    into.size += small.size;
    for (const id of small.ids) chunkOf.set(id, into);
    live.delete(small);
  }
  return [...live];
}
