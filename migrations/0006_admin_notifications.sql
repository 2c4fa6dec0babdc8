-- Notices admins show every shadchan once after sign-in (spec §2: admin/notifications, §4 final login).
-- Server-only for now: read through /api/users/admin-notifications right after login.
CREATE TABLE admin_notification (
  id          text PRIMARY KEY,
  title       text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  body        text NOT NULL CHECK (length(body) <= 5000),
  active      boolean NOT NULL DEFAULT true,
  created_by  text REFERENCES app_user(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_notification_active ON admin_notification (active, created_at);
