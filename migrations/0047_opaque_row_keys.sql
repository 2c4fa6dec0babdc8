-- No secret in a replicated primary key (issue 29). Zero names a row by its primary key, in a delete
-- too: a browser that is told a row is gone learns its key even when it may not see the row. The
-- search keys held an ID number or a phone in theirs (`id:<ID number>`), the facets an address or a
-- name, a registration link its token. Each gets an opaque id of its own; what the key held becomes an
-- ordinary column, unique as before, so the triggers' writes (only what changed) stay as they are.
-- tests/unit/row-keys.test.ts holds every replicated table to it.

-- 1. The search keys (0030): a random id; (profile_id, key) stays unique for ON CONFLICT.
ALTER PUBLICATION kesher DROP TABLE profile_key;
ALTER TABLE profile_key ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE profile_key DROP CONSTRAINT profile_key_pkey;
ALTER TABLE profile_key ADD PRIMARY KEY (id);
ALTER TABLE profile_key ADD CONSTRAINT profile_key_once UNIQUE (profile_id, key);
ALTER PUBLICATION kesher ADD TABLE profile_key (id, profile_id, key);

-- 2. The facets (0030) likewise. Their trigger built whole rows of the table's type; it now names its
--    columns, so the id is the table's own.
ALTER PUBLICATION kesher DROP TABLE profile_facet;
ALTER TABLE profile_facet ADD COLUMN id text NOT NULL DEFAULT gen_random_uuid()::text;
ALTER TABLE profile_facet DROP CONSTRAINT profile_facet_pkey;
ALTER TABLE profile_facet ADD PRIMARY KEY (id);
ALTER TABLE profile_facet ADD CONSTRAINT profile_facet_once UNIQUE (profile_id, field, value);

CREATE TYPE facet_value AS (field text, value text, number double precision);
CREATE OR REPLACE FUNCTION profile_detail_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facets facet_value[] := ARRAY(SELECT ROW(f.field, f.value, f.number)::facet_value FROM detail_facets(NEW.details) f);
  filled text := (SELECT ' ' || coalesce(string_agg(DISTINCT f.field, ' ' ORDER BY f.field) || ' ', '') FROM unnest(facets) f);
  marital text := NEW.details->>'maritalStatus';
  tall integer := CASE WHEN jsonb_typeof(NEW.details->'height') = 'number' THEN (NEW.details->>'height')::integer END;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM profile_facet pf WHERE pf.profile_id = NEW.profile_id
      AND NOT EXISTS (SELECT 1 FROM unnest(facets) f
                      WHERE (f.field, f.value, f.number) IS NOT DISTINCT FROM (pf.field, pf.value, pf.number));
  END IF;
  INSERT INTO profile_facet (profile_id, field, value, number)
  SELECT NEW.profile_id, f.field, f.value, f.number FROM unnest(facets) f ON CONFLICT DO NOTHING;
  UPDATE profile SET marital_status = marital, height = tall, filled_fields = filled
  WHERE id = NEW.profile_id
    AND (marital_status, height, filled_fields) IS DISTINCT FROM (marital, tall, filled);
  RETURN NULL;
END $$;
ALTER PUBLICATION kesher ADD TABLE profile_facet (id, profile_id, field, value, number);

-- 3. A registration link (0026): its token is what opens the form, so it is no key either.
ALTER PUBLICATION kesher DROP TABLE registration_link;
ALTER TABLE registration_link ADD COLUMN id text;
UPDATE registration_link SET id = gen_random_uuid()::text;
ALTER TABLE registration_link ALTER COLUMN id SET NOT NULL;
ALTER TABLE registration_link DROP CONSTRAINT registration_link_pkey;
ALTER TABLE registration_link ADD PRIMARY KEY (id);
ALTER TABLE registration_link ADD CONSTRAINT registration_link_token UNIQUE (token);
ALTER PUBLICATION kesher ADD TABLE registration_link (id, token, community_id, created_by, expires_at, revoked_at, created_at);
