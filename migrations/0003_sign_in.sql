-- Sign-in: passwords, approval, the activities declaration, one-time codes and the users log.

ALTER TABLE app_user
  ADD COLUMN password_hash text,                -- argon2id; never replicated (not in the publication)
  ADD COLUMN approved_at timestamptz,           -- null: waiting for an admin's approval
  ADD COLUMN declaration_accepted_on date;      -- the activities declaration, asked again after a month
UPDATE app_user SET approved_at = created_at;   -- everyone who existed before approval was a thing

-- Server-only: one row per code sent. The browser holds a random attempt token (cookie) whose hash
-- is the id; the code itself is stored hashed too. user_id is null for unknown targets, so requests
-- for unknown and known phones look the same to the caller.
CREATE TABLE login_code (
  attempt_hash text PRIMARY KEY,
  channel      text NOT NULL CHECK (channel IN ('hungup', 'whatsapp', 'email')),
  target       text NOT NULL,
  user_id      text REFERENCES app_user(id) ON DELETE CASCADE,
  code_hash    text NOT NULL,
  failures     integer NOT NULL DEFAULT 0,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_code_by_target ON login_code (target, created_at);

-- Server-only: the users log. Every sign-in event: who, when, from where, what, and how it ended.
CREATE TABLE auth_event (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at         timestamptz NOT NULL DEFAULT now(),
  user_id    text REFERENCES app_user(id) ON DELETE SET NULL,
  target     text,
  ip         text,
  kind       text NOT NULL,
  result     text NOT NULL
);
CREATE INDEX auth_event_by_user ON auth_event (user_id, at);
