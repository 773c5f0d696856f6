-- Media files, playlists and campaigns belong to a company (issue 12, access scopes): set on create from the
-- caller's company (the administrator may name one). Rows from before have none: only the administrator sees them.
ALTER TABLE media_files ADD COLUMN company_id integer REFERENCES companies(id) ON DELETE SET NULL;
ALTER TABLE playlists ADD COLUMN company_id integer REFERENCES companies(id) ON DELETE SET NULL;
ALTER TABLE campaigns ADD COLUMN company_id integer REFERENCES companies(id) ON DELETE SET NULL;
CREATE INDEX media_files_company_idx ON media_files (company_id);
CREATE INDEX playlists_company_idx ON playlists (company_id);
CREATE INDEX campaigns_company_idx ON campaigns (company_id);
