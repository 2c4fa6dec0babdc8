-- The candidate search at scale (issue 14): what the search box and every filter of §9 read, kept by
-- the database from the card itself so that every writer (mutators, the public form, demo data,
-- imports) fills it, and indexed with plain column indexes, which zero-cache copies into its replica
-- (expression and partial indexes stay in Postgres only).

-- Prefixes are matched as ranges (col >= 'ab' AND col < 'ab\uffff'), which only code point order keeps
-- right: the search's text columns are COLLATE "C" (what SQLite's BINARY and JavaScript compare alike),
-- whatever the database's own locale.

-- 1. Columns the filters compare, beside the card's own.
--    city_fold: the city folded as names are (fold_name, migrations/0018), for the city filter.
--    marital_status, height: two details (profile_detail.details) the preset filters read.
--    filled_fields: the free builder's fields this card has a value for (' height occupation '), so
--    "is empty" is a plain NOT LIKE: zero-cache cannot run not(exists()). Names of fields, never values.
ALTER TABLE profile
  ADD COLUMN city_fold text COLLATE "C",
  ADD COLUMN marital_status text,
  ADD COLUMN height integer,
  ADD COLUMN filled_fields text NOT NULL DEFAULT ' ';

CREATE FUNCTION profile_city_fold() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.city_fold := fold_name(NEW.city);
  RETURN NEW;
END $$;
CREATE TRIGGER profile_city_fold BEFORE INSERT OR UPDATE OF city ON profile
  FOR EACH ROW EXECUTE FUNCTION profile_city_fold();
UPDATE profile SET city_fold = fold_name(city);
ALTER TABLE profile ALTER COLUMN city_fold SET NOT NULL;

