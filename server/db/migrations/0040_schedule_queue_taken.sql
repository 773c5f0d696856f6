-- The compile queue keeps a device's row while a compile holds it (issue 35.21, 35.13). A compile used to delete the rows
-- of its devices as it started: until it stored, dev2 saw the device as not queued and answered the previous version
-- for about a second. Now a compile marks the rows `taken_at` (its start, the database clock) and its store deletes only
-- the rows it took; a change meanwhile queues the device again (taken_at back to null), so the row stays for the next
-- compile. dev2 compiles a device whose row is there, taken or not (of overlapping compiles, the one that began last
-- is stored: storeSchedules). A compile that failed for a device leaves its row with `failures` and `retry_at` (backoff),
-- and the other devices go on; a row taken by a compile that never finished (its instance stopped) is taken again
-- after five minutes.
ALTER TABLE schedule_dirty
  ADD COLUMN taken_at timestamptz,
  ADD COLUMN failures integer NOT NULL DEFAULT 0,
  ADD COLUMN retry_at timestamptz;

-- Queuing a device again puts it back in the queue at once, whatever a compile holds (every trigger that queues).
CREATE OR REPLACE FUNCTION queue_schedule_compile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'offices' THEN
    INSERT INTO schedule_dirty (device_id) SELECT id FROM devices WHERE office_id = NEW.id
    ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
      WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL;
  ELSIF TG_TABLE_NAME = 'devices' THEN
    INSERT INTO schedule_dirty (device_id) VALUES (NEW.id)
    ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
      WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION queue_schedule_compile_joined() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_dirty (device_id) SELECT DISTINCT device_id FROM changed
  ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
    WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION queue_override_devices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO schedule_dirty (device_id)
  SELECT d.id FROM devices d LEFT JOIN offices o ON o.id = d.office_id
  WHERE (OLD.target_kind = 'devices' AND d.id = ANY(OLD.target_ids))
     OR (OLD.target_kind = 'offices' AND d.office_id = ANY(OLD.target_ids))
     OR (OLD.target_kind = 'company' AND o.company_id = ANY(OLD.target_ids))
  ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
    WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL;
  RETURN NULL;
END $$;

-- An override end stored before the instant rule (issue 35.13: 9999-12-31T23:59:59-14:00 is the year 10000 in UTC, which
-- the compile could not read, so every compile including its devices failed) ends on the last instant the rule allows.
UPDATE overrides SET ends_at = '9999-12-30T23:59:59.999999Z' WHERE ends_at >= '9999-12-31T00:00:00Z';
