/**
 * What GET /api/admin/system-status answers (server/monitoring/status-routes.ts) and the administrator's
 * system-status page (/admin/system) shows: the API and Postgres, zero-cache's replication and client
 * groups, the stack's processes with their memory and restarts, and the last backup. Times are ms.
 */
export type SystemStatus = {
  /** When the API read all this (ms). */
  at: number;
  api: {
    pid: number;
    startedAt: number;
    postgres: 'up' | 'down';
    /** e.g. "18.4"; absent when Postgres is down. */
    postgresVersion?: string;
    databaseBytes?: number;
  };
  zero: {
    /** WAL bytes Postgres holds that zero-cache has not confirmed yet; absent without a replication slot. */
    replicationLagBytes?: number;
    /** How far behind zero-cache's replication is in time, when Postgres knows it. */
    replicationLagSeconds?: number;
    /** Whether zero-cache is connected to its slot now. */
    replicating: boolean;
    /** Client groups (a browser's tabs together) zero-cache served in the last minutes. */
    activeClientGroups: number;
  };
  /** Staff sessions in use (not expired, revoked or idle). */
  activeSessions: number;
  /** Whether the processes come from the orchestrator's status file (`npm start`); otherwise the API's own only. */
  fromOrchestrator: boolean;
  processes: SystemProcess[];
  /** The orchestrator's last restarts, newest first. */
  events: SystemEvent[];
  backup: BackupState;
};

export type SystemProcess = {
  label: string;
  pid: number;
  /** Resident memory of the process and every process below it (zero-cache forks workers); absent when it is gone. */
  rssBytes?: number;
  running: boolean;
  startedAt: number;
  restarts: number;
};

export type SystemEvent = {at: number; label: string; event: 'crashed' | 'restarted' | 'gave-up'; detail: string};

export type BackupState = {
  /** The last backup that finished well. */
  last?: {at: number; sizeBytes?: number; fileName: string; encrypted: boolean};
  /** The last run failed after (or without) that one. */
  lastFailedAt?: number;
  /** `none`: never a backup; `stale`: the last is older than a day. */
  warning?: 'none' | 'stale';
};

/** A backup older than this is a warning. */
export const BACKUP_STALE_MS = 24 * 60 * 60 * 1000;

/** How often the page asks again. */
export const SYSTEM_STATUS_POLL_MS = 3000;

/** The warning the last good backup deserves now. */
export function backupWarning(lastAt: number | undefined, now: number): BackupState['warning'] {
  if (lastAt === undefined) return 'none';
  return now - lastAt > BACKUP_STALE_MS ? 'stale' : undefined;
}
