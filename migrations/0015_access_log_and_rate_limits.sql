-- Two server-only tables (never in the `kesher` publication): the access log of sensitive reads, and
-- the state of every rate limit, so limits hold across API processes and restarts.

-- The access log (Data Security Regulations 2017, §10): every opening of a card's details, its print
-- view, a file download, an export, a duplicate lookup, and every refusal recorded for the office:
-- who, when, from where, which record, what, and how it ended. No foreign keys: a row outlives the
-- user or the card it names. Rows are kept at least 24 months: the trigger below refuses to change any
-- row or to delete a younger one.
CREATE TABLE access_log (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     text,
  profile_id  text,
  what        text NOT NULL,
  result      text NOT NULL,
  ip          text,
  detail      jsonb
);
CREATE INDEX access_log_by_profile ON access_log (profile_id, at);
CREATE INDEX access_log_by_user ON access_log (user_id, at);

CREATE FUNCTION access_log_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'the access log is append-only';
  END IF;
  IF OLD.at > now() - interval '24 months' THEN
    RAISE EXCEPTION 'access log rows are kept for at least 24 months';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER access_log_keep BEFORE UPDATE OR DELETE ON access_log
  FOR EACH ROW EXECUTE FUNCTION access_log_keep();

-- Rate limits (rate-limiter-flexible's Postgres store, server/http/rate-limiter.ts): one row per
-- limited key ("<limit name>:<key>"): points used in the current window and when the window ends (ms).
CREATE TABLE rate_limit (
  key     varchar(255) PRIMARY KEY,
  points  integer NOT NULL DEFAULT 0,
  expire  bigint
);
