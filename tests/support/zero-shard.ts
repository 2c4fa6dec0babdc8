import type {Sql} from '../../server/db/sql.ts';

/**
 * zero-cache keeps each client's last mutation id in its shard's tables in the upstream database. Tests
 * that call the API's /api/zero/mutate without a zero-cache make a shard of their own, as zero-cache
 * makes it, and pass the query string this returns.
 */
export async function zeroShardForTests(sql: Sql, appID: string): Promise<string> {
  const shard = `${appID}_0`;
  await sql.unsafe(`
    CREATE SCHEMA IF NOT EXISTS ${shard};
    CREATE TABLE IF NOT EXISTS ${shard}.clients ("clientGroupID" text NOT NULL, "clientID" text NOT NULL,
      "lastMutationID" bigint NOT NULL, "userID" text, PRIMARY KEY ("clientGroupID", "clientID"));
    CREATE TABLE IF NOT EXISTS ${shard}.mutations ("clientGroupID" text NOT NULL, "clientID" text NOT NULL,
      "mutationID" bigint NOT NULL, result json NOT NULL, PRIMARY KEY ("clientGroupID", "clientID", "mutationID"));`);
  return `?schema=${shard}&appID=${appID}`;
}
