-- Roles that fit the people (issue 30, spec §6).
--
-- A coordinator or representative serves one community or one institution, chosen on the staff form:
-- a community's or an institution's coordinator decides the pending cards of that place, a
-- representative sees its cards (through the representative row the staff form keeps in step). The
-- place is as public as the community was: a picker may show it.
ALTER TABLE app_user
  ADD COLUMN institution_id text REFERENCES institution(id),
  ADD CONSTRAINT app_user_one_place CHECK (community_id IS NULL OR institution_id IS NULL);
UPDATE app_user u SET institution_id = r.institution_id
  FROM representative r
 WHERE r.user_id = u.id AND r.retired_at IS NULL AND r.institution_id IS NOT NULL AND u.community_id IS NULL;

-- Per-user rights both ways: `permissions` are those granted beyond the role's preset, and
-- `withheld_permissions` those of the preset taken away (a shadchan without forum access).
ALTER TABLE app_user
  ADD COLUMN withheld_permissions jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(withheld_permissions) = 'array');

-- The particulars' copy (0046, 0049) grows by the withheld rights.
ALTER PUBLICATION kesher DROP TABLE staff_detail;
ALTER TABLE staff_detail ADD COLUMN withheld jsonb NOT NULL DEFAULT '[]'::jsonb;
DROP TRIGGER staff_detail_copy ON app_user;
CREATE OR REPLACE FUNCTION staff_detail_copy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO staff_detail (user_id, permissions, withheld, employment, print_notes, available_hours, score,
                            total_suggestions, invited_at, joined_at)
  VALUES (NEW.id, NEW.permissions, NEW.withheld_permissions, NEW.employment, NEW.print_notes, NEW.available_hours,
          NEW.score, NEW.total_suggestions, NEW.invited_at, NEW.joined_at)
  ON CONFLICT (user_id) DO UPDATE SET
    permissions = EXCLUDED.permissions, withheld = EXCLUDED.withheld, employment = EXCLUDED.employment,
    print_notes = EXCLUDED.print_notes, available_hours = EXCLUDED.available_hours, score = EXCLUDED.score,
    total_suggestions = EXCLUDED.total_suggestions, invited_at = EXCLUDED.invited_at, joined_at = EXCLUDED.joined_at
  WHERE (staff_detail.permissions, staff_detail.withheld, staff_detail.employment, staff_detail.print_notes,
         staff_detail.available_hours, staff_detail.score, staff_detail.total_suggestions, staff_detail.invited_at,
         staff_detail.joined_at)
        IS DISTINCT FROM (EXCLUDED.permissions, EXCLUDED.withheld, EXCLUDED.employment, EXCLUDED.print_notes,
                          EXCLUDED.available_hours, EXCLUDED.score, EXCLUDED.total_suggestions, EXCLUDED.invited_at,
                          EXCLUDED.joined_at);
  RETURN NULL;
END $$;
CREATE TRIGGER staff_detail_copy
  AFTER INSERT OR UPDATE OF permissions, withheld_permissions, employment, print_notes, available_hours, score,
                            total_suggestions, invited_at, joined_at ON app_user
  FOR EACH ROW EXECUTE FUNCTION staff_detail_copy();
ALTER PUBLICATION kesher ADD TABLE staff_detail (
  user_id, permissions, withheld, employment, print_notes, available_hours, score, total_suggestions, invited_at,
  joined_at);

-- app_user re-published with the institution (see 0005 for why a column list is dropped and re-added).
ALTER PUBLICATION kesher DROP TABLE app_user;
ALTER PUBLICATION kesher ADD TABLE app_user (
  id, name, gender, role, community_id, institution_id, created_at, updated_at, approved_at, blocked_from_role);
