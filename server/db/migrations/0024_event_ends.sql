-- When each event's last occurrence ends (issue 11): the latest lastOccurrenceEnd (server/domain/occurrences.ts) over
-- the time zones of its devices' offices, written by the server (server/db/eventEnds.ts), so the campaigns' `expired`
-- follows the scheduler's rules (weekly repeats, overnight times, each office's zone) instead of the server's local
-- clock. NULL: not computed yet (a new or edited event, or one whose devices' zones changed), filled before campaigns
-- are read; '-infinity': the event has no occurrence at all.
ALTER TABLE events ADD COLUMN ends_at timestamptz;
CREATE INDEX events_ends_pending_idx ON events (id) WHERE ends_at IS NULL;

-- A device moving office, or an office changing zone, moves the end of the events of its devices.
CREATE FUNCTION forget_event_ends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'offices' THEN
    UPDATE events SET ends_at = NULL WHERE ends_at IS NOT NULL AND id IN (
      SELECT ed.event_id FROM event_devices ed JOIN devices d ON d.id = ed.device_id WHERE d.office_id = NEW.id);
  ELSE
    UPDATE events SET ends_at = NULL WHERE ends_at IS NOT NULL AND id IN (SELECT event_id FROM event_devices WHERE device_id = NEW.id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER devices_office_event_ends AFTER UPDATE OF office_id ON devices FOR EACH ROW
  WHEN (OLD.office_id IS DISTINCT FROM NEW.office_id) EXECUTE FUNCTION forget_event_ends();
CREATE TRIGGER offices_timezone_event_ends AFTER UPDATE OF timezone ON offices FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION forget_event_ends();
