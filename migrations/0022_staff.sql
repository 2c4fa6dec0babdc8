-- Shadchanim (issue 13, spec §3 Shadchan): the card's remaining fields, the counters, and the state.
-- States: pending (approved_at null), active, blocked (role 'blocked', as every sign-in check already
-- refuses it). Blocking keeps the role the user had in blocked_from_role, so unblocking restores it.
ALTER TABLE app_user
  ADD COLUMN landline          text,                      -- E.164; server-only like phone (see staff_contact)
  ADD COLUMN employment        text NOT NULL DEFAULT 'in_house' CHECK (employment IN ('in_house', 'external')),
  ADD COLUMN print_notes       text NOT NULL DEFAULT '' CHECK (length(print_notes) <= 2000),
  ADD COLUMN available_hours   text NOT NULL DEFAULT '' CHECK (length(available_hours) <= 500),
  -- Filled by later issues (suggestions, scoring); shown read-only on the staff form.
  ADD COLUMN score             integer NOT NULL DEFAULT 0,
  ADD COLUMN monthly_score     integer NOT NULL DEFAULT 0,
  ADD COLUMN total_suggestions integer NOT NULL DEFAULT 0,
  ADD COLUMN blocked_from_role text CHECK (blocked_from_role IN ('admin', 'shadchan', 'coordinator', 'representative')),
  -- Only a blocked user holds a role to go back to; one blocked without it comes back a shadchan.
  ADD CONSTRAINT app_user_blocked_from_role CHECK (blocked_from_role IS NULL OR role = 'blocked');

-- A staff member's contact details, a copy of app_user's sign-in columns kept by the database itself
-- (every writer of app_user — mutators, sign-in, seed, tests — keeps it current). It exists so the
-- numbers can reach the browsers of those who may see them (app/staff/queries.ts filters it by
-- permission) while app_user's row, which every staff browser replicates, keeps them out.
CREATE TABLE staff_contact (
  user_id  text PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  phone    text,
  email    text,
  landline text
);
CREATE FUNCTION staff_contact_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_contact (user_id, phone, email, landline) VALUES (NEW.id, NEW.phone, NEW.email, NEW.landline)
  ON CONFLICT (user_id) DO UPDATE SET phone = EXCLUDED.phone, email = EXCLUDED.email, landline = EXCLUDED.landline
  WHERE (staff_contact.phone, staff_contact.email, staff_contact.landline)
        IS DISTINCT FROM (EXCLUDED.phone, EXCLUDED.email, EXCLUDED.landline);
  RETURN NULL;
END $$;
CREATE TRIGGER staff_contact_copy AFTER INSERT OR UPDATE OF phone, email, landline ON app_user
  FOR EACH ROW EXECUTE FUNCTION staff_contact_copy();
INSERT INTO staff_contact (user_id, phone, email, landline) SELECT id, phone, email, landline FROM app_user;

-- app_user is re-published with the new columns (see 0005 for why a column list is dropped and re-added).
-- Still out: phone, email, landline, password_hash, declaration_accepted_on.
ALTER PUBLICATION kesher DROP TABLE app_user;
ALTER PUBLICATION kesher ADD TABLE app_user (
  id, name, gender, role, permissions, community_id, created_at, updated_at, approved_at,
  employment, print_notes, available_hours, score, monthly_score, total_suggestions, blocked_from_role);
ALTER PUBLICATION kesher ADD TABLE staff_contact;
