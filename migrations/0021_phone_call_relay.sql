-- The phone proxy end to end (issue 12 §5): the sidecar relays each new notification to its shadchan's
-- open sockets, and the calls list syncs through Zero.

-- What the notification says of the caller, decided when the call is stored by the server's own profile
-- read rule (visibleProfiles) for that shadchan: the matched card's name and id only when they may see
-- it; otherwise both stay null and the browser is told the caller's number instead. The sidecar sends
-- these as they are and never judges visibility itself.
ALTER TABLE phone_call_notification
  ADD COLUMN people_name text,
  ADD COLUMN people_id   text REFERENCES profile(id) ON DELETE SET NULL;

-- The internal channel to the sidecar: every new notification is announced on commit, as
-- {"id": …, "userID": …}, to the sessions that LISTEN on it (the sidecar reads it only for a user it holds
-- a socket of). Only holders of the database's credentials can listen or notify.
CREATE FUNCTION phone_call_notification_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('phone_call_notification', json_build_object('id', NEW.id, 'userID', NEW.user_id)::text);
  RETURN NEW;
END $$;
CREATE TRIGGER phone_call_notification_announce AFTER INSERT ON phone_call_notification
  FOR EACH ROW EXECUTE FUNCTION phone_call_notification_announce();

-- The calls list (/dashboard/calls): what a browser needs of a call. Its read rule (permissions/calls.ts)
-- gives a user their own calls, and everyone's only with viewAllActivities. The provider's event id and
-- the notifications stay server-only.
ALTER PUBLICATION kesher ADD TABLE phone_call (
  id, user_id, caller_number, profile_id, started_at, duration_seconds, activity_id);
-- "All calls", newest first.
CREATE INDEX phone_call_by_time ON phone_call (started_at DESC, id);
