-- Suggested matches (issue 37): what the rules (app/suggestions/rules.ts) read of a card's details,
-- typed, normalized and folded once when the details are written, so that ranking the tens of thousands
-- of open cards of a sector (server/suggestions/score-sql.ts) reads plain columns instead of parsing each
-- card's details document several times per request (at 100,000 cards: 480 ms a ranking, against 250 ms
-- with the document parsed once a row, before these columns). Generated columns: every writer fills
-- them, bulk seeds and imports included. They are not in the publication's column list (migrations/0016),
-- so they never reach a browser.

-- A detail as the rules take it (rules.ts's server side, score-sql.ts): text that is not blank, a number
-- (a finite one: a larger one than any field allows is absent, never an error that refuses the write), a
-- yes/no, a list; anything else is absent.
CREATE FUNCTION detail_text(details jsonb, key text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN jsonb_typeof(details -> key) = 'string' AND btrim(details ->> key) <> '' THEN details ->> key END;

CREATE FUNCTION detail_number(details jsonb, key text) RETURNS float8
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN jsonb_typeof(details -> key) = 'number' AND abs((details ->> key)::numeric) < 1e15
            THEN (details ->> key)::float8 END;

CREATE FUNCTION detail_list(details jsonb, key text) RETURNS jsonb
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
RETURN CASE WHEN jsonb_typeof(details -> key) = 'array' THEN details -> key ELSE '[]'::jsonb END;

-- A stated range's ends as rangeOf (rules.ts) reads them: either optional, the wrong way round the same.
CREATE FUNCTION range_lo(lo float8, hi float8) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN lo IS NULL THEN NULL ELSE least(lo, coalesce(hi, lo)) END;

CREATE FUNCTION range_hi(lo float8, hi float8) RETURNS float8
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
RETURN CASE WHEN hi IS NULL THEN NULL ELSE greatest(hi, coalesce(lo, hi)) END;

ALTER TABLE profile_detail
  ADD COLUMN match_origin text GENERATED ALWAYS AS (detail_text(details, 'origin')) STORED,
  ADD COLUMN match_smoker boolean GENERATED ALWAYS AS (
    CASE WHEN jsonb_typeof(details -> 'smoker') = 'boolean' THEN (details ->> 'smoker')::boolean END) STORED,
  ADD COLUMN match_head_covering text GENERATED ALWAYS AS (detail_text(details, 'headCovering')) STORED,
  -- The preferences folded as names and cities are (fold_name, migrations/0018).
  ADD COLUMN match_preferred_place text GENERATED ALWAYS AS (fold_name(detail_text(details, 'preferredPlace'))) STORED,
  ADD COLUMN match_preferred_institution text GENERATED ALWAYS AS (
    fold_name(detail_text(details, 'preferredInstitution'))) STORED,
  ADD COLUMN match_seek_age_lo float8 GENERATED ALWAYS AS (
    range_lo(detail_number(details, 'seekAgeMin'), detail_number(details, 'seekAgeMax'))) STORED,
  ADD COLUMN match_seek_age_hi float8 GENERATED ALWAYS AS (
    range_hi(detail_number(details, 'seekAgeMin'), detail_number(details, 'seekAgeMax'))) STORED,
  ADD COLUMN match_seek_height_lo float8 GENERATED ALWAYS AS (
    range_lo(detail_number(details, 'seekHeightMin'), detail_number(details, 'seekHeightMax'))) STORED,
  ADD COLUMN match_seek_height_hi float8 GENERATED ALWAYS AS (
    range_hi(detail_number(details, 'seekHeightMin'), detail_number(details, 'seekHeightMax'))) STORED,
  ADD COLUMN match_seek_marital_status jsonb GENERATED ALWAYS AS (detail_list(details, 'seekMaritalStatus')) STORED,
  ADD COLUMN match_seek_head_covering jsonb GENERATED ALWAYS AS (detail_list(details, 'seekHeadCovering')) STORED;

-- What a card seeks is in the catalogue now (app/candidates/card/fields.ts): the free filter builder offers
-- those fields as it offers every short one, so the search derives their facets too. No card holds them
-- yet, so no facet needs deriving now.
-- 0030's list stays where it was written; this one adds to it.
ALTER FUNCTION free_detail_fields() RENAME TO free_detail_fields_0030;
CREATE FUNCTION free_detail_fields() RETURNS text[] LANGUAGE sql IMMUTABLE
RETURN free_detail_fields_0030()
  || ARRAY['seekAgeMin', 'seekAgeMax', 'seekHeightMin', 'seekHeightMax', 'seekMaritalStatus', 'seekHeadCovering'];
