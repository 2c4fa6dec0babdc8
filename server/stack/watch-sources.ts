import {watch, type FSWatcher} from 'node:fs';
import path from 'node:path';
import {ROOT} from '../config.ts';

/**
 * Development: calls `changed` (once per burst of saves) when code the API server runs changes. The
 * keeper then restarts the API; `node --watch` did this before, but after a crash it waited for a file
 * change instead of restarting. The API imports server/, permissions/, the schema and app/'s shared
 * (non-React) modules and compiled messages; a .tsx or .css change is Vite's alone.
 */
const WATCHED = ['server', 'permissions', 'app', 'zero-schema.ts'];
const SERVER_CODE = /\.(ts|mts|js|mjs|json|sql)$/;
/**
 * Not watched: what tools write as they start, with the same content: the compiled messages (Vite's
 * paraglide plugin) and inlang's project settings and cache. A change there would restart the API just as
 * the first page loads. A change of app/messages/*.json restarts it instead, once the plugin has compiled
 * it (the pause below).
 */
const IGNORED = ['app/paraglide/', 'app/project.inlang/', 'server/phone-proxy/runtime/'];

export function watchServerSources(changed: (file: string) => void, debounceMs = 1_000): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watchers: FSWatcher[] = WATCHED.map(entry =>
    watch(path.join(ROOT, entry), {recursive: true}, (_event, file) => {
      const name = file ? path.posix.join(entry, file.toString()) : entry;
      if (!SERVER_CODE.test(name) || name.includes('node_modules') || IGNORED.some(dir => name.startsWith(dir))) return;
      clearTimeout(timer);
      timer = setTimeout(() => changed(name), debounceMs);
    }),
  );
  return () => {
    clearTimeout(timer);
    for (const w of watchers) w.close();
  };
}
