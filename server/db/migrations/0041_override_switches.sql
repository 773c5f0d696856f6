-- Issue 35: when each screen actually switched to an emergency override. The player reports it on the live channel
-- (POST /player/channel/switched/) the moment the override's first play shows; the first report of a device counts.
-- The panel shows per screen "switched at" / "not yet switched" beside the override.
CREATE TABLE override_switches (
  override_id integer NOT NULL REFERENCES overrides(id) ON DELETE CASCADE,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  switched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (override_id, device_id)
);
CREATE INDEX override_switches_device_idx ON override_switches (device_id);
