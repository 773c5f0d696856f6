-- "Also for single sign-on" beside "Require two-factor codes" (issue 40): when on, sessions begun through single sign-on
-- are held by the company's requirement too (by default the identity provider is trusted to enforce its own).
ALTER TABLE companies ADD COLUMN IF NOT EXISTS require_two_factor_sso boolean NOT NULL DEFAULT false;
