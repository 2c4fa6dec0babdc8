import type {Query} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {schema, type Schema} from '../../zero-schema.ts';
import type {Sql} from '../db/sql.ts';

/**
 * Runs a ZQL query against Postgres outside a Zero request, so REST routes apply the very row filters
 * of permissions/ (visibleProfiles, …) instead of a second SQL copy of them.
 */
export function zqlReader(sql: Sql) {
  const db = zeroPostgresJS(schema, sql);
  return <T extends keyof Schema['tables'] & string, R>(query: Query<T, Schema, R>) => db.transaction(tx => tx.run(query));
}
