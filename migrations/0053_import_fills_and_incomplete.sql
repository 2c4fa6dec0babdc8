-- Legacy sheets import (issue 31): a value for a whole column, incomplete rows as temporary cards, and
-- the sheet's date order.
--   fills                     a card field → the value every row without its own takes, as typed in a cell.
--   date_order                the user's choice of how d/m/yyyy dates read ('dmy' or 'mdy'); null: from the sheet.
--   dates                     what the preview found: {order, dayFirst, monthFirst, ambiguous, chosen}.
--   incomplete_as_temporary   incomplete rows (only required details missing) go in as temporary cards.
--   incomplete_rows           the preview's count of them.
ALTER TABLE import_job
  ADD COLUMN fills jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(fills) = 'object'),
  ADD COLUMN date_order text CHECK (date_order IN ('dmy', 'mdy')),
  ADD COLUMN dates jsonb,
  ADD COLUMN incomplete_as_temporary boolean NOT NULL DEFAULT false,
  ADD COLUMN incomplete_rows integer NOT NULL DEFAULT 0;

-- A row is incomplete when all it lacks is required details (a temporary card may lack them); its
-- warnings are what is not wrong but worth a look (a date that reads either way).
ALTER TABLE import_row DROP CONSTRAINT import_row_status_check;
ALTER TABLE import_row
  ADD CONSTRAINT import_row_status_check CHECK (status IN ('valid', 'incomplete', 'error', 'duplicate')),
  ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]'::jsonb;

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher DROP TABLE import_job;
ALTER PUBLICATION kesher ADD TABLE import_job (
  id, file_name, created_by, status, headers, mapping, format_id, database, temporary, total_rows,
  valid_rows, error_rows, duplicate_rows, queued_rows, imported_rows, rejected_rows, failure, created_at,
  updated_at, started_at, finished_at, fills, date_order, dates, incomplete_as_temporary, incomplete_rows);
