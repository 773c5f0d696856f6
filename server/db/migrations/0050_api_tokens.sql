-- API tokens (issue 40): named credentials a user makes on /profile for their integrations, with an expiry and a subset
-- of their own rights. Only the SHA-256 of the secret is kept (the token is shown once); `prefix` is the first
-- characters of the token, shown in the list so a user can tell tokens apart. A revoked token keeps its row (the
-- journal names it) and is refused on every instance within the 2 s the instances trust what they read.
CREATE TABLE IF NOT EXISTS api_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  permissions jsonb NOT NULL,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS api_tokens_user ON api_tokens (user_id, id);
