-- A staff member's particulars (issue 29): grants, employment, print notes, available hours and the
-- counters reach only those who manage staff or may see a shadchan's details, and the user themselves
-- (permissions/staff.ts). Until now they were columns of app_user's published row, which every staff
-- browser replicates (pickers, a card's owner, a note's author), representatives' included.
--
-- Like staff_contact (0022): a copy of app_user's columns kept by the database itself, so every writer
-- of app_user (mutators, sign-in, the seed, the scores' triggers of 0042, tests) keeps it current, and
-- app_user's published row keeps what a picker shows: name, gender, role and state.
CREATE TABLE staff_detail (
  user_id           text PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  permissions       jsonb NOT NULL,
  employment        text NOT NULL,
  print_notes       text NOT NULL,
  available_hours   text NOT NULL,
  score             integer NOT NULL,
  total_suggestions integer NOT NULL
);

CREATE FUNCTION staff_detail_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_detail (user_id, permissions, employment, print_notes, available_hours, score, total_suggestions)
  VALUES (NEW.id, NEW.permissions, NEW.employment, NEW.print_notes, NEW.available_hours, NEW.score, NEW.total_suggestions)
  ON CONFLICT (user_id) DO UPDATE SET
    permissions = EXCLUDED.permissions, employment = EXCLUDED.employment, print_notes = EXCLUDED.print_notes,
    available_hours = EXCLUDED.available_hours, score = EXCLUDED.score, total_suggestions = EXCLUDED.total_suggestions
  WHERE (staff_detail.permissions, staff_detail.employment, staff_detail.print_notes, staff_detail.available_hours,
         staff_detail.score, staff_detail.total_suggestions)
        IS DISTINCT FROM (EXCLUDED.permissions, EXCLUDED.employment, EXCLUDED.print_notes, EXCLUDED.available_hours,
                          EXCLUDED.score, EXCLUDED.total_suggestions);
  RETURN NULL;
END $$;
CREATE TRIGGER staff_detail_copy
  AFTER INSERT OR UPDATE OF permissions, employment, print_notes, available_hours, score, total_suggestions ON app_user
  FOR EACH ROW EXECUTE FUNCTION staff_detail_copy();
INSERT INTO staff_detail (user_id, permissions, employment, print_notes, available_hours, score, total_suggestions)
SELECT id, permissions, employment, print_notes, available_hours, score, total_suggestions FROM app_user;

-- app_user re-published without them (see 0005 for why a column list is dropped and re-added).
ALTER PUBLICATION kesher DROP TABLE app_user;
ALTER PUBLICATION kesher ADD TABLE app_user (
  id, name, gender, role, community_id, created_at, updated_at, approved_at, blocked_from_role);
ALTER PUBLICATION kesher ADD TABLE staff_detail (
  user_id, permissions, employment, print_notes, available_hours, score, total_suggestions);
