-- The site's default language (spec §9): what a browser shows until its user picks a language in the
-- switcher. site_setting is published without a column list, so the new column replicates as it is.
ALTER TABLE site_setting
  ADD COLUMN default_language text NOT NULL DEFAULT 'he' CHECK (default_language IN ('he', 'en', 'de', 'ru'));
