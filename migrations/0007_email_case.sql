-- Emails are matched case-insensitively everywhere (email codes, Google): make that unambiguous.
CREATE UNIQUE INDEX app_user_email_lower ON app_user (lower(email));
