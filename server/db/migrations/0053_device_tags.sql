-- Device tags (issue 41): free text an operator puts on screens to find and group them. `tags` keeps each tag as first
-- written (trimmed, at most 20 of at most 40 characters, checked by the API); `tag_keys` is the same list in lower case,
-- written with it by the server, and is what every filter compares: `tags=a,b` (any of) is `tag_keys && {a,b}` and
-- `tags_all=a,b` is `tag_keys @> {a,b}`, both answered by the GIN index on a fleet of any size.
ALTER TABLE devices
  ADD COLUMN IF NOT EXISTS tags text[] NOT NULL DEFAULT '{}',
  ADD COLUMN IF NOT EXISTS tag_keys text[] NOT NULL DEFAULT '{}';
CREATE INDEX IF NOT EXISTS devices_tag_keys_idx ON devices USING gin (tag_keys);

-- The device list's page (0006) names the tags too (toDevice writes them; a test holds the two equal).
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
        'tags', p.tags
      ) ORDER BY u.ord)::text, '[]')
    FROM unnest(page_ids) WITH ORDINALITY AS u(id, ord)
    JOIN devices p ON p.id = u.id
    LEFT JOIN offices o ON o.id = p.office_id
    LEFT JOIN companies c ON c.id = o.company_id
  );
END
$$;
