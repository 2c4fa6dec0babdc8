-- Core tables for the first live screen: users, lookups, candidate profiles, activities,
-- and the server-only session table. Timestamps are timestamptz (Zero reads them as ms numbers).

-- Extendable lookups: admins can add rows; labels are per-locale ({"he": …, "en": …, …}).
CREATE TABLE sector (
  id         text PRIMARY KEY,
  labels     jsonb NOT NULL,
  sort       integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profile_status (
  id         text PRIMARY KEY,
  labels     jsonb NOT NULL,
  sort       integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Communities are proper names (a town's or a congregation's), so one name, not per-locale labels.
CREATE TABLE community (
  id         text PRIMARY KEY,
  name       text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Staff who sign in: shadchanim, coordinators, representatives, admins.
-- permissions: extra permission identifiers (see permissions/labels.ts) on top of the role's defaults.
CREATE TABLE app_user (
  id           text PRIMARY KEY,
  name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  gender       text NOT NULL CHECK (gender IN ('male', 'female')),
  role         text NOT NULL CHECK (role IN ('admin', 'shadchan', 'coordinator', 'representative', 'blocked')),
  permissions  jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(permissions) = 'array'),
  community_id text REFERENCES community(id),
  phone        text UNIQUE,
  email        text UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE profile (
  id          text PRIMARY KEY,
  forename    text NOT NULL CHECK (length(btrim(forename)) BETWEEN 1 AND 50),
  surname     text NOT NULL CHECK (length(btrim(surname)) BETWEEN 1 AND 50),
  gender      text NOT NULL CHECK (gender IN ('male', 'female')),
  birth_date  date NOT NULL,
  city        text NOT NULL CHECK (length(btrim(city)) BETWEEN 1 AND 60),
  sector_id   text NOT NULL REFERENCES sector(id),
  status_id   text NOT NULL REFERENCES profile_status(id),
  -- general: every shadchan may see it; personal: only its owner (and admins).
  database    text NOT NULL DEFAULT 'general' CHECK (database IN ('general', 'personal')),
  owner_id    text NOT NULL REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
-- The list's ordering, copied into zero-cache's replica as well.
CREATE INDEX profile_by_name ON profile (surname, forename, id);
CREATE INDEX profile_by_owner ON profile (owner_id, database);

CREATE TABLE activity (
  id                text PRIMARY KEY,
  type              text NOT NULL CHECK (type IN ('idea', 'suggestion', 'date', 'vort')),
  status            text NOT NULL DEFAULT 'in_progress' CHECK (status IN ('in_progress', 'done', 'irrelevant')),
  title             text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  summary           text NOT NULL DEFAULT '',
  male_profile_id   text REFERENCES profile(id),
  female_profile_id text REFERENCES profile(id),
  reminder_at       timestamptz,
  created_by        text NOT NULL REFERENCES app_user(id),
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_reminders ON activity (created_by, reminder_at, id);

-- Server-only: never replicated (not in the publication below). Only the token's SHA-256 is stored.
CREATE TABLE session (
  token_hash   text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  revoked_at   timestamptz,
  user_agent   text
);
CREATE INDEX session_by_user ON session (user_id);

-- What zero-cache replicates to browsers. app_user's phone and email stay out.
-- New tables that browsers need must be added here by later migrations (ALTER PUBLICATION … ADD TABLE).
CREATE PUBLICATION kesher FOR TABLE
  sector, profile_status, community, profile, activity,
  app_user (id, name, gender, role, permissions, community_id, created_at, updated_at);
