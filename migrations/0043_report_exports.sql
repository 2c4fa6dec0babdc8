-- Reports (issue 17; spec §2 "control panel: reports, shadchanim reports"): a report is exported to Excel
-- through the same export path as the lists (server/exports/, migrations/0039), as one more kind of job.
-- Its filters (a time window in ms and a community, app/reports/schema.ts) are kept in `filters`.
ALTER TABLE export_job DROP CONSTRAINT export_job_kind_check;
ALTER TABLE export_job ADD CONSTRAINT export_job_kind_check CHECK (kind IN (
  'profiles', 'activities', 'shadchanim', 'couples',
  'report-activities', 'report-couples', 'report-cards', 'report-shadchanim'));
