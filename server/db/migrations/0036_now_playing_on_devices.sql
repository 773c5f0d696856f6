-- Now playing moves onto the device row, written by the heartbeat's contact write (server/db/heartbeats.ts): the same
-- row write records the contact and what plays, instead of a second row (device_playback) rewritten on its own for
-- nearly every heartbeat. Issue 24's bench: the now-playing upserts were about a third of what the delivery fields
-- cost the heartbeat route. None of these columns is indexed, so the write stays a HOT update, as the contact write is.
-- playing_reported_at: when the player last reported what it plays (null: it never did); playing_media_id null with a
-- report: nothing plays.
ALTER TABLE devices
  ADD COLUMN playing_event_id integer,
  ADD COLUMN playing_media_id integer,
  ADD COLUMN playing_started_at timestamptz,
  ADD COLUMN playing_reported_at timestamptz;
UPDATE devices d SET playing_event_id = p.event_id, playing_media_id = p.media_id, playing_started_at = p.started_at,
    playing_reported_at = p.reported_at
  FROM device_playback p WHERE p.device_id = d.id;
DROP TABLE device_playback;
