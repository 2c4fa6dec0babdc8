-- Engaged couples and benefit cards (issue 15; spec §1, §3 "Engaged couple" and "Bonus", §5, §6).
--
-- A couple is reported (the mazal-tov form, by a shadchan or by a candidate from the self-user home) as
-- `pending`, or recorded at once by an editor (editEngagedCouples) as `confirmed`. Confirming marks both
-- cards engaged, closes their open activities with a vort, and credits the making shadchan: the
-- credit is the count of confirmed couples per shadchan_id (engaged_couple_by_shadchan), not a counter
-- of its own, so undoing a couple takes its credit back with it. `undone` and `rejected` keep the row
-- for the record.
--
-- §5: at least one side has an ID number, and a side without one is a card chosen from the system.
CREATE TABLE engaged_couple (
  id                   text PRIMARY KEY,
  status               text NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'confirmed', 'rejected', 'undone')),
  male_profile_id      text REFERENCES profile(id) ON DELETE SET NULL,
  male_name            text NOT NULL CHECK (length(btrim(male_name)) BETWEEN 1 AND 120),
  male_id_number       text CHECK (male_id_number ~ '^[0-9]{9}$'),
  female_profile_id    text REFERENCES profile(id) ON DELETE SET NULL,
  female_name          text NOT NULL CHECK (length(btrim(female_name)) BETWEEN 1 AND 120),
  female_id_number     text CHECK (female_id_number ~ '^[0-9]{9}$'),
  father_name          text NOT NULL DEFAULT '' CHECK (length(father_name) <= 120),
  -- The making shadchan, credited once the couple is confirmed.
  shadchan_id          text REFERENCES app_user(id) ON DELETE SET NULL,
  rabbi                text NOT NULL DEFAULT '' CHECK (length(rabbi) <= 120),
  note                 text NOT NULL DEFAULT '' CHECK (length(note) <= 2000),
  -- Who submitted it: a staff user, or a candidate through the self-user entry (their ticket).
  submitted_by_user    text REFERENCES app_user(id) ON DELETE SET NULL,
  submitted_by_profile text REFERENCES profile(id) ON DELETE SET NULL,
  submitted_at         timestamptz NOT NULL DEFAULT now(),
  decided_by           text REFERENCES app_user(id) ON DELETE SET NULL,
  decided_at           timestamptz,
  updated_at           timestamptz NOT NULL DEFAULT now(),
  CHECK (male_id_number IS NOT NULL OR female_id_number IS NOT NULL),
  CHECK (male_id_number IS NOT NULL OR male_profile_id IS NOT NULL),
  CHECK (female_id_number IS NOT NULL OR female_profile_id IS NOT NULL)
);
CREATE INDEX engaged_couple_by_status ON engaged_couple (status, submitted_at DESC);
CREATE INDEX engaged_couple_by_shadchan ON engaged_couple (shadchan_id, status);
CREATE INDEX engaged_couple_by_male ON engaged_couple (male_profile_id);
CREATE INDEX engaged_couple_by_female ON engaged_couple (female_profile_id);

-- A benefit card: one per candidate of a confirmed couple, or issued by hand (issueBenefitCards).
-- The code is random (server-side crypto), never a sequence; anyone checks it with the holder's ID
-- number (POST /api/bonuses/check-validation, which reads Postgres, not Zero). full_name and id_number
-- are copied at issue, so the card reads as it was issued.
CREATE TABLE benefit_card (
  id         text PRIMARY KEY,
  code       text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9]{10,32}$'),
  profile_id text REFERENCES profile(id) ON DELETE SET NULL,
  couple_id  text REFERENCES engaged_couple(id) ON DELETE SET NULL,
  full_name  text NOT NULL CHECK (length(btrim(full_name)) BETWEEN 1 AND 160),
  id_number  text NOT NULL CHECK (id_number ~ '^[0-9]{9}$'),
  issued_by  text REFERENCES app_user(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  revoked_by text REFERENCES app_user(id) ON DELETE SET NULL
);
CREATE INDEX benefit_card_by_profile ON benefit_card (profile_id);
CREATE INDEX benefit_card_by_couple ON benefit_card (couple_id);
-- One live card per candidate and couple: a second confirm never issues twice.
CREATE UNIQUE INDEX benefit_card_one_per_side ON benefit_card (couple_id, profile_id)
  WHERE revoked_at IS NULL AND couple_id IS NOT NULL AND profile_id IS NOT NULL;

-- Listed by column, as zero-schema.ts declares them (see migrations/0029).
ALTER PUBLICATION kesher ADD TABLE engaged_couple (
  id, status, male_profile_id, male_name, male_id_number, female_profile_id, female_name,
  female_id_number, father_name, shadchan_id, rabbi, note, submitted_by_user, submitted_by_profile,
  submitted_at, decided_by, decided_at, updated_at);
ALTER PUBLICATION kesher ADD TABLE benefit_card (
  id, code, profile_id, couple_id, full_name, id_number, issued_by, created_at, revoked_at, revoked_by);
