-- Anonymous requests cannot fill the disk (issue 33): the public benefit-card check writes an
-- access_log row and the sign-in routes an auth_event row for every request, and both are kept 24
-- months. Repeated refusals of requests nobody signed in to make, from one address, now fold into one
-- row per 15-minute window (server/audit/repeats.ts): `fold_key` names the address, the refusal and the
-- window (unique, so concurrent requests meet in one row), `repeats` counts them, `last_at` says when
-- the last came. Every other row keeps fold_key NULL and repeats 1.

ALTER TABLE access_log ADD COLUMN repeats integer NOT NULL DEFAULT 1, ADD COLUMN last_at timestamptz,
  ADD COLUMN fold_key text;
ALTER TABLE auth_event ADD COLUMN repeats integer NOT NULL DEFAULT 1, ADD COLUMN last_at timestamptz,
  ADD COLUMN fold_key text;
CREATE UNIQUE INDEX access_log_by_fold_key ON access_log (fold_key) WHERE fold_key IS NOT NULL;
CREATE UNIQUE INDEX auth_event_by_fold_key ON auth_event (fold_key) WHERE fold_key IS NOT NULL;

-- The access log stays append-only, except that a row may count one more repeat (nothing else of it changes).
CREATE OR REPLACE FUNCTION access_log_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF NEW.repeats = OLD.repeats + 1 AND NEW.last_at IS NOT NULL
       AND (NEW.id, NEW.at, NEW.user_id, NEW.profile_id, NEW.what, NEW.result, NEW.ip, NEW.detail::text)
           IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.user_id, OLD.profile_id, OLD.what, OLD.result, OLD.ip, OLD.detail::text) THEN
      RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the access log is append-only';
  END IF;
  IF OLD.at > now() - interval '24 months' THEN
    RAISE EXCEPTION 'access log rows are kept for at least 24 months';
  END IF;
  RETURN OLD;
END $$;
