-- A log of changes that matter to a player's cached credentials and pending work (server/caches.ts). Every
-- instance reads the entries after the last one it saw about twice a second and drops those devices from its
-- player cache, so a change made through one instance reaches the others within that bound, whatever path
-- wrote it. Heartbeats themselves (contact, address, version, schedule state) write nothing here.
CREATE TABLE device_changes (
  seq bigserial PRIMARY KEY,
  device_id integer NOT NULL,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_changes_changed_at_idx ON device_changes (changed_at);

CREATE FUNCTION note_device_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'devices' THEN
    INSERT INTO device_changes (device_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  ELSE
    INSERT INTO device_changes (device_id) VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD.device_id ELSE NEW.device_id END);
  END IF;
  RETURN NULL;
END $$;

-- Credentials, activation and versions; a sign-off; a contact that moves back (set by hand, never by a heartbeat).
CREATE TRIGGER devices_player_change AFTER UPDATE ON devices FOR EACH ROW
  WHEN (OLD.sn IS DISTINCT FROM NEW.sn
     OR OLD.device_key IS DISTINCT FROM NEW.device_key
     OR OLD.is_active IS DISTINCT FROM NEW.is_active
     OR OLD.config_version IS DISTINCT FROM NEW.config_version
     OR OLD.schedule_version IS DISTINCT FROM NEW.schedule_version
     OR (OLD.signed_off_at IS NULL AND NEW.signed_off_at IS NOT NULL)
     OR (OLD.last_connection IS NOT NULL AND (NEW.last_connection IS NULL OR NEW.last_connection < OLD.last_connection)))
  EXECUTE FUNCTION note_device_change();
CREATE TRIGGER devices_player_delete AFTER DELETE ON devices FOR EACH ROW EXECUTE FUNCTION note_device_change();
CREATE TRIGGER device_commands_player_change AFTER INSERT ON device_commands FOR EACH ROW EXECUTE FUNCTION note_device_change();
CREATE TRIGGER device_configs_player_change AFTER INSERT OR UPDATE OR DELETE ON device_configs
  FOR EACH ROW EXECUTE FUNCTION note_device_change();
