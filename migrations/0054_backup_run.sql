-- Backups (issue 32): one row per `npm run backup`, inserted when it starts and completed when it ends
-- (ok, size, finished_at) or given its error. The administration's system status shows the last one.
-- Server-only: not in the kesher publication, not in zero-schema.ts. Pruned backups keep their rows.
--   id           the backup's id (its UTC timestamp, e.g. 2026-11-28T08-00-00Z).
--   file_name    the backup file in BACKUP_DIR (kesher-<id>.tar.gz, .enc when encrypted).
--   size_bytes   the file's size once written.
CREATE TABLE backup_run (
  id text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  size_bytes bigint,
  file_name text NOT NULL,
  encrypted boolean NOT NULL,
  ok boolean NOT NULL DEFAULT false,
  error text
);
CREATE INDEX backup_run_started_at ON backup_run (started_at DESC);
