-- The journal's filters read only the filter columns until a page is picked: each index carries the other filter
-- columns, so counting the matches and picking a page's ids are index-only scans (no read of the rows' changes).
DROP INDEX IF EXISTS journal_newest_idx;
DROP INDEX IF EXISTS journal_user_idx;
DROP INDEX IF EXISTS journal_entity_idx;
DROP INDEX IF EXISTS journal_action_idx;
CREATE INDEX journal_newest_idx ON journal (created_at DESC, id DESC) INCLUDE (user_id, entity, action);
CREATE INDEX journal_user_idx ON journal (user_id, created_at DESC, id DESC) INCLUDE (entity, action);
CREATE INDEX journal_entity_idx ON journal (entity, created_at DESC, id DESC) INCLUDE (user_id, action);
CREATE INDEX journal_action_idx ON journal (action, created_at DESC, id DESC) INCLUDE (user_id, entity);
