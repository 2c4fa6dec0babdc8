-- The candidate's own photo and contact email (issue 15, spec §1 "self-users update ticket details",
-- §2 "email verification screen").

-- A photo the candidate uploads from their edit form has no staff uploader: the card's files show it
-- "by the candidate", as the history does its revisions (migrations/0037). Only a photo, never a document.
ALTER TABLE profile_file ALTER COLUMN uploaded_by DROP NOT NULL;
ALTER TABLE profile_file ADD COLUMN by_candidate boolean NOT NULL DEFAULT false;
ALTER TABLE profile_file ADD CONSTRAINT profile_file_uploader CHECK ((uploaded_by IS NULL) = by_candidate);
ALTER TABLE profile_file ADD CONSTRAINT profile_file_candidate_photo CHECK (NOT by_candidate OR kind = 'photo');
ALTER PUBLICATION kesher DROP TABLE profile_file;
ALTER PUBLICATION kesher ADD TABLE profile_file (id, profile_id, kind, name, mime, size, uploaded_by, by_candidate, created_at);

-- The email addresses of the ticket its candidate has verified with a code (lower case), like
-- verified_phones: a value is verified, so a changed email is unverified until its own code comes back.
-- Server-only, outside Zero's schema.
ALTER TABLE profile ADD COLUMN verified_emails jsonb NOT NULL DEFAULT '[]'::jsonb;

-- The email verification's codes: a channel of their own, so that such a code never completes a
-- self-user sign-in (channel 'self') nor a staff one, and the other way round. Owned by the ticket.
ALTER TABLE login_code
  DROP CONSTRAINT login_code_channel_check,
  ADD CONSTRAINT login_code_channel_check CHECK (channel IN ('hungup', 'whatsapp', 'email', 'google', 'self', 'self-email')),
  DROP CONSTRAINT login_code_owner_check,
  ADD CONSTRAINT login_code_owner_check CHECK (
    CASE WHEN channel IN ('self', 'self-email') THEN user_id IS NULL ELSE profile_id IS NULL END);
