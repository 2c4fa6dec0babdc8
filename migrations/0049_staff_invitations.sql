-- From invitation to password (issue 30). A new staff member (or representative) is sent a one-time
-- link to choose a password; nothing else ever writes one outside the demo seed. Server-only: the
-- token is kept as its SHA-256 only, single use, valid 72 hours; a new invitation voids the old.
CREATE TABLE staff_invitation (
  token_hash text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  created_by text REFERENCES app_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz,
  voided_at  timestamptz
);
CREATE INDEX staff_invitation_by_user ON staff_invitation (user_id) WHERE used_at IS NULL AND voided_at IS NULL;

-- Whether a user was invited and has joined (chosen a password), as the staff page shows it. Everyone
-- who already has a password (the demo's accounts) has joined.
ALTER TABLE app_user ADD COLUMN invited_at timestamptz, ADD COLUMN joined_at timestamptz;
UPDATE app_user SET joined_at = created_at WHERE password_hash IS NOT NULL;

-- The staff page reads them with the particulars (0046): the copy grows by the two columns.
ALTER PUBLICATION kesher DROP TABLE staff_detail;
ALTER TABLE staff_detail ADD COLUMN invited_at timestamptz, ADD COLUMN joined_at timestamptz;
DROP TRIGGER staff_detail_copy ON app_user;
CREATE OR REPLACE FUNCTION staff_detail_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_detail (user_id, permissions, employment, print_notes, available_hours, score, total_suggestions,
                            invited_at, joined_at)
  VALUES (NEW.id, NEW.permissions, NEW.employment, NEW.print_notes, NEW.available_hours, NEW.score, NEW.total_suggestions,
          NEW.invited_at, NEW.joined_at)
  ON CONFLICT (user_id) DO UPDATE SET
    permissions = EXCLUDED.permissions, employment = EXCLUDED.employment, print_notes = EXCLUDED.print_notes,
    available_hours = EXCLUDED.available_hours, score = EXCLUDED.score, total_suggestions = EXCLUDED.total_suggestions,
    invited_at = EXCLUDED.invited_at, joined_at = EXCLUDED.joined_at
  WHERE (staff_detail.permissions, staff_detail.employment, staff_detail.print_notes, staff_detail.available_hours,
         staff_detail.score, staff_detail.total_suggestions, staff_detail.invited_at, staff_detail.joined_at)
        IS DISTINCT FROM (EXCLUDED.permissions, EXCLUDED.employment, EXCLUDED.print_notes, EXCLUDED.available_hours,
                          EXCLUDED.score, EXCLUDED.total_suggestions, EXCLUDED.invited_at, EXCLUDED.joined_at);
  RETURN NULL;
END $$;
CREATE TRIGGER staff_detail_copy
  AFTER INSERT OR UPDATE OF permissions, employment, print_notes, available_hours, score, total_suggestions,
                            invited_at, joined_at ON app_user
  FOR EACH ROW EXECUTE FUNCTION staff_detail_copy();
UPDATE staff_detail d SET invited_at = u.invited_at, joined_at = u.joined_at FROM app_user u WHERE u.id = d.user_id;
ALTER PUBLICATION kesher ADD TABLE staff_detail (
  user_id, permissions, employment, print_notes, available_hours, score, total_suggestions, invited_at, joined_at);

-- Forgot password (issue 30): a code asked for a reset resets only, and a sign-in code signs in only,
-- though both come the same way, under the same limits and lockout.
ALTER TABLE login_code ADD COLUMN purpose text NOT NULL DEFAULT 'sign-in' CHECK (purpose IN ('sign-in', 'reset'));
-- A reset's code, once checked, lets its browser choose the password within the code's lifetime; then
-- it is completed and can do nothing more.
ALTER TABLE login_code ADD COLUMN completed_at timestamptz;
