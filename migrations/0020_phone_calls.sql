-- The phone proxy's calls (issue 12 §5): the provider tells us a call ended (POST /api/phone-proxy/events,
-- server/phone-proxy/event-routes.ts) and we keep it, with a notification for its shadchan. Both tables
-- are server-only for now (not in the `kesher` publication): the caller's number is personal data, and
-- the browser learns of a call through the phone-proxy sidecar. The calls list will publish what it
-- needs, with its own read rule.
CREATE TABLE phone_call (
  id               text PRIMARY KEY,
  -- The provider's event id: the same event twice is a replay, refused (at most one call per event).
  event_id         text NOT NULL UNIQUE CHECK (length(event_id) BETWEEN 1 AND 100),
  -- The shadchan whose proxy call it was.
  user_id          text NOT NULL REFERENCES app_user(id),
  -- E.164, or null when the caller withheld their number.
  caller_number    text CHECK (caller_number ~ '^\+[1-9][0-9]{6,14}$'),
  -- The card listing the caller's number (profile.phones), or null when none does.
  profile_id       text REFERENCES profile(id) ON DELETE SET NULL,
  started_at       timestamptz NOT NULL,
  duration_seconds integer NOT NULL CHECK (duration_seconds BETWEEN 0 AND 86400),
  -- The activity opened for this call, once the shadchan opens one (a later step).
  activity_id      text REFERENCES activity(id) ON DELETE SET NULL,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_call_by_user ON phone_call (user_id, started_at DESC, id);

-- What the sidecar still has to tell a shadchan: unread ones are delivered (again) until the browser
-- answers NOTIFICATION_READED, which sets read_at for good.
CREATE TABLE phone_call_notification (
  id            text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES app_user(id),
  phone_call_id text NOT NULL REFERENCES phone_call(id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  read_at       timestamptz
);
CREATE INDEX phone_call_notification_unread ON phone_call_notification (user_id, created_at) WHERE read_at IS NULL;

-- The caller's card is found by its listed numbers (`phones ? number`) on every call.
CREATE INDEX profile_by_phones ON profile USING gin (phones);
