-- Emergency overrides (issue 25): deleting a media file or a playlist an override played (cleared or ended ones
-- included) was refused by the foreign keys of 0028 with a database error. The override goes with its content instead:
-- a running one ends, and the devices it reached are queued for compiling, so they return to their schedule within a
-- compiler turn (SCHEDULE_COMPILE_INTERVAL_MS). The journal keeps its start and clear entries.
ALTER TABLE overrides DROP CONSTRAINT overrides_media_id_fkey;
ALTER TABLE overrides ADD CONSTRAINT overrides_media_id_fkey FOREIGN KEY (media_id) REFERENCES media_files(id) ON DELETE CASCADE;
ALTER TABLE overrides DROP CONSTRAINT overrides_playlist_id_fkey;
ALTER TABLE overrides ADD CONSTRAINT overrides_playlist_id_fkey FOREIGN KEY (playlist_id) REFERENCES playlists(id) ON DELETE CASCADE;

CREATE FUNCTION queue_override_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_dirty (device_id)
  SELECT d.id FROM devices d LEFT JOIN offices o ON o.id = d.office_id
  WHERE (OLD.target_kind = 'devices' AND d.id = ANY(OLD.target_ids))
     OR (OLD.target_kind = 'offices' AND d.office_id = ANY(OLD.target_ids))
     OR (OLD.target_kind = 'company' AND o.company_id = ANY(OLD.target_ids))
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER overrides_deleted_schedule AFTER DELETE ON overrides FOR EACH ROW
  WHEN (OLD.cleared_at IS NULL AND NOT OLD.settled) EXECUTE FUNCTION queue_override_devices();
