-- User groups and access scopes (issue 12): a group names the companies whose data its members may see and a
-- permission per area; a user's rights are the union of their groups' (server/domain/scope.ts). User 1 needs none.
CREATE TABLE user_groups (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  perm_devices text NOT NULL DEFAULT 'none' CHECK (perm_devices IN ('none', 'view', 'edit')),
  perm_media text NOT NULL DEFAULT 'none' CHECK (perm_media IN ('none', 'view', 'edit')),
  perm_playlists text NOT NULL DEFAULT 'none' CHECK (perm_playlists IN ('none', 'view', 'edit')),
  perm_campaigns text NOT NULL DEFAULT 'none' CHECK (perm_campaigns IN ('none', 'view', 'edit')),
  perm_statistics text NOT NULL DEFAULT 'none' CHECK (perm_statistics IN ('none', 'view', 'edit')),
  perm_company text NOT NULL DEFAULT 'none' CHECK (perm_company IN ('none', 'view', 'edit')),
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_group_companies (
  group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, company_id)
);
CREATE INDEX user_group_companies_company_idx ON user_group_companies (company_id);

CREATE TABLE user_group_members (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  group_id integer NOT NULL REFERENCES user_groups(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, group_id)
);
CREATE INDEX user_group_members_group_idx ON user_group_members (group_id);
