-- Issue 14: the list sorts by name and by city in Hebrew order whatever the spelling.
-- - name_search (migrations/0018) starts with the surname, as the list shows names ("surname forename"),
--   so sorting by it is by surname then forename; the word search does not mind the order of words.
-- - Both sort columns are folded: final letters sort as their ordinary forms and niqqud is gone.
-- - Sorting by city reads city_fold (migrations/0030), with its own (city_fold, id) index.
CREATE OR REPLACE FUNCTION profile_name_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.name_search := ' ' || fold_name(NEW.surname || ' ' || NEW.forename);
  RETURN NEW;
END $$;
UPDATE profile SET name_search = ' ' || fold_name(surname || ' ' || forename);

DROP INDEX profile_sort_city;
CREATE INDEX profile_sort_city_fold ON profile (city_fold, id);
