-- Navigation (issue 16): layouts per office, markers on them, and each device's map with what was last sent.
CREATE TABLE navigation_objects (
  id serial PRIMARY KEY,
  office_id integer NOT NULL REFERENCES offices(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- DATA_DIR/navigation/<file>: the original and its display copy (random names, fixed extensions).
  source_file text NOT NULL,
  display_file text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT navigation_objects_office_name_key UNIQUE (office_id, name)
);

CREATE TABLE navigation_markers (
  id serial PRIMARY KEY,
  object_id integer NOT NULL REFERENCES navigation_objects(id) ON DELETE CASCADE,
  kind text NOT NULL,
  device_id integer REFERENCES devices(id) ON DELETE CASCADE,
  x double precision NOT NULL CHECK (x >= 0 AND x <= 1),
  y double precision NOT NULL CHECK (y >= 0 AND y <= 1),
  color text NOT NULL DEFAULT '#0f6cbd',
  description text NOT NULL DEFAULT '',
  photo_file text,
  photo_type text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX navigation_markers_object_idx ON navigation_markers (object_id, id);
CREATE UNIQUE INDEX navigation_markers_object_device_key ON navigation_markers (object_id, device_id) WHERE device_id IS NOT NULL;

CREATE TABLE navigation_devices (
  device_id integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  object_id integer REFERENCES navigation_objects(id) ON DELETE SET NULL,
  x double precision NOT NULL DEFAULT 0.5,
  y double precision NOT NULL DEFAULT 0.5,
  comment text NOT NULL DEFAULT '',
  placeholder jsonb NOT NULL,
  markers jsonb,
  version integer NOT NULL DEFAULT 0,
  sent_version integer NOT NULL DEFAULT 0,
  -- What the player reads (GET /player/navigation/), frozen at the last send.
  sent jsonb,
  sent_at timestamptz
);
CREATE INDEX navigation_devices_sent_at_idx ON navigation_devices (sent_at);
