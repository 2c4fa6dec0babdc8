-- Whose a Zero client group is (issue 29). zero-cache 1.9 holds a group to its first user only in
-- memory: some seconds after that user's last tab closes, another signed-in user who names the group
-- (its id is in the sync socket's URL, so in proxy logs and HAR files) is let in, and is told of the
-- first user's rows as they leave. The API records the user a group was first seen with, durably, and
-- zero-cache's sync socket is refused to anyone else (server/zero/client-groups.ts and the
-- client-group-gate preload). Server-only: never published.
CREATE TABLE client_group (
  id            text PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
  user_id       text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  first_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX client_group_by_user ON client_group (user_id);
