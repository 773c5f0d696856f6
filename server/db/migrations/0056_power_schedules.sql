-- Screen power schedules (issue 41). An office without a row is always on (the default); a device without a row
-- follows its office, `always_on` ignores it, `own` has its own schedule. A schedule is the JSON of PowerSchedule
-- (src/services/schemas/power.ts), checked by the API: {week: [7 days, Monday first, of [{on, off}]], exceptions: [{date, spans}]}.
CREATE TABLE IF NOT EXISTS office_power (
  office_id integer PRIMARY KEY REFERENCES offices(id) ON DELETE CASCADE,
  schedule jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS device_power (
  device_id integer PRIMARY KEY REFERENCES devices(id) ON DELETE CASCADE,
  mode text NOT NULL CHECK (mode IN ('always_on', 'own')),
  schedule jsonb,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((mode = 'own') = (schedule IS NOT NULL))
);

-- A compiled schedule carries the on spans of its window (dev2's `power`, JSON text; null: always on), so the hash
-- of a body names its power too.
ALTER TABLE schedule_bodies ADD COLUMN IF NOT EXISTS power text;
-- What the player last reported of its screen: 'on', 'off' (its power schedule blanked it), null: never said.
ALTER TABLE devices ADD COLUMN IF NOT EXISTS display text;

-- A changed schedule is compiled again, as other schedule changes are: the devices queue (any instance's compiler
-- takes them; a request of up to 250 devices compiles them itself).
CREATE OR REPLACE FUNCTION queue_power_compile() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'office_power' THEN
    INSERT INTO schedule_dirty (device_id) SELECT id FROM devices WHERE office_id = COALESCE(NEW.office_id, OLD.office_id)
    ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
      WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL;
  ELSE
    INSERT INTO schedule_dirty (device_id) SELECT id FROM devices WHERE id = COALESCE(NEW.device_id, OLD.device_id)
    ON CONFLICT (device_id) DO UPDATE SET taken_at = NULL, retry_at = NULL, queued_at = now()
      WHERE schedule_dirty.taken_at IS NOT NULL OR schedule_dirty.retry_at IS NOT NULL;
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS office_power_schedule ON office_power;
CREATE TRIGGER office_power_schedule AFTER INSERT OR UPDATE OR DELETE ON office_power FOR EACH ROW EXECUTE FUNCTION queue_power_compile();
DROP TRIGGER IF EXISTS device_power_schedule ON device_power;
CREATE TRIGGER device_power_schedule AFTER INSERT OR UPDATE OR DELETE ON device_power FOR EACH ROW EXECUTE FUNCTION queue_power_compile();

-- Whether a compiled schedule's power (dev2's spans) has the screen off at `at`: a power list not covering `at`
-- inside its window. Outside the window (valid_until passed) and with no power (always on) the screen counts as on.
CREATE OR REPLACE FUNCTION power_off_at(power text, valid_until timestamptz, at timestamptz) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT power IS NOT NULL AND valid_until IS NOT NULL AND at < valid_until
    AND NOT EXISTS (SELECT 1 FROM json_array_elements(power::json) e WHERE at >= (e->>'on')::timestamptz AND at < (e->>'off')::timestamptz)
$$;

-- The device list's page (0006, 0053) says what the player reports of its screen and whether the screen is off by its
-- schedule: reported off while online, or silent within its off hours (toDevice writes the same; a test holds the two equal).
CREATE OR REPLACE FUNCTION device_page_json(page_ids integer[], photo_base text, online_since timestamptz) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (
    SELECT COALESCE(json_agg(json_build_object(
        'id', p.id, 'sn', p.sn, 'mac', p.mac, 'name', p.name,
        'office', p.office_id, 'office_name', o.name, 'company', o.company_id, 'company_name', c.name,
        'device_type', p.device_type, 'default_config', p.default_config, 'screen_type', p.screen_type,
        'description', p.description, 'mount_date', p.mount_date, 'warranty', p.warranty, 'position', p.position,
        'ip', p.ip,
        'last_connection', to_char(p.last_connection AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'schedule_expiry', to_char(p.schedule_expiry AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'version', p.version,
        'status', CASE
          WHEN NOT p.is_active THEN 'disabled'
          WHEN p.last_connection > online_since AND p.signed_off_at IS NULL THEN 'online'
          ELSE 'offline'
        END,
        'schedule_state', p.schedule_state, 'is_active', p.is_active,
        'photo', CASE WHEN p.photo_file <> '' THEN photo_base || '/tvpi/devices/' || p.id || '/photo?v=' || split_part(p.photo_file, '.', 1) END,
        'key', p.device_key, 'user', p.user_id,
        'created_at', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'tags', p.tags,
        'display', p.display,
        'screen_off', p.is_active AND CASE
          WHEN p.last_connection > online_since AND p.signed_off_at IS NULL THEN p.display IS NOT DISTINCT FROM 'off'
          ELSE COALESCE((SELECT power_off_at(b.power, s.valid_until, now()) FROM device_schedules s JOIN schedule_bodies b ON b.hash = s.body_hash WHERE s.device_id = p.id), false)
        END
      ) ORDER BY u.ord)::text, '[]')
    FROM unnest(page_ids) WITH ORDINALITY AS u(id, ord)
    JOIN devices p ON p.id = u.id
    LEFT JOIN offices o ON o.id = p.office_id
    LEFT JOIN companies c ON c.id = o.company_id
  );
END
$$;
