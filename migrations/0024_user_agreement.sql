-- The commitment form a new shadchan signs (spec §2 user-agreement/{id}). Server-only: neither the
-- column nor the table is in the `kesher` publication; the browser reads its own row through
-- /api/users/agreement/{id} (server/agreement/routes.ts).

-- Until the user signs, every sign-in leads to the form and the API refuses everything else
-- (server/auth/session-gate.ts). A new account owes it by default; accounts made before the form
-- existed already work under the rules it writes down, so they are counted as signed.
ALTER TABLE app_user ADD COLUMN agreement_due boolean NOT NULL DEFAULT true;
UPDATE app_user SET agreement_due = false;

-- One signature per user: the name as typed, the date the form showed, when and from where.
CREATE TABLE user_agreement (
  user_id    text PRIMARY KEY REFERENCES app_user(id) ON DELETE CASCADE,
  full_name  text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 2 AND 200),
  signed_on  date NOT NULL,
  signed_at  timestamptz NOT NULL DEFAULT now(),
  ip         text,
  locale     text NOT NULL
);

-- admin/notifications (spec §2, §4 final login): whom a notice is for and when. `active` false is a
-- retired notice. Who read which notice is recorded (server-only, like the notices themselves): the
-- popup after sign-in shows each one once, and the administrator sees who read it and when.
ALTER TABLE admin_notification
  ADD COLUMN audience    text NOT NULL DEFAULT 'everyone' CHECK (audience IN ('everyone', 'roles', 'users')),
  ADD COLUMN roles       text[] NOT NULL DEFAULT '{}',
  ADD COLUMN user_ids    text[] NOT NULL DEFAULT '{}',
  ADD COLUMN shown_from  timestamptz,
  ADD COLUMN shown_until timestamptz CHECK (shown_until IS NULL OR shown_from IS NULL OR shown_until > shown_from),
  ADD COLUMN updated_at  timestamptz NOT NULL DEFAULT now();

CREATE TABLE admin_notification_read (
  notification_id text NOT NULL REFERENCES admin_notification(id) ON DELETE CASCADE,
  user_id         text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  read_at         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (notification_id, user_id)
);
