-- Campaigns: a set of screens of one position with a calendar of events (issue 10). A device may take part in
-- several campaigns (multiply copies a campaign's devices into others), so membership is a link table; deleting a
-- campaign removes its events and its links, which frees its devices.

CREATE TABLE campaigns (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (btrim(name) <> ''),
  screen_position text NOT NULL DEFAULT 'unknown' CHECK (screen_position IN ('horizontal', 'vertical', 'unknown')),
  -- When the campaign's events were last published (the scheduler's publish sets it).
  published_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX campaigns_name_idx ON campaigns (lower(name), id);

CREATE TABLE campaign_devices (
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  PRIMARY KEY (campaign_id, device_id)
);
CREATE INDEX campaign_devices_device_idx ON campaign_devices (device_id);

-- Events of a campaign's calendar (the scheduler issue builds on these columns). Times are wall-clock times of each
-- device's office. playlist_id gets its foreign key from the scheduler's migration (playlists arrive in 0009).
CREATE TABLE events (
  id serial PRIMARY KEY,
  campaign_id integer NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  title text NOT NULL CHECK (btrim(title) <> ''),
  media_id integer REFERENCES media_files(id) ON DELETE RESTRICT,
  playlist_id integer,
  start_date date NOT NULL,
  start_time time,
  end_date date NOT NULL,
  end_time time,
  all_day boolean NOT NULL DEFAULT false,
  color text NOT NULL DEFAULT '#3788d8',
  -- Seconds one showing lasts (null: the media's or playlist's own duration).
  duration integer CHECK (duration IS NULL OR duration > 0),
  -- ISO weekdays the event repeats on, 1 (Monday) to 7 (Sunday); empty: every day of its period.
  weekdays smallint[] NOT NULL DEFAULT '{}' CHECK (weekdays <@ ARRAY[1, 2, 3, 4, 5, 6, 7]::smallint[]),
  published boolean NOT NULL DEFAULT false,
  priority integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (num_nonnulls(media_id, playlist_id) = 1),
  CHECK (end_date >= start_date)
);
CREATE INDEX events_campaign_idx ON events (campaign_id, start_date);
CREATE INDEX events_media_idx ON events (media_id) WHERE media_id IS NOT NULL;
CREATE INDEX events_playlist_idx ON events (playlist_id) WHERE playlist_id IS NOT NULL;

CREATE TABLE event_devices (
  event_id integer NOT NULL REFERENCES events(id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  PRIMARY KEY (event_id, device_id)
);
CREATE INDEX event_devices_device_idx ON event_devices (device_id);