-- 2. The search's keys: a narrow table Zero joins with whereExists on the key typed, so a list syncs
--    only the key rows equal to (or, for words, starting with) what the user typed: never a card's
--    other numbers, never its details. Namespaced so a prefix of a word never reaches a number:
--      'w:<word>'     every folded word of the forename, surname and city;
--      'id:<9 digits>' the ID number (profile_detail.id_number, canonical);
--      'tel:<E.164>'  every phone of the details (the catalogue's phone and phones fields).
--    A word is a range on the key index ('w:כה' <= key < 'w:כה\uffff') on both sides, where the LIKE
--    '% כה%' on name_search (migrations/0018) scanned every card: counting 20,000 cards by a word took
--    1.4–2 ms this way against 6.7–8.3 ms with the LIKE (embedded Postgres, this machine). It keeps
--    what users had (every typed word starts some word of the name, in any order) and lets the words
--    of the city count too (`משה בני ברק`); surname/forename columns of their own would find only the
--    first word of a name (not שושן in בן שושן).
CREATE TABLE profile_key (
  profile_id text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  key        text COLLATE "C" NOT NULL,
  PRIMARY KEY (profile_id, key)
);
CREATE INDEX profile_key_by_key ON profile_key (key, profile_id);

-- The catalogue's phone fields (app/candidates/card/fields.ts, kinds phone and phones);
-- tests/pg/candidate-search-keys.pg.test.ts checks these lists against it.
CREATE FUNCTION detail_phones(details jsonb) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT details->>k
  FROM unnest(ARRAY['candidatePhone', 'fatherPhone', 'motherPhone', 'extraPhone', 'suggestionsPhone']) k
  WHERE jsonb_typeof(details->k) = 'string'
  UNION
  SELECT jsonb_array_elements_text(details->k)
  FROM unnest(ARRAY['inquiryPhones', 'friendsPhones']) k
  WHERE jsonb_typeof(details->k) = 'array'
$$;

CREATE FUNCTION profile_keys_of(card text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT 'w:' || w
  FROM profile p, regexp_split_to_table(fold_name(p.forename || ' ' || p.surname || ' ' || p.city), ' ') w
  WHERE p.id = card AND w <> ''
  UNION
  SELECT 'id:' || d.id_number FROM profile_detail d WHERE d.profile_id = card AND d.id_number IS NOT NULL
  UNION
  SELECT 'tel:' || t FROM profile_detail d, detail_phones(d.details) t WHERE d.profile_id = card
$$;

-- Only the keys that changed are written: an edit of a card's occupation replicates no key row.
-- PL/pgSQL (not SQL) so that its statements' plans are kept between rows of a bulk write.
CREATE FUNCTION profile_keys_refresh(card text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE wanted text[] := ARRAY(SELECT profile_keys_of(card));
BEGIN
  DELETE FROM profile_key WHERE profile_id = card AND NOT (key = ANY (wanted));
  INSERT INTO profile_key (profile_id, key) SELECT card, k FROM unnest(wanted) k ON CONFLICT DO NOTHING;
END $$;

CREATE FUNCTION profile_keys_of_profile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profile_keys_refresh(NEW.id);
  RETURN NULL;
END $$;
CREATE TRIGGER profile_keys AFTER INSERT OR UPDATE OF forename, surname, city ON profile
  FOR EACH ROW EXECUTE FUNCTION profile_keys_of_profile();

CREATE FUNCTION profile_keys_of_detail() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM profile_keys_refresh(NEW.profile_id);
  RETURN NULL;
END $$;
CREATE TRIGGER profile_detail_keys AFTER INSERT OR UPDATE OF id_number, details ON profile_detail
  FOR EACH ROW EXECUTE FUNCTION profile_keys_of_detail();

INSERT INTO profile_key (profile_id, key) SELECT p.id, k FROM profile p, profile_keys_of(p.id) k;

-- 3. The free builder's values (freeFiltering, spec §6): one row per card, field and value of the
--    catalogue's short fields (FREE_FIELDS, app/candidates/search/free-fields.ts), an
--    entity-attribute-value table rather than ~45 promoted columns: one pair of plain indexes serves
--    every field (field, value) and (field, number), a new catalogue field needs no column or index,
--    and Zero joins it with whereExists, syncing only the rows of the condition typed.
--    value: text folded (fold_name), so the builder's comparisons ignore niqqud, final letters and
--    case; option ids folded alike; yes/no as 'true'/'false'; numbers as text, with `number` set.
--    A 'choices' field has one row per option chosen.
CREATE TABLE profile_facet (
  profile_id text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  field      text NOT NULL,
  value      text COLLATE "C" NOT NULL,
  number     double precision,
  PRIMARY KEY (profile_id, field, value)
);
CREATE INDEX profile_facet_by_value ON profile_facet (field, value, profile_id);
CREATE INDEX profile_facet_by_number ON profile_facet (field, number, profile_id);

-- FREE_FIELDS' detail keys (communityID is a column of the profile, compared there);
-- tests/pg/candidate-search-keys.pg.test.ts checks this list against FREE_FIELDS.
CREATE FUNCTION free_detail_fields() RETURNS text[] LANGUAGE sql IMMUTABLE
RETURN ARRAY[
  'maritalStatus', 'height', 'weight', 'country', 'postcode', 'address', 'previousAddress', 'languages',
  'drivingLicense', 'smoker', 'dorYeshorim', 'build', 'complexion', 'headCovering', 'beard', 'hat', 'suit',
  'learning', 'institution', 'degrees', 'occupation', 'workplace', 'employment', 'origin', 'openness',
  'parentsStatus', 'fatherName', 'fatherOrigin', 'fatherOriginMore', 'fatherOccupation', 'fatherAffiliation',
  'fatherHealth', 'motherName', 'motherMaidenName', 'motherOrigin', 'motherOriginMore', 'motherOccupation',
  'motherAffiliation', 'motherHealth', 'familyRabbi', 'childrenCount', 'familyPosition', 'preferredPlace',
  'preferredInstitution', 'shadchanFees', 'suggestionsContact'];

CREATE FUNCTION detail_facets(details jsonb) RETURNS TABLE (field text, value text, number double precision)
  LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT k,
         CASE jsonb_typeof(e) WHEN 'string' THEN fold_name(e #>> '{}') ELSE e #>> '{}' END,
         CASE jsonb_typeof(e) WHEN 'number' THEN (e #>> '{}')::double precision END
  FROM unnest(free_detail_fields()) k,
       LATERAL (SELECT details->k WHERE jsonb_typeof(details->k) <> 'array'
                UNION ALL
                SELECT jsonb_array_elements(details->k) WHERE jsonb_typeof(details->k) = 'array') v(e)
  WHERE jsonb_typeof(e) IN ('string', 'number', 'boolean')
    AND NOT (jsonb_typeof(e) = 'string' AND fold_name(e #>> '{}') = '')
$$;

-- The details' facets, preset columns and filled fields, written only where they changed.
CREATE FUNCTION profile_detail_search() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  facets profile_facet[] := ARRAY(SELECT ROW(NEW.profile_id, f.field, f.value, f.number)::profile_facet
                                  FROM detail_facets(NEW.details) f);
  filled text := (SELECT ' ' || coalesce(string_agg(DISTINCT f.field, ' ' ORDER BY f.field) || ' ', '') FROM unnest(facets) f);
  marital text := NEW.details->>'maritalStatus';
  tall integer := CASE WHEN jsonb_typeof(NEW.details->'height') = 'number' THEN (NEW.details->>'height')::integer END;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM profile_facet pf WHERE pf.profile_id = NEW.profile_id
      AND NOT EXISTS (SELECT 1 FROM unnest(facets) f WHERE f IS NOT DISTINCT FROM pf);
  END IF;
  INSERT INTO profile_facet SELECT * FROM unnest(facets) ON CONFLICT DO NOTHING;
  UPDATE profile SET marital_status = marital, height = tall, filled_fields = filled
  WHERE id = NEW.profile_id
    AND (marital_status, height, filled_fields) IS DISTINCT FROM (marital, tall, filled);
  RETURN NULL;
END $$;
CREATE TRIGGER profile_detail_search AFTER INSERT OR UPDATE OF details ON profile_detail
  FOR EACH ROW EXECUTE FUNCTION profile_detail_search();
UPDATE profile_detail SET details = details;

-- 4. Indexes for the list's filters and sorts, on both sides. SQLite never sees the list's LIMIT
--    (docs: /work/notes/issue14-zero-research.md §2): an equality filter wants (filter, sort, id) to
--    walk in order without a sort of every match; ranges and sorts want (column, id). The list's
--    default sort is the name (name_search), so each equality filter gets (column, name_search, id).
--    No single-column index on a low-cardinality column: SQLite would prefer it and sort everything.
DROP INDEX profile_by_owner;
DROP INDEX profile_by_last_activity;
DROP INDEX profile_by_last_suggestion;
CREATE INDEX profile_sort_name ON profile (name_search, id);
CREATE INDEX profile_sort_birth ON profile (birth_date, id);
CREATE INDEX profile_sort_city ON profile (city, id);
CREATE INDEX profile_sort_created ON profile (created_at, id);
CREATE INDEX profile_sort_updated ON profile (updated_at, id);
CREATE INDEX profile_sort_activity ON profile (last_activity_at, id);
CREATE INDEX profile_by_last_suggestion ON profile (last_suggestion_at, id);
CREATE INDEX profile_by_height ON profile (height, id);
CREATE INDEX profile_by_open_from ON profile (open_from, id);
CREATE INDEX profile_by_gender ON profile (gender, name_search, id);
CREATE INDEX profile_by_sector ON profile (sector_id, name_search, id);
CREATE INDEX profile_by_community ON profile (community_id, name_search, id);
CREATE INDEX profile_by_status ON profile (status_id, name_search, id);
CREATE INDEX profile_by_marital_status ON profile (marital_status, name_search, id);
CREATE INDEX profile_by_state_name ON profile (state, name_search, id);
CREATE INDEX profile_by_database ON profile (database, name_search, id);
CREATE INDEX profile_by_city_fold ON profile (city_fold, name_search, id);
CREATE INDEX profile_by_institution_name ON profile (institution_id, name_search, id);
CREATE INDEX profile_by_owner ON profile (owner_id, name_search, id);
DROP INDEX profile_institution;
ANALYZE profile, profile_key, profile_facet;

-- 5. zero-cache filters and joins on all of it: re-published with the new columns (see 0005), and the
--    two search tables (a browser receives only the rows its own queries match).
ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, community_id, state, deleted_at, closed_at, open_from, colour, entry_date,
  revision, visibility, source, candidate_verified_at, name_search, last_activity_at, last_suggestion_at,
  institution_id, city_fold, marital_status, height, filled_fields);
ALTER PUBLICATION kesher ADD TABLE profile_key (profile_id, key);
ALTER PUBLICATION kesher ADD TABLE profile_facet (profile_id, field, value, number);
