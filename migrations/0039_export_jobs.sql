-- admin/exports (issue 16; spec §1 "Excel import and export", §2 admin/exports, §6 exportToExcel).
--
-- An export runs on the API server (server/exports/): it streams the rows the user may see into an
-- .xlsx file in the exports folder and offers it for download to the user who asked for it, and to
-- nobody else. This row is the job's live state, replicated so the page shows "preparing… N rows" and
-- then the download, also after the user leaves and comes back; app/exports/queries.ts lets a user read
-- only their own jobs (permissions/exports.ts). What was exported and every download also go to the
-- access log (access_log, kept 24 months); this row and its file are kept for a day (server/exports/jobs.ts).
CREATE TABLE export_job (
  id          text PRIMARY KEY,
  owner_id    text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('profiles', 'activities', 'shadchanim', 'couples')),
  -- The candidate search's filter set (app/candidates/search/filters.ts) of a profiles export; {} is all.
  filters     jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(filters) = 'object'),
  -- A saved search's title, when the export is one; '' otherwise.
  title       text NOT NULL DEFAULT '' CHECK (length(title) <= 80),
  -- The user's language when they asked: the sheet's headers, values and direction (server-only).
  locale      text NOT NULL CHECK (locale IN ('he', 'en', 'de', 'ru')),
  status      text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'ready', 'failed', 'expired')),
  row_count   integer NOT NULL DEFAULT 0 CHECK (row_count >= 0),
  -- The finished file's bytes.
  size        bigint CHECK (size >= 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Moved by every progress step: a running job left unmoved for minutes died with its process.
  updated_at  timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz,
  CHECK ((status = 'running') = (finished_at IS NULL))
);
CREATE INDEX export_job_by_owner ON export_job (owner_id, created_at DESC);
-- One export at a time per user: a second request while one runs is refused (409 exportRunning).
CREATE UNIQUE INDEX export_job_one_running ON export_job (owner_id) WHERE status = 'running';

-- Listed by column, as zero-schema.ts declares them (see migrations/0029); the locale stays server-only.
ALTER PUBLICATION kesher ADD TABLE export_job (
  id, owner_id, kind, filters, title, status, row_count, size, created_at, updated_at, finished_at);
