-- Devices (screens), their config files, queued commands, players waiting for adoption,
-- and the minimal company / branch-office tables a device's location refers to.

CREATE TABLE companies (
  id serial PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE offices (
  id serial PRIMARY KEY,
  company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  address text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  contact_person text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX offices_company_idx ON offices (company_id);

CREATE TABLE devices (
  id serial PRIMARY KEY,
  sn text NOT NULL,
  mac text,
  name text NOT NULL DEFAULT '',
  office_id integer REFERENCES offices(id) ON DELETE SET NULL,
  device_type text NOT NULL DEFAULT 'tvpi',
  default_config text NOT NULL DEFAULT 'standard',
  screen_type text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  mount_date date,
  warranty date,
  position text NOT NULL DEFAULT 'unknown' CHECK (position IN ('horizontal', 'vertical', 'unknown')),
  -- Sort key of the position groups: horizontal, vertical, unknown.
  position_rank smallint GENERATED ALWAYS AS (CASE position WHEN 'horizontal' THEN 0 WHEN 'vertical' THEN 1 ELSE 2 END) STORED,
  ip text,
  -- Status is derived from these two: online = a heartbeat within the online window and no sign-off since.
  last_connection timestamptz,
  signed_off_at timestamptz,
  schedule_expiry timestamptz,
  version text NOT NULL DEFAULT '',
  schedule_state text NOT NULL DEFAULT 'not_found' CHECK (schedule_state IN ('playing', 'waiting', 'not_found')),
  schedule_version integer NOT NULL DEFAULT 0,
  config_version integer NOT NULL DEFAULT 1,
  is_active boolean NOT NULL DEFAULT true,
  photo_file text,
  photo_type text,
  device_key text NOT NULL,
  user_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX devices_sn_key ON devices (sn);
CREATE UNIQUE INDEX devices_mac_key ON devices (mac) WHERE mac IS NOT NULL;
CREATE INDEX devices_position_idx ON devices (position_rank, id);
CREATE INDEX devices_last_connection_idx ON devices (last_connection);
CREATE INDEX devices_office_idx ON devices (office_id);
CREATE INDEX devices_active_idx ON devices (is_active);
CREATE INDEX devices_type_idx ON devices (device_type);
CREATE INDEX devices_schedule_state_idx ON devices (schedule_state);

CREATE TABLE device_configs (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  name text NOT NULL,
  path text NOT NULL,
  content text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (device_id, path)
);

CREATE TABLE device_commands (
  id serial PRIMARY KEY,
  device_id integer NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
  command text NOT NULL,
  created_by integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz,
  acknowledged_at timestamptz
);
CREATE INDEX device_commands_pending_idx ON device_commands (device_id) WHERE delivered_at IS NULL;

CREATE TABLE pending_clients (
  id serial PRIMARY KEY,
  serial text NOT NULL UNIQUE,
  mac text,
  ip text,
  version text NOT NULL DEFAULT '',
  hello_count integer NOT NULL DEFAULT 1,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  -- Set when an operator adopts the player; its key is handed over on the next hello, then the row goes.
  adopted_device_id integer REFERENCES devices(id) ON DELETE SET NULL,
  adopted_at timestamptz
);
CREATE INDEX pending_clients_last_seen_idx ON pending_clients (last_seen);
