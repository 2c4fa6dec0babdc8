-- Scores, monthly leaders and goals (issue 17; spec §3 Shadchan: score, monthly score, total suggestions).
--
-- A shadchan's score is computed, never typed in. Who earns what:
--   * an activity earns its type's points for the one who entered it (created_by), in the month it was
--     entered (Asia/Jerusalem, the organisation's clock), whatever its status, except `irrelevant`: an
--     activity marked irrelevant was a mistake or is taken back (undoing a couple marks its vort so);
--   * a confirmed engaged couple earns the couple's points for its making shadchan (shadchan_id, the
--     one credited since issue 15), in the month it was confirmed (decided_at). Confirming also writes
--     a vort activity in that shadchan's name, so a couple earns the vort's points as well.
--
-- Why a table kept by triggers and not a view: Zero replicates tables, not views, and has no
-- aggregates; a table of counts per shadchan and month, written in the same transaction as the
-- activity or couple that changes it, reaches every open leaders board live. The counts are stored and
-- the points derived from them, so a change of the points table recomputes every month in one UPDATE.
-- A month without anything counted has no row.

-- The points per activity type and per couple, set by the administrator.
CREATE TABLE score_points (
  kind       text PRIMARY KEY CHECK (kind IN ('idea', 'suggestion', 'date', 'vort', 'couple')),
  points     integer NOT NULL CHECK (points BETWEEN 0 AND 1000),
  updated_by text REFERENCES app_user(id) ON DELETE SET NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Defaults: each stage further along the way is worth more; a couple most of all.
INSERT INTO score_points (kind, points) VALUES ('idea', 1), ('suggestion', 3), ('date', 5), ('vort', 10), ('couple', 20);

-- One shadchan's month: what they did and the points it is worth. id = user_id || ':' || month.
CREATE TABLE shadchan_score (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  month       text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  ideas       integer NOT NULL DEFAULT 0,
  suggestions integer NOT NULL DEFAULT 0,
  dates       integer NOT NULL DEFAULT 0,
  vorts       integer NOT NULL DEFAULT 0,
  couples     integer NOT NULL DEFAULT 0,
  points      integer NOT NULL DEFAULT 0,
  CHECK (id = user_id || ':' || month)
);
-- The leaders board: a month's rows by points.
CREATE INDEX shadchan_score_leaders ON shadchan_score (month, points DESC, user_id);
CREATE INDEX shadchan_score_by_user ON shadchan_score (user_id, month);
CREATE INDEX activity_by_creator ON activity (created_by, created_at);
CREATE INDEX engaged_couple_by_decision ON engaged_couple (shadchan_id, decided_at) WHERE status = 'confirmed';

-- The month a moment belongs to, by the organisation's clock.
CREATE FUNCTION score_month(moment timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(moment AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM')
$$;

-- The points of a month's counts under the current points table.
CREATE FUNCTION score_points_of(ideas integer, suggestions integer, dates integer, vorts integer, couples integer)
RETURNS integer LANGUAGE sql STABLE AS $$
  SELECT COALESCE(sum(points * CASE kind WHEN 'idea' THEN ideas WHEN 'suggestion' THEN suggestions
                                         WHEN 'date' THEN dates WHEN 'vort' THEN vorts ELSE couples END), 0)::integer
    FROM score_points
$$;

-- The staff row's all-time counters (spec §3 score, total suggestions): sums of the user's months,
-- which do not depend on today's date, so they can be stored. The monthly score does depend on it (it
-- would be wrong from the first of the month until the next change), so it is read from this month's
-- row instead, and app_user's old monthly_score column goes (below).
CREATE FUNCTION shadchan_totals(who text) RETURNS void LANGUAGE sql AS $$
  UPDATE app_user u SET score = t.points, total_suggestions = t.suggestions
    FROM (SELECT a.id, COALESCE(sum(s.points), 0)::integer AS points, COALESCE(sum(s.suggestions), 0)::integer AS suggestions
            FROM app_user a LEFT JOIN shadchan_score s ON s.user_id = a.id
           WHERE who IS NULL OR a.id = who
           GROUP BY a.id) t
   WHERE u.id = t.id AND (u.score, u.total_suggestions) IS DISTINCT FROM (t.points, t.suggestions);
$$;

-- Counts one shadchan's month again from the activities and couples themselves.
CREATE FUNCTION refresh_shadchan_score(who text, mon text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  since timestamptz := (mon || '-01')::timestamp AT TIME ZONE 'Asia/Jerusalem';
  until timestamptz := ((mon || '-01')::timestamp + interval '1 month') AT TIME ZONE 'Asia/Jerusalem';
  a record;
  confirmed integer;
BEGIN
  IF who IS NULL OR NOT EXISTS (SELECT 1 FROM app_user WHERE id = who) THEN RETURN; END IF;
  SELECT count(*) FILTER (WHERE type = 'idea') AS ideas,
         count(*) FILTER (WHERE type = 'suggestion') AS suggestions,
         count(*) FILTER (WHERE type = 'date') AS dates,
         count(*) FILTER (WHERE type = 'vort') AS vorts
    INTO a
    FROM activity
   WHERE created_by = who AND created_at >= since AND created_at < until AND status <> 'irrelevant';
  SELECT count(*) INTO confirmed FROM engaged_couple
   WHERE shadchan_id = who AND status = 'confirmed' AND decided_at >= since AND decided_at < until;
  IF a.ideas + a.suggestions + a.dates + a.vorts + confirmed = 0 THEN
    DELETE FROM shadchan_score WHERE id = who || ':' || mon;
  ELSE
    INSERT INTO shadchan_score (id, user_id, month, ideas, suggestions, dates, vorts, couples, points)
    VALUES (who || ':' || mon, who, mon, a.ideas, a.suggestions, a.dates, a.vorts, confirmed,
            score_points_of(a.ideas::integer, a.suggestions::integer, a.dates::integer, a.vorts::integer, confirmed))
    ON CONFLICT (id) DO UPDATE SET
      ideas = EXCLUDED.ideas, suggestions = EXCLUDED.suggestions, dates = EXCLUDED.dates,
      vorts = EXCLUDED.vorts, couples = EXCLUDED.couples, points = EXCLUDED.points
    -- An edit that changes nothing counted writes nothing, so it replicates nothing.
    WHERE (shadchan_score.ideas, shadchan_score.suggestions, shadchan_score.dates, shadchan_score.vorts,
           shadchan_score.couples, shadchan_score.points)
          IS DISTINCT FROM (EXCLUDED.ideas, EXCLUDED.suggestions, EXCLUDED.dates, EXCLUDED.vorts,
                            EXCLUDED.couples, EXCLUDED.points);
  END IF;
  PERFORM shadchan_totals(who);
END $$;

-- An activity's change counts again the month it left and the month it is in (usually the same one).
CREATE FUNCTION activity_scores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_shadchan_score(OLD.created_by, score_month(OLD.created_at)); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR (OLD.created_by, score_month(OLD.created_at))
                                                IS DISTINCT FROM (NEW.created_by, score_month(NEW.created_at))) THEN
    PERFORM refresh_shadchan_score(NEW.created_by, score_month(NEW.created_at));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER activity_scores AFTER INSERT OR DELETE ON activity
  FOR EACH ROW EXECUTE FUNCTION activity_scores();
CREATE TRIGGER activity_scores_update AFTER UPDATE OF type, status, created_by, created_at ON activity
  FOR EACH ROW WHEN ((OLD.type, OLD.status, OLD.created_by, OLD.created_at)
                     IS DISTINCT FROM (NEW.type, NEW.status, NEW.created_by, NEW.created_at))
  EXECUTE FUNCTION activity_scores();

-- A couple counts while confirmed, for its making shadchan, in the month it was confirmed.
CREATE FUNCTION couple_scores() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.decided_at IS NOT NULL THEN
    PERFORM refresh_shadchan_score(OLD.shadchan_id, score_month(OLD.decided_at));
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.decided_at IS NOT NULL THEN
    PERFORM refresh_shadchan_score(NEW.shadchan_id, score_month(NEW.decided_at));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER couple_scores AFTER INSERT OR DELETE ON engaged_couple
  FOR EACH ROW EXECUTE FUNCTION couple_scores();
CREATE TRIGGER couple_scores_update AFTER UPDATE OF status, shadchan_id, decided_at ON engaged_couple
  FOR EACH ROW WHEN ((OLD.status, OLD.shadchan_id, OLD.decided_at) IS DISTINCT FROM (NEW.status, NEW.shadchan_id, NEW.decided_at))
  EXECUTE FUNCTION couple_scores();

-- New points: every month's points again from its stored counts, then the staff rows' totals.
CREATE FUNCTION points_rescore() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shadchan_score SET points = score_points_of(ideas, suggestions, dates, vorts, couples)
   WHERE points IS DISTINCT FROM score_points_of(ideas, suggestions, dates, vorts, couples);
  PERFORM shadchan_totals(NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER points_rescore AFTER INSERT OR UPDATE OR DELETE ON score_points
  FOR EACH STATEMENT EXECUTE FUNCTION points_rescore();

-- Every month counted again in one set-based pass: what is already there now, and a bulk load (the
-- demo seed pauses the per-row triggers while it copies thousands of activities, then calls this).
CREATE FUNCTION rescore_all() RETURNS void LANGUAGE sql AS $$
  DELETE FROM shadchan_score;
  INSERT INTO shadchan_score (id, user_id, month, ideas, suggestions, dates, vorts, couples, points)
  SELECT who || ':' || mon, who, mon, ideas, suggestions, dates, vorts, couples,
         score_points_of(ideas, suggestions, dates, vorts, couples)
    FROM (SELECT who, mon, sum(ideas)::integer AS ideas, sum(suggestions)::integer AS suggestions,
                 sum(dates)::integer AS dates, sum(vorts)::integer AS vorts, sum(couples)::integer AS couples
            FROM (SELECT created_by AS who, score_month(created_at) AS mon, (type = 'idea')::integer AS ideas,
                         (type = 'suggestion')::integer AS suggestions, (type = 'date')::integer AS dates,
                         (type = 'vort')::integer AS vorts, 0 AS couples
                    FROM activity WHERE status <> 'irrelevant'
                  UNION ALL
                  SELECT shadchan_id, score_month(decided_at), 0, 0, 0, 0, 1
                    FROM engaged_couple
                   WHERE status = 'confirmed' AND shadchan_id IS NOT NULL AND decided_at IS NOT NULL) counted
           GROUP BY who, mon) months
   WHERE EXISTS (SELECT 1 FROM app_user WHERE id = who);
  SELECT shadchan_totals(NULL);
$$;
SELECT rescore_all();

-- Goals per shadchan and month (suggestions, dates), set by an administrator or whoever edits
-- shadchanim. id = user_id || ':' || month: the same id as the month's score row, so a goal and its
-- progress meet by id.
CREATE TABLE shadchan_goal (
  id          text PRIMARY KEY,
  user_id     text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  month       text NOT NULL CHECK (month ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  suggestions integer NOT NULL CHECK (suggestions BETWEEN 0 AND 1000),
  dates       integer NOT NULL CHECK (dates BETWEEN 0 AND 1000),
  set_by      text REFERENCES app_user(id) ON DELETE SET NULL,
  updated_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (id = user_id || ':' || month)
);
CREATE INDEX shadchan_goal_by_month ON shadchan_goal (month, user_id);

-- app_user without monthly_score (see shadchan_totals above): re-published without it, then dropped.
ALTER PUBLICATION kesher DROP TABLE app_user;
ALTER TABLE app_user DROP COLUMN monthly_score;
ALTER PUBLICATION kesher ADD TABLE app_user (
  id, name, gender, role, permissions, community_id, created_at, updated_at, approved_at,
  employment, print_notes, available_hours, score, total_suggestions, blocked_from_role);

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE score_points (kind, points, updated_by, updated_at);
ALTER PUBLICATION kesher ADD TABLE shadchan_score (id, user_id, month, ideas, suggestions, dates, vorts, couples, points);
ALTER PUBLICATION kesher ADD TABLE shadchan_goal (id, user_id, month, suggestions, dates, set_by, updated_at);
