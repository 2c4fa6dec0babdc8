-- A card's photo and documents (spec §3 "photo", "files"; §6 view files, upload files). The bytes live
-- in the file storage (server/files/storage.ts: local disk under .data/files/ by default), keyed by
-- the row's id; only the metadata is here. At most one photo per card: a new photo replaces the old.
CREATE TABLE profile_file (
  id           text PRIMARY KEY,
  profile_id   text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('photo', 'document')),
  -- The sanitised original name, offered when the file is downloaded.
  name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  -- Detected from the bytes' signature on upload, never taken from the browser.
  mime         text NOT NULL CHECK (
    mime IN ('image/jpeg', 'image/png', 'image/webp') OR
    (kind = 'document' AND mime IN ('application/pdf', 'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document'))),
  size         integer NOT NULL CHECK (size BETWEEN 1 AND 10485760),
  uploaded_by  text NOT NULL REFERENCES app_user(id),
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_file_by_profile ON profile_file (profile_id, created_at DESC);
CREATE UNIQUE INDEX profile_file_one_photo ON profile_file (profile_id) WHERE kind = 'photo';

-- The metadata reaches browsers (through the viewFiles row filter in permissions/files.ts); the bytes
-- never replicate. Columns are listed so that a later server-only column stays out.
ALTER PUBLICATION kesher ADD TABLE profile_file (id, profile_id, kind, name, mime, size, uploaded_by, created_at);
