-- The full candidate card (spec §3, §4). The sectioned fields (personal, appearance, learning, work,
-- background, family, expectations, financial, contacts) live in one jsonb document whose shape is the
-- shared valibot schema (app/candidates/card/schema.ts), checked by the server mutator on every write;
-- the columns below are the ones lists filter, sort or guard on.
ALTER TABLE profile
  ADD COLUMN details      jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object'),
  ADD COLUMN community_id text REFERENCES community(id),
  -- §4: pending = a temporary profile awaiting approval. Closed and deleted are marks of their own
  -- (closed_at from 0005, deleted_at here) because a profile keeps its state underneath them.
  ADD COLUMN state        text NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'blocked', 'pending', 'engaged')),
  ADD COLUMN deleted_at   timestamptz,
  -- Open to suggestions from this date; null: open now.
  ADD COLUMN open_from    date,
  ADD COLUMN colour       text CHECK (colour IN ('red', 'orange', 'yellow', 'green', 'blue', 'purple', 'gray')),
  ADD COLUMN entry_date   date NOT NULL DEFAULT current_date,
  -- Bumped by every saved edit: an edit made on an older revision is refused instead of overwriting.
  ADD COLUMN revision     integer NOT NULL DEFAULT 0;

-- Browsers now get the card: the ID number and the details join the replicated columns. `phones`
-- (the sign-in numbers, derived from the contacts) stays server-only.
ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, id_number, details, community_id, state, deleted_at, closed_at, open_from,
  colour, entry_date, revision);

-- Revision history (spec §2 "revision history"): one row per changed field of a saved edit: who, when,
-- old → new. Read with viewChangeHistory, through the profile's own visibility filter.
CREATE TABLE profile_revision (
  id          text PRIMARY KEY,
  profile_id  text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  revision    integer NOT NULL,
  user_id     text NOT NULL REFERENCES app_user(id),
  field       text NOT NULL,
  old_value   jsonb,
  new_value   jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_revision_by_profile ON profile_revision (profile_id, revision DESC);
ALTER PUBLICATION kesher ADD TABLE profile_revision;
