-- The ideas bank (issue 17 point 1; spec §1 "sending a shidduch idea to shadchanim", §2, §6).
--
-- A shidduch idea is a proposed pair (a man's card and a woman's card) with a note, sent by one
-- shadchan to the shadchanim responsible for the cards: the owner of each card, other than the sender
-- (app/ideas/mutators.ts). Each recipient decides on their own: accepting makes an activity of type
-- 'idea' for the pair, owned by them and linked here; declining keeps their reason. The sender follows
-- each recipient's answer live.
CREATE TABLE shidduch_idea (
  id                text PRIMARY KEY,
  male_profile_id   text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  female_profile_id text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  note              text NOT NULL CHECK (length(btrim(note)) BETWEEN 1 AND 2000),
  sent_by           text NOT NULL REFERENCES app_user(id),
  created_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shidduch_idea_by_sender ON shidduch_idea (sent_by, created_at DESC);
-- The form's "this pair was tried before".
CREATE INDEX shidduch_idea_by_pair ON shidduch_idea (male_profile_id, female_profile_id);

-- One row per recipient: open until they accept (with the activity made) or decline (with a reason).
-- A decision is taken once; the database holds each state to what it needs.
CREATE TABLE shidduch_idea_recipient (
  idea_id     text NOT NULL REFERENCES shidduch_idea(id) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES app_user(id),
  status      text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'accepted', 'declined')),
  reason      text CHECK (length(btrim(reason)) BETWEEN 1 AND 500),
  -- The idea activity made on accepting; it may later be deleted like any activity.
  activity_id text REFERENCES activity(id) ON DELETE SET NULL,
  decided_at  timestamptz,
  PRIMARY KEY (idea_id, user_id),
  CHECK ((status = 'declined') = (reason IS NOT NULL)),
  CHECK ((status = 'open') = (decided_at IS NULL)),
  CHECK (status = 'accepted' OR activity_id IS NULL)
);
CREATE INDEX shidduch_idea_recipient_by_user ON shidduch_idea_recipient (user_id, status);

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE shidduch_idea (id, male_profile_id, female_profile_id, note, sent_by, created_at);
ALTER PUBLICATION kesher ADD TABLE shidduch_idea_recipient (idea_id, user_id, status, reason, activity_id, decided_at);
