-- Two-factor codes (issue 40): a user's TOTP secret (RFC 6238), sealed with TWO_FACTOR_KEY when the server has one
-- ("v1:" AES-256-GCM; "plain:" otherwise), the secret of an enrolment not yet confirmed, when it was turned on, and the
-- last time step accepted (a code is accepted once: a replay within its window is refused).
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_secret text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_pending text;
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN IF NOT EXISTS two_factor_last_step bigint;

-- Ten one-time recovery codes per enrolment, kept as SHA-256 (each has 50 random bits); a used one keeps its row.
CREATE TABLE IF NOT EXISTS two_factor_recovery_codes (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS two_factor_recovery_codes_user ON two_factor_recovery_codes (user_id);

-- A password sign-in of an enrolled user answers a challenge: bound to the user, short-lived, spent by the one code
-- that completes the sign-in. Kept as SHA-256.
CREATE TABLE IF NOT EXISTS two_factor_challenges (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  challenge_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX IF NOT EXISTS two_factor_challenges_expiry ON two_factor_challenges (expires_at);

-- A session's sign-in method (refresh_tokens.sign_in_method, migration 0052 of single sign-on) exempts 'oidc' sessions.

-- "Require two-factor codes" (company settings): the company's users (members of a group giving it) must enrol.
ALTER TABLE companies ADD COLUMN IF NOT EXISTS require_two_factor boolean NOT NULL DEFAULT false;
