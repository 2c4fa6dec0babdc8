import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {ROOT} from '../config.ts';
import type {Sql} from './sql.ts';

const MIGRATIONS_DIR = path.join(ROOT, 'migrations');
/** Any fixed number: every process that migrates takes the same lock, so only one applies at a time. */
const MIGRATION_LOCK = 4_242_001;

/**
 * Applies migrations/NNNN_name.sql in order, each once, recorded in schema_migration, all inside one
 * transaction under an advisory lock: concurrent starts wait, and a failing file leaves nothing behind.
 * Returns the names applied now.
 */
export async function migrate(sql: Sql, dir = MIGRATIONS_DIR): Promise<string[]> {
  const files = (await readdir(dir)).filter(f => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return sql.begin(async tx => {
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
    await tx`CREATE TABLE IF NOT EXISTS schema_migration (
      name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`;
    const done = new Set((await tx<{name: string}[]>`SELECT name FROM schema_migration`).map(r => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      await tx.unsafe(await readFile(path.join(dir, file), 'utf8'));
      await tx`INSERT INTO schema_migration (name) VALUES (${file})`;
      applied.push(file);
    }
    return applied;
  });
}
