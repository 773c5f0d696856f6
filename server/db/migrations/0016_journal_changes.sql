-- Journal entries carry what changed, {field: [before, after]}, and the journal is read newest first, filtered by user,
-- entity or action: one index per filter, each ending in the reading order so a page is an index walk.
ALTER TABLE journal ADD COLUMN changes jsonb NOT NULL DEFAULT '{}'::jsonb;
DROP INDEX IF EXISTS journal_created_idx;
CREATE INDEX journal_newest_idx ON journal (created_at DESC, id DESC);
CREATE INDEX journal_user_idx ON journal (user_id, created_at DESC, id DESC);
CREATE INDEX journal_entity_idx ON journal (entity, created_at DESC, id DESC);
CREATE INDEX journal_action_idx ON journal (action, created_at DESC, id DESC);
