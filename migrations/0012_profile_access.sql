-- Who may see a card beyond its database (spec §6 "profile visibility is either all site contacts or
-- restricted to chosen parties"), and where a card came from (spec §4: a profile sent by the candidate
-- stays locked for the candidate until they verify one of its phone numbers).
ALTER TABLE profile
  -- all: everyone who sees its database; chosen: only its shadchan, administrators and the users in
  -- profile_viewer. Enforced by the row filter in permissions/profiles.ts.
  ADD COLUMN visibility            text NOT NULL DEFAULT 'all' CHECK (visibility IN ('all', 'chosen')),
  ADD COLUMN source                text NOT NULL DEFAULT 'staff' CHECK (source IN ('staff', 'candidate')),
  ADD COLUMN candidate_verified_at timestamptz;

CREATE TABLE profile_viewer (
  profile_id  text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (profile_id, user_id)
);
CREATE INDEX profile_viewer_by_user ON profile_viewer (user_id);

-- The pending-approval list is read by state.
CREATE INDEX profile_by_state ON profile (state, created_at);

ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, id_number, details, community_id, state, deleted_at, closed_at, open_from,
  colour, entry_date, revision, visibility, source, candidate_verified_at);
-- The filter itself needs the chosen viewers in zero-cache's replica; a browser only receives the rows
-- its own queries touch (its own grants, or a card's list for those who manage it).
ALTER PUBLICATION kesher ADD TABLE profile_viewer;
