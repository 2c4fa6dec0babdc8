import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {ROOT, readPorts, type Ports} from '../config.ts';

/** The bench runs beside a dev `npm start`: default ports + 100, each overridable by its usual variable. */
export const benchPorts = (env: NodeJS.ProcessEnv = process.env): Ports => readPorts(env, 100);

const MARKER = 'bench-kept.json';

export type BenchDataDir = {dir: string; reused: boolean};
/** What a bench data dir was seeded with. */
export type BenchSeed = {profiles: number; activities: number};

/**
 * `.data/bench-<N>-<A>` (N profiles, A activities in all): reused only when a previous run kept it
 * (`--keep`) for the same seed; anything else (a crashed run, a half-finished seed) is wiped, so every
 * run starts from a known state.
 */
export function prepareDataDir(seed: BenchSeed): BenchDataDir {
  const dir = path.join(ROOT, '.data', `bench-${seed.profiles}-${seed.activities}`);
  const marker = path.join(dir, MARKER);
  let reused = false;
  if (existsSync(marker)) {
    try {
      const kept = JSON.parse(readFileSync(marker, 'utf8')) as Partial<BenchSeed>;
      reused = kept.profiles === seed.profiles && kept.activities === seed.activities;
    } catch {
      reused = false;
    }
  }
  if (reused)
    rmSync(marker); // if this run dies half-way, the next one starts fresh
  else rmSync(dir, {recursive: true, force: true});
  return {dir, reused};
}

/** After the stack has stopped: mark the dir as reusable, or remove it. */
export function finishDataDir(dir: string, seed: BenchSeed, keep: boolean) {
  if (keep) writeFileSync(path.join(dir, MARKER), JSON.stringify({...seed, keptAt: new Date().toISOString()}) + '\n');
  else rmSync(dir, {recursive: true, force: true});
}
