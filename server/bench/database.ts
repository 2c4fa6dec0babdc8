import {postgresLogFilter, startEmbeddedPostgres} from '../db/embedded-postgres.ts';
import {migrate} from '../db/migrate.ts';
import {seedDemoIfEmpty} from '../db/seed.ts';
import type {Sql} from '../db/sql.ts';
import {logLine, pipeOutput} from '../stack/supervisor.ts';
import {seedInChunks} from './seed-in-chunks.ts';

/**
 * The bench owns its Postgres (the embedded one, in its data dir) and seeds it before the rest of the
 * stack starts, then hands it to startStack as an external database. startStack's own migrate + seed
 * then find nothing to do, and zero-cache's initial sync starts from the finished data set.
 */
export type BenchDatabase = {url: string; pid: number; stop(): Promise<void>; exited: Promise<string>};

export async function startBenchDatabase(dataDir: string, port: number): Promise<BenchDatabase> {
  const pg = await startEmbeddedPostgres({
    dataDir,
    port,
    log: line => logLine('pg', line),
    onOutput: child => pipeOutput('pg', child, postgresLogFilter()),
  });
  logLine('pg', `ready on 127.0.0.1:${port}`);
  let stopping = false;
  const exited = new Promise<string>(resolve => {
    pg.process.once('exit', code => !stopping && resolve(`pg exited unexpectedly (code ${code})`));
  });
  const stop = async () => {
    stopping = true;
    logLine('start', 'stopping pg…');
    await pg.stop();
  };
  return {url: pg.url, pid: pg.process.pid ?? 0, stop, exited};
}

/** Migrates and seeds the demo data with N candidates, unless the database already has it. */
export async function seedBenchDatabase(sql: Sql, profiles: number): Promise<'seeded' | 'present'> {
  await migrate(sql);
  try {
    return (await seedDemoIfEmpty(sql, profiles)) ? 'seeded' : 'present';
  } catch (error) {
    // seedDemoIfEmpty inserts all N/4 activities in one statement, which passes Postgres' 65,534
    // bind parameters above ~32,700 candidates. Its transaction rolled back; seed in chunks instead.
    if ((error as {code?: unknown}).code !== 'MAX_PARAMETERS_EXCEEDED') throw error;
    logLine('pg', 'the demo seed hit the 65,534-parameter limit (server/db/seed.ts); seeding in chunks instead');
    await seedInChunks(sql, profiles);
    return 'seeded';
  }
}
