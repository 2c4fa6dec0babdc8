-- Activities (spec §3 Activity, issue 12): the matchmakers' work on a pair, idea → suggestion → date →
-- vort. 0001 made the table for the reminders bell; this adds what the spec's activity holds.

-- A short readable code people can say on the phone ("activity 1042"): numbered by the database, so
-- it is unique whoever creates the activity (the browser's optimistic row shows it once synced).
CREATE SEQUENCE activity_code_seq START 1001;
ALTER TABLE activity
  ADD COLUMN code text UNIQUE,
  -- From a call through the phone proxy: how long it took and who called (E.164).
  ADD COLUMN call_duration_seconds integer CHECK (call_duration_seconds BETWEEN 0 AND 86400),
  ADD COLUMN caller_number text CHECK (caller_number ~ '^\+[1-9][0-9]{6,14}$');
CREATE FUNCTION activity_code() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.code := nextval('activity_code_seq')::text;
  RETURN NEW;
END $$;
CREATE TRIGGER activity_code BEFORE INSERT ON activity FOR EACH ROW EXECUTE FUNCTION activity_code();
UPDATE activity SET code = nextval('activity_code_seq')::text WHERE code IS NULL;
ALTER TABLE activity ALTER COLUMN code SET NOT NULL;

CREATE INDEX activity_by_male ON activity (male_profile_id);
CREATE INDEX activity_by_female ON activity (female_profile_id);

-- The activity's comments: a thread, each with its author and time.
CREATE TABLE activity_comment (
  id          text PRIMARY KEY,
  activity_id text NOT NULL REFERENCES activity(id) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES app_user(id),
  body        text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_comment_thread ON activity_comment (activity_id, created_at);
ALTER PUBLICATION kesher ADD TABLE activity_comment;

-- For the search filters (last activity, six months without suggestions) and the monthly scores: the
-- card's last activity and last suggestion, kept by the database in the same transaction as every
-- change of an activity (a new one, an edit, a transfer to another card, a deletion).
ALTER TABLE profile
  ADD COLUMN last_activity_at timestamptz,
  ADD COLUMN last_suggestion_at timestamptz;
CREATE INDEX profile_by_last_activity ON profile (last_activity_at);
CREATE INDEX profile_by_last_suggestion ON profile (last_suggestion_at);

CREATE FUNCTION profile_activity_times(card_id text) RETURNS void LANGUAGE sql AS $$
  UPDATE profile SET
    last_activity_at = (SELECT max(updated_at) FROM activity WHERE card_id IN (male_profile_id, female_profile_id)),
    last_suggestion_at = (SELECT max(created_at) FROM activity
                          WHERE card_id IN (male_profile_id, female_profile_id) AND type = 'suggestion')
  WHERE id = card_id;
$$;
CREATE FUNCTION activity_touches_profiles() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE touched text;
BEGIN
  FOR touched IN
    SELECT DISTINCT p FROM unnest(ARRAY[
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.male_profile_id END,
      CASE WHEN TG_OP <> 'INSERT' THEN OLD.female_profile_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.male_profile_id END,
      CASE WHEN TG_OP <> 'DELETE' THEN NEW.female_profile_id END]) AS p
    WHERE p IS NOT NULL
  LOOP
    PERFORM profile_activity_times(touched);
  END LOOP;
  RETURN NULL;
END $$;
CREATE TRIGGER activity_touches_profiles AFTER INSERT OR UPDATE OR DELETE ON activity
  FOR EACH ROW EXECUTE FUNCTION activity_touches_profiles();
UPDATE profile SET last_activity_at = a.at
  FROM (SELECT p, max(updated_at) AS at FROM activity, unnest(ARRAY[male_profile_id, female_profile_id]) AS p
        WHERE p IS NOT NULL GROUP BY p) a
  WHERE profile.id = a.p;
UPDATE profile SET last_suggestion_at = a.at
  FROM (SELECT p, max(created_at) AS at FROM activity, unnest(ARRAY[male_profile_id, female_profile_id]) AS p
        WHERE p IS NOT NULL AND type = 'suggestion' GROUP BY p) a
  WHERE profile.id = a.p;

ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, community_id, state, deleted_at, closed_at, open_from, colour, entry_date,
  revision, visibility, source, candidate_verified_at, name_search, last_activity_at, last_suggestion_at);
