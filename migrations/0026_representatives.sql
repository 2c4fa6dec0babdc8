-- Representatives of yeshivas, seminaries and communities (issue 13, spec §3 "Representative").

-- A representative represents one institution (role yeshiva or seminary) or one community (role
-- community). `user_id` is the staff account they sign in with (role 'representative'), made or linked
-- when the representative has an email or phone. Names are unique as folded (fold_name, migrations/0018).
CREATE TABLE representative (
  id               text PRIMARY KEY,
  name             text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  role             text NOT NULL CHECK (role IN ('yeshiva', 'seminary', 'community')),
  gender           text CHECK (gender IN ('male', 'female')),
  email            text,
  phone            text,
  form_coordinator text NOT NULL DEFAULT '',
  inquiry_contact  text NOT NULL DEFAULT '',
  phone_hours      text NOT NULL DEFAULT '',
  institution_id   text REFERENCES institution(id),
  community_id     text REFERENCES community(id),
  user_id          text UNIQUE REFERENCES app_user(id) ON DELETE SET NULL,
  retired_at       timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CHECK ((role = 'community') = (community_id IS NOT NULL)),
  CHECK ((role = 'community') = (institution_id IS NULL))
);
CREATE UNIQUE INDEX representative_folded_name ON representative (fold_name(name));
CREATE INDEX representative_community ON representative (community_id);
CREATE INDEX representative_institution ON representative (institution_id);

-- The institution a card names (its details' institution field, by name or a variation, as folded),
-- kept on the profile by the database so that "cards under a representative's care" is a plain
-- relationship Zero can follow (permissions/profiles.ts). A live institution wins over a retired twin.
CREATE FUNCTION institution_named(typed text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT i.id FROM institution i
  WHERE fold_name(i.name) = fold_name(typed)
     OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(i.variations) v WHERE fold_name(v) = fold_name(typed))
  ORDER BY i.retired_at NULLS FIRST, i.id
  LIMIT 1
$$;

ALTER TABLE profile ADD COLUMN institution_id text REFERENCES institution(id);
CREATE INDEX profile_institution ON profile (institution_id);

CREATE FUNCTION profile_detail_institution() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE linked text := institution_named(NEW.details->>'institution');
BEGIN
  UPDATE profile SET institution_id = linked WHERE id = NEW.profile_id AND institution_id IS DISTINCT FROM linked;
  RETURN NULL;
END $$;
CREATE TRIGGER profile_detail_institution AFTER INSERT OR UPDATE OF details ON profile_detail
  FOR EACH ROW EXECUTE FUNCTION profile_detail_institution();

-- A renamed institution or a new variation may now be the one a card names: re-link every card.
CREATE FUNCTION institution_relink_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE profile p SET institution_id = institution_named(d.details->>'institution')
  FROM profile_detail d
  WHERE d.profile_id = p.id AND p.institution_id IS DISTINCT FROM institution_named(d.details->>'institution');
  RETURN NULL;
END $$;
CREATE TRIGGER institution_relink_profiles AFTER INSERT OR UPDATE OF name, variations, retired_at ON institution
  FOR EACH STATEMENT EXECUTE FUNCTION institution_relink_profiles();

UPDATE profile p SET institution_id = institution_named(d.details->>'institution')
FROM profile_detail d WHERE d.profile_id = p.id;

ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, community_id, state, deleted_at, closed_at, open_from, colour, entry_date,
  revision, visibility, source, candidate_verified_at, name_search, last_activity_at, last_suggestion_at,
  institution_id);

-- The columns zero-schema.ts declares, by name, so a column added later stays server-only unless
-- published on purpose. Their emails and phones reach only coordinator editing (the list's query,
-- app/representatives/queries.ts) and a representative's own row its account (the care relationship).
ALTER PUBLICATION kesher ADD TABLE representative (
  id, name, role, gender, email, phone, form_coordinator, inquiry_contact, phone_hours, institution_id,
  community_id, user_id, retired_at, created_at, updated_at);

-- A community's registration link (issue 13, point 5): its token is the unguessable path
-- /register/{token}; the public candidate form it opens files pending cards in the community. It works
-- until it expires or is revoked. Made by staff with editShadchanim or by the community's coordinator.
CREATE TABLE registration_link (
  token        text PRIMARY KEY CHECK (token ~ '^[A-Za-z0-9_-]{21,64}$'),
  community_id text NOT NULL REFERENCES community(id),
  created_by   text NOT NULL REFERENCES app_user(id),
  expires_at   timestamptz,
  revoked_at   timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX registration_link_community ON registration_link (community_id);
ALTER PUBLICATION kesher ADD TABLE registration_link (token, community_id, created_by, expires_at, revoked_at, created_at);
