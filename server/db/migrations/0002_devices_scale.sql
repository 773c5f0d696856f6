-- Tuning of the devices table for a large fleet (measured with 10,000 devices, bench/devices.bench.ts).

-- One lower-cased text of the searchable fields (SN, MAC, name, IP, description), computed on write,
-- so that a search is a single LIKE per row instead of five ILIKEs.
ALTER TABLE devices ADD COLUMN search_text text GENERATED ALWAYS AS (
  lower(sn || ' ' || coalesce(mac, '') || ' ' || name || ' ' || coalesce(ip, '') || ' ' || description)
) STORED;

-- Heartbeats rewrite last_connection and schedule_state of every device all the time. With no index on the
-- columns a heartbeat writes, and free room in each page, those updates are HOT (no index maintenance):
-- heartbeats got cheaper than the status filter lost (a status count scans 10,000 rows in a few ms).
DROP INDEX devices_last_connection_idx;
DROP INDEX devices_schedule_state_idx;
DROP INDEX devices_active_idx;
ALTER TABLE devices SET (fillfactor = 70);
