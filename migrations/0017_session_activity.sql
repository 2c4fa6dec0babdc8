-- Idle sessions end (server/auth/session.ts, SESSION_IDLE_MINUTES): when the session's user last did
-- something themselves. Written at most once a minute per session; zero-cache's periodic checks of a
-- connection never write it, so an open tab alone does not keep a session alive.
ALTER TABLE session ADD COLUMN last_active_at timestamptz NOT NULL DEFAULT now();
