-- The device list counts the devices that match its filters on every page, which reads a few columns of every
-- device. PostgreSQL reads a row's columns in order, and the filtered ones (activation, contact, sign-off, office,
-- schedule state, type, position) sat behind up to 20 others, most of them text: a status count of 10,000 devices
-- read about 40 % faster with them first (PGlite, bench/devices.bench.ts). PostgreSQL cannot move columns, so the
-- table is rebuilt with the same rows, ids, sequence, defaults, checks, indexes, foreign keys and triggers.

CREATE TABLE devices_reordered (
  id integer NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  -- Sort key of the position groups: horizontal, vertical, unknown.
  position_rank smallint GENERATED ALWAYS AS (CASE position WHEN 'horizontal' THEN 0 WHEN 'vertical' THEN 1 ELSE 2 END) STORED,
  office_id integer,
  -- Status is derived from these two: online = a heartbeat within the online window and no sign-off since.
  last_connection timestamptz,
  signed_off_at timestamptz,
  schedule_state text NOT NULL DEFAULT 'not_found',
  device_type text NOT NULL DEFAULT 'tvpi',
  position text NOT NULL DEFAULT 'unknown',
  sn text NOT NULL,
  mac text,
  name text NOT NULL DEFAULT '',
  default_config text NOT NULL DEFAULT 'standard',
  screen_type text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  mount_date date,
  warranty date,
  ip text,
  schedule_expiry timestamptz,
  version text NOT NULL DEFAULT '',
  schedule_version integer NOT NULL DEFAULT 0,
  config_version integer NOT NULL DEFAULT 1,
  photo_file text,
  photo_type text,
  device_key text NOT NULL,
  user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  search_text text GENERATED ALWAYS AS (
    lower(sn || ' ' || coalesce(mac, '') || ' ' || name || ' ' || coalesce(ip, '') || ' ' || description)
  ) STORED
) WITH (fillfactor = 70);

INSERT INTO devices_reordered (
  id, is_active, office_id, last_connection, signed_off_at, schedule_state, device_type, position, sn, mac, name,
  default_config, screen_type, description, mount_date, warranty, ip, schedule_expiry, version, schedule_version,
  config_version, photo_file, photo_type, device_key, user_id, created_at, updated_at
)
SELECT
  id, is_active, office_id, last_connection, signed_off_at, schedule_state, device_type, position, sn, mac, name,
  default_config, screen_type, description, mount_date, warranty, ip, schedule_expiry, version, schedule_version,
  config_version, photo_file, photo_type, device_key, user_id, created_at, updated_at
FROM devices;

-- The id sequence outlives the old table; dropping it takes the foreign keys into it and its triggers along.
ALTER SEQUENCE devices_id_seq OWNED BY NONE;
DROP TABLE devices CASCADE;
ALTER TABLE devices_reordered RENAME TO devices;
ALTER TABLE devices ALTER COLUMN id SET DEFAULT nextval('devices_id_seq');
ALTER SEQUENCE devices_id_seq OWNED BY devices.id;

ALTER TABLE devices
  ADD CONSTRAINT devices_pkey PRIMARY KEY (id),
  ADD CONSTRAINT devices_position_check CHECK (position IN ('horizontal', 'vertical', 'unknown')),
  ADD CONSTRAINT devices_schedule_state_check CHECK (schedule_state IN ('playing', 'waiting', 'not_found')),
  ADD CONSTRAINT devices_office_id_fkey FOREIGN KEY (office_id) REFERENCES offices(id) ON DELETE SET NULL;
-- The server tells a duplicate SN from a duplicate MAC by these two names (violatedUniqueIndex).
CREATE UNIQUE INDEX devices_sn_key ON devices (sn);
CREATE UNIQUE INDEX devices_mac_key ON devices (mac) WHERE mac IS NOT NULL;
CREATE INDEX devices_position_idx ON devices (position_rank, id);
CREATE INDEX devices_office_idx ON devices (office_id);
CREATE INDEX devices_type_idx ON devices (device_type);
CREATE INDEX devices_search_idx ON devices USING gin (search_text gin_trgm_ops);

ALTER TABLE device_configs ADD CONSTRAINT device_configs_device_id_fkey FOREIGN KEY (device_id) REFERENCES devices(id) ON DELETE CASCADE;
ALTER TABLE device_commands ADD CONSTRAINT device_commands_device_id_fkey FOREIGN KEY (device_id) REFERENCES devices(id) ON DELETE CASCADE;
ALTER TABLE pending_clients
  ADD CONSTRAINT pending_clients_adopted_device_id_fkey FOREIGN KEY (adopted_device_id) REFERENCES devices(id) ON DELETE SET NULL;

-- The change log's triggers of migration 0004, unchanged.
CREATE TRIGGER devices_player_change AFTER UPDATE ON devices FOR EACH ROW
  WHEN (OLD.sn IS DISTINCT FROM NEW.sn
     OR OLD.device_key IS DISTINCT FROM NEW.device_key
     OR OLD.is_active IS DISTINCT FROM NEW.is_active
     OR OLD.config_version IS DISTINCT FROM NEW.config_version
     OR OLD.schedule_version IS DISTINCT FROM NEW.schedule_version
     OR (OLD.signed_off_at IS NULL AND NEW.signed_off_at IS NOT NULL)
     OR (OLD.last_connection IS NOT NULL AND (NEW.last_connection IS NULL OR NEW.last_connection < OLD.last_connection)))
  EXECUTE FUNCTION note_device_change();
CREATE TRIGGER devices_player_delete AFTER DELETE ON devices FOR EACH ROW EXECUTE FUNCTION note_device_change();
