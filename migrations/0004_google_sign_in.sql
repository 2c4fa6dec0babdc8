-- Google sign-in for matchmakers.

-- A successful Google callback leaves a pending 'google' attempt in login_code, answered by
-- verify-google with the codeState and the account password, like a phone or email code.
ALTER TABLE login_code DROP CONSTRAINT login_code_channel_check;
ALTER TABLE login_code ADD CONSTRAINT login_code_channel_check
  CHECK (channel IN ('hungup', 'whatsapp', 'email', 'google'));

-- Server-only: one row per started Google sign-in, until the provider sends the browser back. The
-- browser holds the random codeState (inside the OAuth state); only its hash is the id here. The PKCE
-- verifier and the nonce stay on the server, so a code or ID token caught on the way is useless alone.
CREATE TABLE google_login (
  state_hash    text PRIMARY KEY,
  code_verifier text NOT NULL,
  nonce         text NOT NULL,
  expires_at    timestamptz NOT NULL,
  used_at       timestamptz,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX google_login_by_expiry ON google_login (expires_at);
