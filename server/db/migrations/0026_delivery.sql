-- Delivery (issue 24): what each player can play, the rendition each device downloads, what it plays and what it skips.

-- The capabilities a player declared at hello or heartbeat (null: its device type's defaults apply).
-- Not in the change log's trigger: the player cache does not hold them.
ALTER TABLE devices ADD COLUMN capabilities jsonb;

-- The fourth schedule state: the player plays nothing and reports the files it had to skip.
ALTER TABLE devices DROP CONSTRAINT devices_schedule_state_check;
ALTER TABLE devices ADD CONSTRAINT devices_schedule_state_check CHECK (schedule_state IN ('playing', 'waiting', 'not_found', 'playback_errors'));

-- Fallback renders (H.264 at a device's largest video size, preset "WxH") ride on the media job queue, one per size.
ALTER TABLE media_jobs DROP CONSTRAINT media_jobs_kind_check;
ALTER TABLE media_jobs DROP CONSTRAINT media_jobs_check;
ALTER TABLE media_jobs ADD CONSTRAINT media_jobs_kind_check CHECK (kind IN ('probe', 'render', 'fallback'));
ALTER TABLE media_jobs ADD CONSTRAINT media_jobs_query_check CHECK ((kind = 'render') = (query_id IS NOT NULL));
ALTER TABLE media_jobs ADD CONSTRAINT media_jobs_fallback_preset_check CHECK (kind <> 'fallback' OR preset ~ '^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$');
DROP INDEX media_jobs_unit_idx;
CREATE UNIQUE INDEX media_jobs_unit_idx ON media_jobs (media_id, kind, COALESCE(query_id, 0)) WHERE kind <> 'fallback';
CREATE UNIQUE INDEX media_jobs_fallback_idx ON media_jobs (media_id, preset) WHERE kind = 'fallback';
-- The SHA-256 of a finished render's bytes: players check every download against it.
ALTER TABLE media_jobs ADD COLUMN output_sha256 text;

-- What each device's compiled schedule waits for: a file none of its renditions can play yet (rendering) or at all
-- (cannot_play), per campaign (the /campaigns marker and publish's warnings). Rewritten with every compile of the device.
CREATE TABLE device_waits (
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  media_id integer NOT NULL REFERENCES media_files(id) ON DELETE CASCADE,
  campaign_id integer NOT NULL,
  reason text NOT NULL CHECK (reason IN ('rendering', 'cannot_play')),
  PRIMARY KEY (device_id, media_id, campaign_id)
);
CREATE INDEX device_waits_campaign_idx ON device_waits (campaign_id);
CREATE INDEX device_waits_media_idx ON device_waits (media_id);

-- What a player reports playing (heartbeat now_playing), written behind the heartbeat; reported_at is refreshed at
-- least every minute while it plays the same thing. Media status "playing" is read from here.
CREATE TABLE device_playback (
  device_id integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  event_id integer,
  media_id integer,
  started_at timestamptz,
  reported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX device_playback_media_idx ON device_playback (media_id, reported_at);

-- Files a player had to skip (heartbeat playback_errors), summed per device, file and kind.
CREATE TABLE playback_errors (
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  media_id integer NOT NULL REFERENCES media_files(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('decode', 'download', 'checksum')),
  count integer NOT NULL,
  last_at timestamptz NOT NULL,
  detail text NOT NULL DEFAULT '',
  PRIMARY KEY (device_id, media_id, kind)
);
CREATE INDEX playback_errors_media_idx ON playback_errors (media_id, last_at DESC);
CREATE INDEX playback_errors_device_idx ON playback_errors (device_id, last_at DESC);

-- Every stored schedule is compiled again, so its items name their rendition.
INSERT INTO schedule_dirty (device_id) SELECT device_id FROM device_schedules ON CONFLICT DO NOTHING;
