-- Minimum data on the wire (issue 10): the card's sensitive part leaves `profile` for a 1:1 table of
-- its own. `profile` keeps what lists show, filter, sort and guard on; lists replicate its rows to
-- every browser that searches them. The ID number and the details document (contacts, health, family,
-- address, everything of app/candidates/card/schema.ts) reach a browser only through the card query of
-- a card the user opens (zero-schema.ts: the profile's `detail` relationship), never through a list.
CREATE TABLE profile_detail (
  profile_id  text PRIMARY KEY REFERENCES profile(id) ON DELETE CASCADE,
  -- Canonical 9-digit form (app/lib/israeli-id.ts); the check digit is checked by the app.
  id_number   text CHECK (id_number ~ '^[0-9]{9}$'),
  details     jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object')
);
-- An ID number belongs to one person (spec §5).
CREATE UNIQUE INDEX profile_detail_by_id_number ON profile_detail (id_number) WHERE id_number IS NOT NULL;

-- Every card has its detail row; the mutators write both in one transaction from now on.
INSERT INTO profile_detail (profile_id, id_number, details) SELECT id, id_number, details FROM profile;

-- The columns are in the publication's list for profile, which must let go of them first. Profile is
-- then re-published with the columns it keeps (see 0005): `phones`, the server-only sign-in numbers,
-- stays out as before.
ALTER PUBLICATION kesher DROP TABLE profile;
DROP INDEX profile_by_id_number;
ALTER TABLE profile DROP COLUMN id_number, DROP COLUMN details;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, community_id, state, deleted_at, closed_at, open_from, colour, entry_date,
  revision, visibility, source, candidate_verified_at);
ALTER PUBLICATION kesher ADD TABLE profile_detail (profile_id, id_number, details);
