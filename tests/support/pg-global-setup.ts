import path from 'node:path';
import type {TestProject} from 'vitest/node';
import {ROOT} from '../../server/config.ts';
import {startEmbeddedPostgres} from '../../server/stack/embedded-postgres.ts';
import {migrate} from '../../server/db/migrate.ts';
import {connect} from '../../server/db/sql.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseURL: string;
  }
}

/**
 * A fresh embedded Postgres for the integration tests (or TEST_DATABASE_URL, an external one that
 * will be migrated), with the project's migrations applied.
 */
export default async function setup(project: TestProject) {
  let url = process.env.TEST_DATABASE_URL;
  let stop = async () => {};
  if (!url) {
    // A run moved by TEST_PG_PORT keeps its data apart too: two runs side by side never share a cluster.
    const pg = await startEmbeddedPostgres({
      dataDir: path.join(ROOT, '.data', process.env.TEST_PG_PORT ? `test-pg-${process.env.TEST_PG_PORT}` : 'test-pg'),
      fresh: true,
      port: Number(process.env.TEST_PG_PORT ?? 6532),
      log: () => {},
      onOutput: () => {},
    });
    url = pg.url;
    stop = pg.stop;
  }
  const sql = connect(url, {max: 1});
  await migrate(sql);
  await sql.end();
  project.provide('databaseURL', url);
  return stop;
}
