-- The users log (admin/logs, server/users-log/): one list over auth_event, profile_revision and
-- access_log, newest first, filtered by user, card and time. Indexes for those orderings, and the
-- retention rule access_log already has (migrations/0015) for the other two: no row younger than 24
-- months may be deleted. Updates stay allowed, because deleting a user sets auth_event.user_id to null
-- (the row itself stays).

CREATE INDEX auth_event_by_time ON auth_event (at);
CREATE INDEX auth_event_by_profile ON auth_event (profile_id, at);
CREATE INDEX access_log_by_time ON access_log (at);
CREATE INDEX profile_revision_by_time ON profile_revision (created_at);
CREATE INDEX profile_revision_by_user ON profile_revision (user_id, created_at);

CREATE FUNCTION users_log_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  written timestamptz;
BEGIN
  -- One statement per table: plpgsql prepares each only when it runs, and each names its own column.
  IF TG_TABLE_NAME = 'profile_revision' THEN
    written := OLD.created_at;
  ELSE
    written := OLD.at;
  END IF;
  IF written > now() - interval '24 months' THEN
    RAISE EXCEPTION 'users log rows (%) are kept for at least 24 months', TG_TABLE_NAME;
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER auth_event_keep BEFORE DELETE ON auth_event FOR EACH ROW EXECUTE FUNCTION users_log_keep();
CREATE TRIGGER profile_revision_keep BEFORE DELETE ON profile_revision FOR EACH ROW EXECUTE FUNCTION users_log_keep();
