-- Proof of play (issue 17): the raw plays the players report, and hourly roll-ups kept up to date as plays arrive.
--
-- Why the raw table is not partitioned: a play is idempotent by (device, the player's id), and that must hold across
-- all time, or a retry that arrives after a month boundary would count twice. PostgreSQL only enforces a unique key on
-- a partitioned table when the key includes the partition column (started_at), which a retried play's id alone does
-- not. Partitioning by month would need a second, unpartitioned key table written with every play (twice the writes);
-- the statistics screens never read this table (they read play_hours), only unloads (by time, through
-- plays_started_idx) and the live report (the last 15 minutes) do, so one table with a time index serves them and
-- ingest pays for two indexes. Retention deletes by started_at through the same index. Revisit when one PostgreSQL
-- holds billions of plays: then partition by month with the (device, id) key in its own table.
--
-- No foreign keys: a play is evidence of what a screen showed, kept when the device, event or media is later deleted
-- (names then read "#id"), and ingest need not look up three parents per row.
CREATE TABLE plays (
  device_id integer NOT NULL,
  play_id text NOT NULL CHECK (length(play_id) BETWEEN 1 AND 64),
  started_at timestamptz NOT NULL,
  -- Seconds the media was on screen.
  duration double precision NOT NULL CHECK (duration > 0),
  event_id integer NOT NULL,
  campaign_id integer NOT NULL,
  media_id integer NOT NULL,
  playlist_id integer,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (device_id, play_id)
);
CREATE INDEX plays_started_idx ON plays (started_at, device_id, play_id);

-- One row per UTC hour, campaign, device, media and event: plays and seconds played. Ingest adds to it in the same
-- statement that stores the plays (ON CONFLICT ... DO UPDATE), so it never disagrees with the raw table.
CREATE TABLE play_hours (
  campaign_id integer NOT NULL,
  hour timestamptz NOT NULL,
  device_id integer NOT NULL,
  media_id integer NOT NULL,
  event_id integer NOT NULL,
  plays integer NOT NULL,
  seconds double precision NOT NULL,
  PRIMARY KEY (campaign_id, hour, device_id, media_id, event_id)
);
CREATE INDEX play_hours_device_idx ON play_hours (device_id, hour);
CREATE INDEX play_hours_media_idx ON play_hours (media_id, hour);
CREATE INDEX play_hours_hour_idx ON play_hours (hour);
