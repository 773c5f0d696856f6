-- Publishing at scale (issue 11: a campaign of 10,000 devices x 50 events published and compiled in under 3 s).

-- The GIN index over published_events.devices held an entry per device and event (500,000 for that campaign), all
-- deleted and inserted again on every publish: about 1.5 s of it. Nothing needs it: compiles find a campaign's copies
-- by campaign_id (and test `devices && ...` on those few rows), usage lists by media and playlist.
DROP INDEX published_events_devices_idx;

-- A compile raises schedule_version on thousands of devices at once; the row trigger then wrote one change-log row per
-- device from PL/pgSQL (about 2 s for 10,000). The compile writes those rows itself in one statement instead
-- (server/db/schedules.ts storeSchedules, the only writer of schedule_version), so the trigger no longer watches that
-- column. Otherwise as in migrations 0004 and 0007.
DROP TRIGGER devices_player_change ON devices;
CREATE TRIGGER devices_player_change AFTER UPDATE ON devices FOR EACH ROW
  WHEN (OLD.sn IS DISTINCT FROM NEW.sn
     OR OLD.device_key IS DISTINCT FROM NEW.device_key
     OR OLD.is_active IS DISTINCT FROM NEW.is_active
     OR OLD.config_version IS DISTINCT FROM NEW.config_version
     OR (OLD.signed_off_at IS NULL AND NEW.signed_off_at IS NOT NULL)
     OR (OLD.last_connection IS NOT NULL AND (NEW.last_connection IS NULL OR NEW.last_connection < OLD.last_connection)))
  EXECUTE FUNCTION note_device_change();
