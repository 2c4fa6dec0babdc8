-- Presence on a card (issue 5, "Live"): who else has a card open right now, viewing or editing it.
-- Each open card page upserts its user's row every few seconds (presence.beat) and deletes it when it
-- closes (presence.leave); browsers treat a row whose seen_at is older than ~40 s as gone, and every
-- beat on the server sweeps rows older than a few minutes (a tab that crashed never says goodbye).
-- One row per user and card: the same user in two tabs is one presence. Rows reach only users who
-- may see the card (the candidates.presence query filters through the profile's visibility).
CREATE TABLE card_presence (
  profile_id  text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  user_id     text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  mode        text NOT NULL CHECK (mode IN ('view', 'edit')),
  seen_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (profile_id, user_id)
);
-- The sweep looks for old rows; the foreign key on user_id needs an index for the cascade.
CREATE INDEX card_presence_by_seen ON card_presence (seen_at);
CREATE INDEX card_presence_by_user ON card_presence (user_id);
ALTER PUBLICATION kesher ADD TABLE card_presence;
