import type {ReadonlyJSONObject} from '@rocicorp/zero';
import {zeroPostgresJS} from '@rocicorp/zero/server/adapters/postgresjs';
import {expect} from 'vitest';
import {schema} from '../../zero-schema.ts';
import type {AuthContext} from '../../permissions/context.ts';
import type {Sql} from '../../server/db/sql.ts';
import {runServerMutator} from '../../server/zero/endpoints.ts';

/**
 * The server's side of Zero over a test's own connection: `db` runs the named queries' server forms in a
 * transaction, `mutate` runs a server mutator as the API's mutate endpoint does, as the given user.
 */
export function serverSide(sql: Sql) {
  const db = zeroPostgresJS(schema, sql);
  const mutate = (ctx: AuthContext, name: string, args: ReadonlyJSONObject) =>
    db.transaction(tx => runServerMutator(tx, name, args, ctx));
  return {db, mutate};
}

/** A refused write's code and field issues, as the client receives them; fails when it was not refused. */
export async function refusal(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (e: {details?: {code: string; issues?: {field: string; message: string}[]}}) => e,
  );
  expect(error, 'the write was refused').toBeDefined();
  return error!.details;
}
