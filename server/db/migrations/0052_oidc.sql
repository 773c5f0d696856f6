-- Single sign-on with OpenID Connect (issue 40). A sign-in started on one instance may come back to another behind the
-- load balancer, so everything between the two legs lives here, never in an instance's memory:
-- oidc_logins: a pending sign-in, keyed by its `state` (with the nonce and the PKCE verifier sent to the provider and
--   the page the user was going to), taken once by the callback; older than 10 minutes it is refused and swept.
-- oidc_handoffs: the one-time code the callback gives the SPA (in the address's fragment, never sent to a server) to
--   exchange for its tokens; only its SHA-256 is kept, for 60 seconds, used once.
-- oidc_identities: a provider identity (issuer + subject) linked to one Vitrine user.
-- oidc_group_mappings: a provider group name (a value of the groups claim) giving a Vitrine group, edited on /groups.
-- refresh_tokens.sign_in_method: how the session began ('password' or 'oidc'), carried by every rotation of the family
--   and by its access tokens (claim `sim`), so a company's two-factor requirement can exempt single sign-on sessions.
CREATE TABLE IF NOT EXISTS oidc_logins (
  state text PRIMARY KEY,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  return_to text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS oidc_logins_created ON oidc_logins (created_at);

CREATE TABLE IF NOT EXISTS oidc_handoffs (
  code_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE IF NOT EXISTS oidc_identities (
  issuer text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  PRIMARY KEY (issuer, subject)
);

CREATE TABLE IF NOT EXISTS oidc_group_mappings (
  id serial PRIMARY KEY,
  provider_group text NOT NULL,
  group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider_group, group_id)
);

ALTER TABLE refresh_tokens ADD COLUMN IF NOT EXISTS sign_in_method text NOT NULL DEFAULT 'password';
