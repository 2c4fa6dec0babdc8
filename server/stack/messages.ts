import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT} from '../config.ts';

const MESSAGES = path.join(ROOT, 'app', 'messages');
const OUTPUT = path.join(ROOT, 'app', 'paraglide');
/**
 * The hash of the sources the output was compiled from (paraglide leaves unchanged files untouched, so
 * mtimes cannot tell; and it clears unknown files from its output folder, so the stamp lives elsewhere).
 */
const STAMP = path.join(ROOT, 'node_modules', '.cache', 'kesher', 'messages.sha256');

function sourcesHash() {
  const hash = createHash('sha256').update(readFileSync(path.join(ROOT, 'app', 'project.inlang', 'settings.json')));
  for (const file of readdirSync(MESSAGES).sort()) hash.update(file).update(readFileSync(path.join(MESSAGES, file)));
  return hash.digest('hex');
}

/**
 * The server imports the compiled messages (app/paraglide, generated, not committed) through the card's
 * field catalogue, so a fresh clone, or a pull that changed app/messages, compiles them before any
 * process starts. Up to date, this costs reading the message files once.
 */
export function ensureMessages(log: (line: string) => void) {
  const wanted = sourcesHash();
  const compiled = existsSync(path.join(OUTPUT, 'messages.js')) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === wanted;
  if (compiled) return;
  log('compiling the he/en/de/ru messages (app/paraglide)…');
  const compile = spawnSync('npm', ['run', '--silent', 'i18n'], {cwd: ROOT, encoding: 'utf8'});
  if (compile.status !== 0 || !existsSync(path.join(OUTPUT, 'messages.js'))) {
    throw new Error(
      `could not compile the messages (npm run i18n): ${compile.stderr || compile.stdout || compile.error?.message}`,
    );
  }
  mkdirSync(path.dirname(STAMP), {recursive: true});
  writeFileSync(STAMP, wanted);
}
