-- Entity and action together (every login, every device update): without this a page walks every entry of the
-- entity to find the action's.
CREATE INDEX journal_entity_action_idx ON journal (entity, action, created_at DESC, id DESC) INCLUDE (user_id);
