-- Sessions end with a password change or a deactivation (issue 14, defect 4): every access token carries the user's
-- token generation, and only tokens of the current generation (or of the family that made the change) are accepted.
ALTER TABLE users ADD COLUMN token_generation integer NOT NULL DEFAULT 0;
ALTER TABLE users ADD COLUMN kept_family uuid;
CREATE INDEX refresh_tokens_user_live_idx ON refresh_tokens (user_id) WHERE revoked_at IS NULL;
