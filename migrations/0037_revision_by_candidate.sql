-- A candidate edits their own ticket from the self-user home (issue 15, spec §1 "self-users update
-- ticket details"): such a revision has no staff user behind it, and the history shows it "by the
-- candidate". Every revision is either by a user or by the candidate, never both nor neither.
ALTER TABLE profile_revision ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE profile_revision ADD COLUMN by_candidate boolean NOT NULL DEFAULT false;
ALTER TABLE profile_revision ADD CONSTRAINT profile_revision_author CHECK ((user_id IS NULL) = by_candidate);

-- The numbers of the ticket its candidate has verified with a code (the self-user's phone verification
-- screen, spec §2): a server-only column like profile.phones, outside Zero's schema.
ALTER TABLE profile ADD COLUMN verified_phones jsonb NOT NULL DEFAULT '[]'::jsonb;
