-- Chats (issue 17, spec §1 "chats", §2 control panel "my chats" and "unread messages notice"):
-- staff-to-staff conversations, one-to-one or in a group, optionally about one card (its shadchanim
-- discuss it in the card's side panel). All three tables reach a browser only through
-- app/chats/queries.ts, which applies permissions/chats.ts: a user receives only the conversations
-- they are a member of, and one about a card only while they may see that card.
--   title            a group's name (null: the members' names stand for it).
--   profile_id       the card the conversation is about (null: none).
--   last_message_at  orders "my chats" by their latest message.
CREATE TABLE chat (
  id               text PRIMARY KEY,
  title            text CHECK (title IS NULL OR length(btrim(title)) BETWEEN 1 AND 80),
  profile_id       text REFERENCES profile(id) ON DELETE CASCADE,
  created_by       text NOT NULL REFERENCES app_user(id),
  created_at       timestamptz NOT NULL DEFAULT now(),
  last_message_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chat_by_profile ON chat (profile_id, last_message_at) WHERE profile_id IS NOT NULL;

-- A member and their read pointer: last_read_at is when they last opened the conversation; unread_count
-- the messages of others since then. The server adds to it in one UPDATE per message (no lost count
-- when two write at once) and the member's "mark as read" sets it back to 0, so the menu's badge and
-- the shell's notice read one small row per conversation instead of counting messages.
CREATE TABLE chat_member (
  chat_id       text NOT NULL REFERENCES chat(id) ON DELETE CASCADE,
  user_id       text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  unread_count  integer NOT NULL DEFAULT 0 CHECK (unread_count >= 0),
  last_read_at  timestamptz,
  PRIMARY KEY (chat_id, user_id)
);
CREATE INDEX chat_member_by_user ON chat_member (user_id, unread_count);

CREATE TABLE chat_message (
  id          text PRIMARY KEY,
  chat_id     text NOT NULL REFERENCES chat(id) ON DELETE CASCADE,
  author_id   text NOT NULL REFERENCES app_user(id),
  body        text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 2000),
  created_at  timestamptz NOT NULL DEFAULT now()
);
-- A conversation shows its latest messages: one index walk, in Postgres and in zero-cache's replica.
CREATE INDEX chat_message_by_chat ON chat_message (chat_id, created_at, id);

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE chat (id, title, profile_id, created_by, created_at, last_message_at);
ALTER PUBLICATION kesher ADD TABLE chat_member (chat_id, user_id, unread_count, last_read_at);
ALTER PUBLICATION kesher ADD TABLE chat_message (id, chat_id, author_id, body, created_at);
