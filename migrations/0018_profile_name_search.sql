-- Search by full name (issue 11): "חיה שרה אבקסיס" and "אבקסיס חיה" find the card of חיה שרה אבקסיס.
-- Each typed word must be the start of some word of the name, in any order. ZQL cannot call functions,
-- so the list query (app/candidates/queries.ts) matches a column: the name's folded words, each after
-- a space (' חיה שרה אבקסיס'), so that LIKE '% word%' is "some word starts with word".

-- app/lib/hebrew-name.ts foldName, step by step, in SQL: NFD; every dash (\p{Pd}) as a space; niqqud
-- and cantillation (U+0591–U+05C7) and the combining marks of Latin, Greek and Cyrillic dropped; quotes,
-- geresh and gershayim dropped and final letters written as ordinary ones (translate deletes the
-- characters of its second argument that have no counterpart in its third); lower case (fold_lower,
-- below); whitespace (\s) collapsed and trimmed. tests/pg/name-search.pg.test.ts checks it against foldName code point by code point.
-- Combining marks of other scripts (Arabic, Indic…), which foldName also drops, are kept here.
-- Lower case as JavaScript's toLowerCase: full Unicode case mapping with pg_unicode_fast (PostgreSQL
-- 18, as embedded). An older server (15–17) lowers by the database's own locale: the same for Hebrew,
-- which has no case, and for ASCII; other scripts' capitals then fold only under a Unicode locale.
DO $$
BEGIN
  IF current_setting('server_version_num')::int >= 180000 THEN
    EXECUTE 'CREATE FUNCTION fold_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
             RETURN lower(t COLLATE pg_unicode_fast)';
  ELSE
    EXECUTE 'CREATE FUNCTION fold_lower(t text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
             RETURN lower(t)';
  END IF;
END $$;

CREATE FUNCTION fold_name(name text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN btrim(
  regexp_replace(
    fold_lower(
      translate(
        regexp_replace(
          regexp_replace(
            normalize(name, NFD),
            '[\u002d\u058a\u05be\u1400\u1806\u2010-\u2015\u2e17\u2e1a\u2e3a\u2e3b\u2e40\u2e5d\u301c\u3030\u30a0\ufe31\ufe32\ufe58\ufe63\uff0d\U00010d6e\U00010ead]',
            ' ', 'g'),
          '[\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\u2de0-\u2dff\ua66f-\ua672\ua674-\ua67d\ua69e\ua69f\ufb1e\ufe20-\ufe2f]',
          '', 'g'),
        'ךםןףץ''"`´‘’‚‛“”„‟ʼ׳״',
        'כמנפצ')),
    '[\u0009-\u000d\u0020\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]+',
    ' ', 'g'),
  ' ');

-- Kept by the database itself, so every writer (mutators, the public form, demo data, tests) fills it.
ALTER TABLE profile ADD COLUMN name_search text;
CREATE FUNCTION profile_name_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_search := ' ' || fold_name(NEW.forename || ' ' || NEW.surname);
  RETURN NEW;
END $$;
CREATE TRIGGER profile_name_search BEFORE INSERT OR UPDATE ON profile
  FOR EACH ROW EXECUTE FUNCTION profile_name_search();
UPDATE profile SET name_search = ' ' || fold_name(forename || ' ' || surname);
ALTER TABLE profile ALTER COLUMN name_search SET NOT NULL;

-- The list searches it in zero-cache's replica and in the browser: re-published with the column (see 0005).
ALTER PUBLICATION kesher DROP TABLE profile;
ALTER PUBLICATION kesher ADD TABLE profile (
  id, forename, surname, gender, birth_date, city, sector_id, status_id, database, owner_id,
  created_at, updated_at, community_id, state, deleted_at, closed_at, open_from, colour, entry_date,
  revision, visibility, source, candidate_verified_at, name_search);
