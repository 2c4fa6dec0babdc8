-- The staff of each card's place (issue 36): the coordinators of its community or institution (they
-- decide on its pending arrivals) and its representatives who are not retired (the cards in their
-- care), one row per card and user, kept by triggers. The read rule (permissions/profiles.ts) asks
-- this table by the card's id, where it asked the users and representatives through the card's
-- community_id and institution_id. Zero turns every edit of a card into a removal and an addition in
-- each pipeline that joins on a column the edit "changed", and it holds NULL unequal to NULL: every
-- edit of a card with no community or institution was split, and every open list, card and bell of a
-- coordinator or a representative refetched its window for it (docs/benchmark.md). The card's id is
-- never NULL and never changes. permissions/profiles-sql.ts, the rule's SQL twin, still reads the
-- places themselves, so the pg tests that hold the twin and the rule to the same cards check this table.

CREATE TABLE profile_place_staff (
  profile_id text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  user_id    text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  kind       text NOT NULL CHECK (kind IN ('coordinator', 'representative')),
  PRIMARY KEY (profile_id, user_id, kind)
);
CREATE INDEX profile_place_staff_by_user ON profile_place_staff (user_id, kind);

-- Who is in a place's staff.
CREATE FUNCTION place_staff_of(community text, institution text) RETURNS TABLE (user_id text, kind text)
LANGUAGE sql STABLE AS $$
  SELECT u.id, 'coordinator' FROM app_user u
  WHERE u.role = 'coordinator' AND (u.community_id = community OR u.institution_id = institution)
  UNION
  SELECT r.user_id, 'representative' FROM representative r
  WHERE r.user_id IS NOT NULL AND r.retired_at IS NULL
    AND (r.community_id = community OR r.institution_id = institution)
$$;

-- The cards in a user's place(s), as that user's rows.
CREATE FUNCTION place_cards_of(staff text) RETURNS TABLE (profile_id text, kind text) LANGUAGE sql STABLE AS $$
  SELECT p.id, 'coordinator' FROM app_user u JOIN profile p ON p.community_id = u.community_id
  WHERE u.id = staff AND u.role = 'coordinator'
  UNION
  SELECT p.id, 'coordinator' FROM app_user u JOIN profile p ON p.institution_id = u.institution_id
  WHERE u.id = staff AND u.role = 'coordinator'
  UNION
  SELECT p.id, 'representative' FROM representative r JOIN profile p ON p.community_id = r.community_id
  WHERE r.user_id = staff AND r.retired_at IS NULL
  UNION
  SELECT p.id, 'representative' FROM representative r JOIN profile p ON p.institution_id = r.institution_id
  WHERE r.user_id = staff AND r.retired_at IS NULL
$$;

-- Only the rows that changed are written: nothing replicates for an edit that moves no one.
-- PL/pgSQL (not SQL) so that its statements' plans are kept between rows of a bulk write.
CREATE FUNCTION profile_place_staff_refresh(card text, community text, institution text) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_place_staff s WHERE s.profile_id = card
    AND NOT EXISTS (SELECT 1 FROM place_staff_of(community, institution) w WHERE w.user_id = s.user_id AND w.kind = s.kind);
  INSERT INTO profile_place_staff (profile_id, user_id, kind)
    SELECT card, w.user_id, w.kind FROM place_staff_of(community, institution) w ON CONFLICT DO NOTHING;
END $$;

CREATE FUNCTION place_staff_refresh_user(staff text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM profile_place_staff s WHERE s.user_id = staff
    AND NOT EXISTS (SELECT 1 FROM place_cards_of(staff) w WHERE w.profile_id = s.profile_id AND w.kind = s.kind);
  INSERT INTO profile_place_staff (profile_id, user_id, kind)
    SELECT w.profile_id, staff, w.kind FROM place_cards_of(staff) w ON CONFLICT DO NOTHING;
END $$;

CREATE FUNCTION profile_place_staff_of_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.community_id IS NOT DISTINCT FROM NEW.community_id
     AND OLD.institution_id IS NOT DISTINCT FROM NEW.institution_id THEN
    RETURN NULL;
  END IF;
  PERFORM profile_place_staff_refresh(NEW.id, NEW.community_id, NEW.institution_id);
  RETURN NULL;
END $$;
CREATE TRIGGER profile_place_staff AFTER INSERT OR UPDATE OF community_id, institution_id ON profile
  FOR EACH ROW EXECUTE FUNCTION profile_place_staff_of_profile();

CREATE FUNCTION profile_place_staff_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.role IS NOT DISTINCT FROM NEW.role
     AND OLD.community_id IS NOT DISTINCT FROM NEW.community_id
     AND OLD.institution_id IS NOT DISTINCT FROM NEW.institution_id THEN
    RETURN NULL;
  END IF;
  PERFORM place_staff_refresh_user(NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER profile_place_staff AFTER INSERT OR UPDATE OF role, community_id, institution_id ON app_user
  FOR EACH ROW EXECUTE FUNCTION profile_place_staff_of_user();

CREATE FUNCTION profile_place_staff_of_representative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- OLD is NULL in an INSERT's trigger and NEW in a DELETE's.
  IF OLD.user_id IS NOT NULL THEN
    PERFORM place_staff_refresh_user(OLD.user_id);
  END IF;
  IF NEW.user_id IS NOT NULL AND NEW.user_id IS DISTINCT FROM OLD.user_id THEN
    PERFORM place_staff_refresh_user(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER profile_place_staff AFTER INSERT OR UPDATE OR DELETE ON representative
  FOR EACH ROW EXECUTE FUNCTION profile_place_staff_of_representative();

INSERT INTO profile_place_staff (profile_id, user_id, kind)
  SELECT p.id, w.user_id, w.kind FROM profile p, place_staff_of(p.community_id, p.institution_id) w
  WHERE p.community_id IS NOT NULL OR p.institution_id IS NOT NULL
  ON CONFLICT DO NOTHING;

ALTER PUBLICATION kesher ADD TABLE profile_place_staff;
