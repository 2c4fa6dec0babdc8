-- Excel import (issue 16; spec §1, §2 import/excel and "Excel format editing", §3 "Excel format", §6
-- importProfiles / importProfilesFromExcel).

-- An Excel format: a named mapping of a sheet's column headers to the card catalogue's fields
-- (app/imports/fields.ts), saved from an import and reused for the next file with the same headers.
-- Shared by everyone who imports. `columns` is [{"header": "ת.ז.", "field": "idNumber"}, …].
CREATE TABLE excel_format (
  id          text PRIMARY KEY,
  name        text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  columns     jsonb NOT NULL CHECK (jsonb_typeof(columns) = 'array'),
  created_by  text NOT NULL REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX excel_format_by_name ON excel_format (name, id);

-- One uploaded file on its way in: its headers and mapping, the preview's counts, and the import's
-- live progress (replicated, so the user may leave and come back, and others see it).
--   mapping   the card field of each column, in the sheet's order (null: not imported).
--   status    mapping → checking (the preview runs) → previewed → importing → done; cancelled (by the
--             user, also mid-import) or failed (the importer lost the right to import, say).
--             `cancelling` asks the running import to stop after the batch in hand.
--   database, temporary  where the cards go (as cards.create takes them), set when the import starts.
CREATE TABLE import_job (
  id              text PRIMARY KEY,
  file_name       text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 200),
  created_by      text NOT NULL REFERENCES app_user(id),
  status          text NOT NULL DEFAULT 'mapping'
                    CHECK (status IN ('mapping', 'checking', 'previewed', 'importing', 'cancelling', 'done', 'cancelled', 'failed')),
  headers         jsonb NOT NULL CHECK (jsonb_typeof(headers) = 'array'),
  mapping         jsonb NOT NULL CHECK (jsonb_typeof(mapping) = 'array'),
  format_id       text REFERENCES excel_format(id) ON DELETE SET NULL,
  database        text CHECK (database IN ('general', 'personal')),
  temporary       boolean NOT NULL DEFAULT false,
  total_rows      integer NOT NULL DEFAULT 0,
  valid_rows      integer NOT NULL DEFAULT 0,
  error_rows      integer NOT NULL DEFAULT 0,
  duplicate_rows  integer NOT NULL DEFAULT 0,
  queued_rows     integer NOT NULL DEFAULT 0,
  imported_rows   integer NOT NULL DEFAULT 0,
  rejected_rows   integer NOT NULL DEFAULT 0,
  -- Why a job failed (an error code the screen translates).
  failure         text,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  started_at      timestamptz,
  finished_at     timestamptz
);
CREATE INDEX import_job_by_created ON import_job (created_at, id);
-- The API picks up, at start, the jobs a stopped API left mid-preview or mid-import.
CREATE INDEX import_job_running ON import_job (status) WHERE status IN ('checking', 'importing', 'cancelling');

-- Server-only: the file's rows (never replicated: ID numbers and phones of people not yet in the system).
-- One row per non-empty sheet row, under its number in the sheet. The preview fills status, issues,
-- duplicates and the keys the duplicate checks compare; the user's choice is `decision`; the import
-- writes `outcome` (imported, with the card, or rejected, with why) batch by batch, in the batch's
-- own transaction, so a row is imported exactly once.
CREATE TABLE import_row (
  job_id      text NOT NULL REFERENCES import_job(id) ON DELETE CASCADE,
  row_number  integer NOT NULL,
  cells       jsonb NOT NULL CHECK (jsonb_typeof(cells) = 'array'),
  status      text CHECK (status IN ('valid', 'error', 'duplicate')),
  issues      jsonb NOT NULL DEFAULT '[]'::jsonb,
  duplicates  jsonb NOT NULL DEFAULT '[]'::jsonb,
  id_number   text,
  phones      text[] NOT NULL DEFAULT '{}',
  name_key    text,
  decision    text NOT NULL DEFAULT 'skip' CHECK (decision IN ('import', 'skip')),
  outcome     text CHECK (outcome IN ('imported', 'rejected')),
  profile_id  text REFERENCES profile(id) ON DELETE SET NULL,
  PRIMARY KEY (job_id, row_number)
);
CREATE INDEX import_row_pending ON import_row (job_id, row_number) WHERE decision = 'import' AND outcome IS NULL;

-- A card's history names the file it was imported from: its creation revision carries the file's
-- name (as 0037 marked revisions by the candidate).
ALTER TABLE profile_revision ADD COLUMN imported_from text;

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE excel_format (id, name, columns, created_by, created_at, updated_at);
ALTER PUBLICATION kesher ADD TABLE import_job (
  id, file_name, created_by, status, headers, mapping, format_id, database, temporary, total_rows,
  valid_rows, error_rows, duplicate_rows, queued_rows, imported_rows, rejected_rows, failure, created_at,
  updated_at, started_at, finished_at);
