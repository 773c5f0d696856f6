-- Notices to connected players (issue 25, the live channel): every entry of the device change log (migration 0004)
-- now says what changed for the player, and a NOTIFY wakes every instance's reader of the log at once instead of at
-- its next poll. The log stays the record: a NOTIFY lost (an instance reconnecting) costs one poll, never a notice.
--   kind: 'schedule'   schedule_version moved (server/db/schedules.ts storeSchedules, the only writer of that column)
--         'configs'    config files or config_version changed
--         'command'    a command was queued
--         'navigation' a navigation map was sent (sent_version moved)
--         'access'     serial, key or activation changed, or the device was deleted: open channels are checked again
--         'override'   an emergency override changed (written by whoever changes one)
--         NULL         only the player caches care (a sign-off, a contact moved back)
ALTER TABLE device_changes ADD COLUMN kind text;

CREATE OR REPLACE FUNCTION note_device_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'devices' THEN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO device_changes (device_id, kind) VALUES (OLD.id, 'access');
    ELSE
      INSERT INTO device_changes (device_id, kind) VALUES (NEW.id, CASE
        WHEN OLD.sn IS DISTINCT FROM NEW.sn OR OLD.device_key IS DISTINCT FROM NEW.device_key OR OLD.is_active IS DISTINCT FROM NEW.is_active THEN 'access'
        WHEN OLD.config_version IS DISTINCT FROM NEW.config_version THEN 'configs'
      END);
    END IF;
  ELSIF TG_TABLE_NAME = 'device_commands' THEN
    INSERT INTO device_changes (device_id, kind) VALUES (NEW.device_id, 'command');
  ELSIF TG_TABLE_NAME = 'navigation_devices' THEN
    INSERT INTO device_changes (device_id, kind) VALUES (NEW.device_id, 'navigation');
  ELSE
    INSERT INTO device_changes (device_id, kind) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.device_id ELSE NEW.device_id END, 'configs');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER navigation_devices_sent AFTER UPDATE ON navigation_devices FOR EACH ROW
  WHEN (OLD.sent_version IS DISTINCT FROM NEW.sent_version)
  EXECUTE FUNCTION note_device_change();

-- One NOTIFY per statement that wrote the log (PostgreSQL folds equal notifications of one transaction into one).
CREATE FUNCTION notify_device_changes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_device_changes', '');
  RETURN NULL;
END $$;
CREATE TRIGGER device_changes_notify AFTER INSERT ON device_changes FOR EACH STATEMENT EXECUTE FUNCTION notify_device_changes();
