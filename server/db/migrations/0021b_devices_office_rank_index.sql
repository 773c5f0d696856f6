-- A scoped user's device list (issue 12) reads the devices of their companies' offices, office by office through this
-- index (server/db/devices.ts listDevicesJson): with the group order and the columns of the usual filters that do not
-- change on heartbeats, the page and its count are index-only scans. Heartbeat-written columns (last_connection,
-- schedule_state) stay out of every index so heartbeat updates remain HOT (migration 0002_devices_scale).
DROP INDEX IF EXISTS devices_office_idx;
CREATE INDEX devices_office_idx ON devices (office_id, position_rank, id) INCLUDE (is_active, device_type);
