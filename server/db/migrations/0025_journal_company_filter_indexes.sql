-- A scoped reader's journal (issue 12): their page merges one ordered walk per company of theirs (server/db/journal.ts,
-- scopedPick). journal_company_idx (0021) serves the walks with no filter or a period; with an entity or a user filter
-- it would read every entry of the company to find the few that match, so these two lead with the company and then
-- the filter, each in the reading order. Only entries with a company (the administrator reads through the others).
CREATE INDEX journal_company_entity_idx ON journal (company_id, entity, created_at DESC, id DESC) INCLUDE (user_id, action) WHERE company_id IS NOT NULL;
CREATE INDEX journal_company_user_idx ON journal (company_id, user_id, created_at DESC, id DESC) INCLUDE (entity, action) WHERE company_id IS NOT NULL;
