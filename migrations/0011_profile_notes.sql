-- Notes on a card (spec §1 "profile notes", §6 "private notes only to the author"): shared notes every
-- user who sees the card reads, and personal notes only their author ever receives. The row filter in
-- permissions/notes.ts is what keeps a personal note's row off every other user's client.
CREATE TABLE profile_note (
  id          text PRIMARY KEY,
  profile_id  text NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
  author_id   text NOT NULL REFERENCES app_user(id),
  body        text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  personal    boolean NOT NULL DEFAULT false,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profile_note_by_profile ON profile_note (profile_id, created_at DESC);
ALTER PUBLICATION kesher ADD TABLE profile_note;
