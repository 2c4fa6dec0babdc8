/**
 * `npm run migrate` (deploy: kesher-migrate.service, and each update's first step): applies the pending
 * migrations to DATABASE_URL and exits. Migrations only ever add (expand) while an older API still runs;
 * what they retire goes in a later release (docs/operations.md, "Updates").
 */
import {databaseURL} from '../config.ts';
import {migrate} from './migrate.ts';
import {connect} from './sql.ts';

const sql = connect(databaseURL(), {max: 1});
try {
  const applied = await migrate(sql);
  console.log(applied.length ? `applied migrations: ${applied.join(', ')}` : 'migrations up to date');
} catch (error) {
  console.error(`migration failed, nothing of it applied: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await sql.end({timeout: 5});
}
