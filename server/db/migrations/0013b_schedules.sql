-- The scheduler (issue 11): what was published, the compiled device schedules, and the queue of devices whose
-- schedule must be compiled again.

-- Migration 0010 left events.playlist_id without its key (playlists came first, in 0009). NOT VALID: rows written
-- before this migration are not checked, new ones are. A playlist an event uses cannot be deleted.
ALTER TABLE events ADD CONSTRAINT events_playlist_fk FOREIGN KEY (playlist_id) REFERENCES playlists(id) ON DELETE RESTRICT NOT VALID;

-- What screens play: a copy of each event as it was when its campaign was last published. Creating, editing or
-- deleting an event leaves its published copy alone until the next publish, so the screens go on with the last
-- published calendar. devices: the event's devices at publish (a device that has left the campaign since is skipped
-- when compiling). Media and playlists a screen may still play cannot be deleted.
CREATE TABLE published_events (
  id integer PRIMARY KEY,
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  title text NOT NULL,
  media_id integer REFERENCES media_files(id) ON DELETE RESTRICT,
  playlist_id integer REFERENCES playlists(id) ON DELETE RESTRICT,
  start_date date NOT NULL,
  start_time time,
  end_date date NOT NULL,
  end_time time,
  all_day boolean NOT NULL,
  duration integer,
  weekdays smallint[] NOT NULL,
  priority integer NOT NULL,
  devices integer[] NOT NULL,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX published_events_campaign_idx ON published_events (campaign_id);
CREATE INDEX published_events_devices_idx ON published_events USING gin (devices);
CREATE INDEX published_events_media_idx ON published_events (media_id) WHERE media_id IS NOT NULL;
CREATE INDEX published_events_playlist_idx ON published_events (playlist_id) WHERE playlist_id IS NOT NULL;

-- Compiled schedules. Devices that share a time zone and the same events get the same items, so the items are kept
-- once per distinct content (hash: sha-256 of the zone and the items' JSON) and each device points at its content.
-- The version players see is devices.schedule_version (heartbeats already answer it); it is raised only when a
-- device's content hash changes.
CREATE TABLE schedule_bodies (
  hash text PRIMARY KEY,
  timezone text NOT NULL,
  -- The items' JSON array, as dev2 answers it.
  items text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE device_schedules (
  device_id integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  body_hash text NOT NULL REFERENCES schedule_bodies(hash),
  generated_at timestamptz NOT NULL,
  valid_until timestamptz NOT NULL
);
CREATE INDEX device_schedules_body_idx ON device_schedules (body_hash);
CREATE INDEX device_schedules_generated_idx ON device_schedules (generated_at);

-- Devices whose schedule must be compiled again: filled by the triggers below when a device joins or leaves a
-- campaign, moves office, or its office changes zone; drained by the server (server/domain/schedules.ts).
CREATE TABLE schedule_dirty (
  device_id integer PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION queue_schedule_compile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'offices' THEN
    INSERT INTO schedule_dirty (device_id) SELECT id FROM devices WHERE office_id = NEW.id ON CONFLICT DO NOTHING;
  ELSIF TG_TABLE_NAME = 'devices' THEN
    INSERT INTO schedule_dirty (device_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

-- Campaign membership changes by the thousand (a saved set of 10,000 devices): one statement-level insert each.
CREATE FUNCTION queue_schedule_compile_joined() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_dirty (device_id) SELECT DISTINCT device_id FROM changed ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

CREATE TRIGGER campaign_devices_joined_schedule AFTER INSERT ON campaign_devices REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_schedule_compile_joined();
CREATE TRIGGER campaign_devices_left_schedule AFTER DELETE ON campaign_devices REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION queue_schedule_compile_joined();
CREATE TRIGGER devices_office_schedule AFTER UPDATE OF office_id ON devices FOR EACH ROW
  WHEN (OLD.office_id IS DISTINCT FROM NEW.office_id) EXECUTE FUNCTION queue_schedule_compile();
CREATE TRIGGER offices_timezone_schedule AFTER UPDATE OF timezone ON offices FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION queue_schedule_compile();
