import {backupWarning, type BackupState} from '../../app/admin/system-status.ts';
import {sessionIdleMinutes} from '../auth/session.ts';
import type {Sql} from '../db/sql.ts';

/**
 * What Postgres knows about the running system, read for the metrics (server/monitoring/metrics.ts) and
 * the system-status page (status-routes.ts). Every reading is one short query of catalog or small tables.
 */

/** zero-cache's app id (stack.ts sets ZERO_APP_ID=kesher) and shard 0: its slots are `kesher_0_<n>`, its CVR is `kesher_0/cvr`. */
export const ZERO_APP_ID = 'kesher';
const SLOT_PATTERN = `${ZERO_APP_ID}\\_0\\_%`;
const CVR_SCHEMA = `${ZERO_APP_ID}_0/cvr`;

/**
 * A client group counts as active while zero-cache keeps it: it writes the group's "lastActive" every
 * minute while a tab is connected (view-syncer's TTL clock), and once more when the last tab goes.
 */
export const CLIENT_GROUP_ACTIVE_MS = 3 * 60 * 1000;

export type Replication = {lagBytes?: number; lagSeconds?: number; replicating: boolean};

/**
 * WAL between Postgres's position and what zero-cache confirmed on its replication slot. zero-cache may
 * keep an older slot for a while after a resync: the one in use counts (else the newest).
 */
export async function replication(sql: Sql): Promise<Replication> {
  const [row] = await sql<{lag: string | null; seconds: number | null; active: boolean}[]>`
    SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), s.confirmed_flush_lsn)::text AS lag,
           extract(epoch FROM coalesce(r.replay_lag, r.flush_lag, r.write_lag))::float8 AS seconds,
           s.active
    FROM pg_replication_slots s LEFT JOIN pg_stat_replication r ON r.pid = s.active_pid
    WHERE s.slot_name LIKE ${SLOT_PATTERN} AND s.slot_type = 'logical'
    ORDER BY s.active DESC, s.slot_name DESC
    LIMIT 1`;
  if (!row) return {replicating: false};
  const lagBytes = row.lag === null ? undefined : Math.max(0, Number(row.lag));
  // Postgres forgets the lag times once the standby has caught up and is idle: nothing to wait for is 0 s.
  const lagSeconds = row.seconds ?? (row.active && lagBytes === 0 ? 0 : undefined);
  return {lagBytes, lagSeconds, replicating: row.active};
}

/** Client groups zero-cache served lately, from its CVR in upstream Postgres (0 before zero-cache first ran). */
export async function activeClientGroups(sql: Sql, now = Date.now()): Promise<number> {
  const [exists] = await sql<{table: string | null}[]>`SELECT to_regclass(${`"${CVR_SCHEMA}".instances`})::text AS table`;
  if (!exists?.table) return 0;
  const since = new Date(now - CLIENT_GROUP_ACTIVE_MS);
  const [row] = await sql<{count: number}[]>`
    SELECT count(*)::int AS count FROM ${sql(CVR_SCHEMA)}.instances
    WHERE NOT coalesce(deleted, false) AND "lastActive" > ${since}`;
  return row?.count ?? 0;
}

/** Sessions in use now, staff and candidates' own, as the session gate would accept them. */
export async function activeSessions(sql: Sql): Promise<Array<{kind: string; count: number}>> {
  return sql<{kind: string; count: number}[]>`
    SELECT kind, count(*)::int AS count FROM session
    WHERE revoked_at IS NULL AND expires_at > now()
      AND last_active_at > now() - ${sessionIdleMinutes()}::float8 * interval '1 minute'
    GROUP BY kind`;
}

export async function postgresFacts(sql: Sql): Promise<{version: string; databaseBytes: number}> {
  const [row] = await sql<{version: string; size: string}[]>`
    SELECT current_setting('server_version') AS version, pg_database_size(current_database())::text AS size`;
  return {version: row!.version.split(' ')[0]!, databaseBytes: Number(row!.size)};
}

/**
 * The last backup that finished well, and a failed run after it (backup_run, migration 0054, written by
 * `npm run backup`). Before that migration exists there is no backup yet.
 */
export async function lastBackup(sql: Sql, now = Date.now()): Promise<BackupState> {
  const [exists] = await sql<{table: string | null}[]>`SELECT to_regclass('backup_run')::text AS table`;
  if (!exists?.table) return {warning: backupWarning(undefined, now)};
  const [good] = await sql<{at: Date; size: string | null; fileName: string; encrypted: boolean}[]>`
    SELECT coalesce(finished_at, started_at) AS at, size_bytes::text AS size, file_name AS "fileName", encrypted
    FROM backup_run WHERE ok ORDER BY coalesce(finished_at, started_at) DESC LIMIT 1`;
  const [failed] = await sql<{at: Date}[]>`
    SELECT coalesce(finished_at, started_at) AS at FROM backup_run
    WHERE NOT ok AND finished_at IS NOT NULL AND finished_at > ${good?.at ?? new Date(0)}
    ORDER BY finished_at DESC LIMIT 1`;
  const lastAt = good?.at.getTime();
  return {
    ...(good && {
      last: {
        at: lastAt!,
        ...(good.size !== null && {sizeBytes: Number(good.size)}),
        fileName: good.fileName,
        encrypted: good.encrypted,
      },
    }),
    ...(failed && {lastFailedAt: failed.at.getTime()}),
    warning: backupWarning(lastAt, now),
  };
}
