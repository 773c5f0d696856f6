-- One page of the device list as the API's JSON text (see listDevicesJson in server/db/devices.ts, and the test that
-- holds every field equal to the device answer). It is a PL/pgSQL function so that the database plans this statement
-- once per connection and keeps the plan: planned afresh for every request, it cost about 1 ms of each page of the
-- device list in PGlite. The caller picks the page's ids and passes the start of the online window, which the code
-- owns (ONLINE_WINDOW_SECONDS).
CREATE FUNCTION device_page_json(page_ids integer[], photo_base text, online_since timestamptz) RETURNS text
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
        'created_at', to_char(p.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) ORDER BY u.ord)::text, '[]')
    FROM unnest(page_ids) WITH ORDINALITY AS u(id, ord)
    JOIN devices p ON p.id = u.id
    LEFT JOIN offices o ON o.id = p.office_id
    LEFT JOIN companies c ON c.id = o.company_id
  );
END
$$;
