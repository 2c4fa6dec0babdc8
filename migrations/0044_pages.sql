-- Staff pages and folders (issue 17 point 4; spec §1 "notes, folders", §3 "Page or note: title,
-- content, created, modified. Folder."): the organisation's guidelines, templates and training notes.
--
-- A folder is private (its owner alone reads it and its pages) or shared (every signed-in staff member
-- reads it; its owner and the administrators write it: permissions/pages.ts). A page lives in one
-- folder; its rich text is TipTap/ProseMirror JSON, validated on the server (app/pages/content.ts),
-- never HTML. The text sits in a table of its own so the folder tree syncs titles only and a page's
-- text reaches a browser only when that page is opened (as profile_detail does for cards). `revision`
-- counts saves: a save names the revision it replaces, and one that was overtaken is refused.
CREATE TABLE page_folder (
  id         text PRIMARY KEY,
  owner_id   text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  name       text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 80),
  shared     boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_folder_owner ON page_folder (owner_id);

CREATE TABLE page (
  id         text PRIMARY KEY,
  folder_id  text NOT NULL REFERENCES page_folder(id) ON DELETE CASCADE,
  title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 120),
  revision   integer NOT NULL DEFAULT 1 CHECK (revision >= 1),
  created_by text REFERENCES app_user(id) ON DELETE SET NULL,
  updated_by text REFERENCES app_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX page_by_folder ON page (folder_id, title, id);

-- The last line of defence behind the server's schema: an object, and no bigger than the app allows
-- (app/pages/content.ts caps the JSON at 100,000 characters; jsonb's text is a little longer).
CREATE TABLE page_content (
  page_id text PRIMARY KEY REFERENCES page(id) ON DELETE CASCADE,
  content jsonb NOT NULL CHECK (jsonb_typeof(content) = 'object' AND octet_length(content::text) <= 1000000)
);

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE page_folder (id, owner_id, name, shared, created_at, updated_at);
ALTER PUBLICATION kesher ADD TABLE page (id, folder_id, title, revision, created_by, updated_by, created_at, updated_at);
ALTER PUBLICATION kesher ADD TABLE page_content (page_id, content);
