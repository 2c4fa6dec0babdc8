-- Self-user sign-in (spec §2 /self-user/login, §4, §7): a candidate or a parent proves who they are
-- with the ticket's ID number, birth date, one registered phone and the full name, then a hung-up-call
-- code, and may close the ticket.

-- Keep the new, sensitive profile columns out of replication: profile was published whole (0001), so
-- it is re-published with an explicit list of the columns browsers already had. Only profile is
-- touched (not SET TABLE), so tables other migrations publish stay published. A later migration that
-- adds a profile column browsers need must re-publish profile with that column in the list.
ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at);

ALTER TABLE profile
  -- Canonical 9-digit form (app/lib/israeli-id.ts); the check digit is checked by the app.
  ADD COLUMN id_number text CHECK (id_number ~ '^[0-9]{9}$'),
  -- E.164 numbers of the candidate and the parents: any of them may sign in as a self-user.
  ADD COLUMN phones jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(phones) = 'array'),
  -- Closed by the candidate or a parent (the spec's "deleted" ticket).
  ADD COLUMN closed_at timestamptz;
CREATE UNIQUE INDEX profile_by_id_number ON profile (id_number) WHERE id_number IS NOT NULL;

-- Self-user sessions live beside staff ones: same token scheme, but they belong to a profile.
ALTER TABLE session
  ADD COLUMN kind text NOT NULL DEFAULT 'staff' CHECK (kind IN ('staff', 'self')),
  ADD COLUMN profile_id text REFERENCES profile(id) ON DELETE CASCADE,
  ALTER COLUMN user_id DROP NOT NULL,
  ADD CONSTRAINT session_owner_check CHECK (
    (kind = 'staff' AND user_id IS NOT NULL AND profile_id IS NULL) OR
    (kind = 'self' AND profile_id IS NOT NULL AND user_id IS NULL));
CREATE INDEX session_by_profile ON session (profile_id) WHERE profile_id IS NOT NULL;

-- Self-user codes: channel 'self' (delivered by hung-up call) so a staff verify can never consume
-- one; profile_id is null when the details matched no ticket, like user_id for unknown staff targets.
ALTER TABLE login_code
  DROP CONSTRAINT login_code_channel_check,
  ADD CONSTRAINT login_code_channel_check CHECK (channel IN ('hungup', 'whatsapp', 'email', 'google', 'self')),
  ADD COLUMN profile_id text REFERENCES profile(id) ON DELETE CASCADE,
  ADD CONSTRAINT login_code_owner_check CHECK (
    CASE WHEN channel = 'self' THEN user_id IS NULL ELSE profile_id IS NULL END);

-- The users log names the ticket of self-user events.
ALTER TABLE auth_event ADD COLUMN profile_id text REFERENCES profile(id) ON DELETE SET NULL;
