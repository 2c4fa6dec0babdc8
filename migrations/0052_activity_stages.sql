-- A pair's stages are kept (issue 31). Moving a pair on (idea → suggestion → date → vort) marks the
-- stage done and opens the next as an activity of its own, which names the one before it; so every
-- stage stays on the card with its dates and who did it, and each is scored as what it was.
ALTER TABLE activity ADD COLUMN previous_id text REFERENCES activity(id) ON DELETE SET NULL;
CREATE INDEX activity_by_previous ON activity (previous_id) WHERE previous_id IS NOT NULL;

-- A type changed by hand is recorded in the activity's thread, beside its comments: an entry of kind
-- 'typeChanged' whose detail names the two types ({"from": …, "to": …}); it has no text of its own.
ALTER TABLE activity_comment
  ADD COLUMN kind text NOT NULL DEFAULT 'comment' CHECK (kind IN ('comment', 'typeChanged')),
  ADD COLUMN detail jsonb;
ALTER TABLE activity_comment DROP CONSTRAINT activity_comment_body_check;
ALTER TABLE activity_comment ADD CONSTRAINT activity_comment_body_check
  CHECK (CASE kind WHEN 'comment' THEN length(btrim(body)) BETWEEN 1 AND 2000 ELSE body = '' AND detail IS NOT NULL END);
