import { sql, type SQL } from 'drizzle-orm';
import type { PlaybackError } from '../../src/services/schemas/playback.ts';
import { idArray } from './events.ts';
import { isoText, onlineSince } from './devices.ts';
import type { Db } from './index.ts';
import { REQUEUE } from './scheduleQueue.ts';
import { FOREIGN_KEY_VIOLATION, sqlError } from './sqlState.ts';

/*
 * What players report playing and skipping (issue 24, migrations 0026 and 0036): capabilities and now playing on the
 * device row (now playing written with the heartbeat's contact, server/db/heartbeats.ts), skipped files summed in
 * playback_errors, and the media status "playing" derived from the devices' now playing and the plays they send.
 */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

interface NowPlayingRow {
  event: number;
  media: number | null;
  name: string | null;
  started_at: string;
  reported_at: string;
  preview: boolean;
}

/** The layout a device plays (issue 36), as devicePlayback reads it: `name` null once the layout is deleted. */
export interface PlayingLayoutRow {
  id: number;
  version: number;
  name: string | null;
  zones: { id: number; name: string | null; media: number | null; media_name: string | null; started_at: string; widget: string | null }[];
}

/** A file stays "playing" this long after the last device reported playing it, or the last play of it started. */
export const PLAYING_HOLD_MINUTES = 10;

/** Stores a player's declared capabilities (normalised JSON text); answers whether they changed. */
export async function storeCapabilities(db: Db, deviceId: number, normalized: string): Promise<boolean> {
  const changed = await rows(
    db,
    sql`UPDATE devices SET capabilities = ${normalized}::jsonb WHERE id = ${deviceId} AND capabilities IS DISTINCT FROM ${normalized}::jsonb RETURNING id`,
  );
  if (!changed.length) return false;
  // What it downloads may change: its schedule is compiled again (the version moves only if the items do).
  await db.execute(sql`INSERT INTO schedule_dirty (device_id) VALUES (${deviceId}) ${REQUEUE}`);
  return true;
}

/**
 * A device whose screen position is still Unknown takes it from the screen its player reports at hello (landscape is
 * Horizontal, portrait Vertical), so an adopted web player matches campaigns of its screen (issue 26.16). A position
 * an operator chose is never changed, nor that of a device already in a campaign; it stays editable.
 */
export async function positionFromScreen(db: Db, deviceId: number, orientation: 'landscape' | 'portrait' | undefined): Promise<boolean> {
  if (!orientation) return false;
  const position = orientation === 'portrait' ? 'vertical' : 'horizontal';
  const changed = await rows(
    db,
    sql`UPDATE devices SET position = ${position} WHERE id = ${deviceId} AND position = 'unknown'
          AND NOT EXISTS (SELECT 1 FROM campaign_devices cd WHERE cd.device_id = ${deviceId}) RETURNING id`,
  );
  return changed.length > 0;
}

/** A device whose recorded skipped files start a run of errors: it had none in the quiet minutes before. */
export interface ErrorsStarting {
  id: number;
  name: string;
  sn: string;
  office: number | null;
  company: number | null;
}

/**
 * Adds several devices' skipped files (one report per device, file and kind) to their sums in one statement; files or
 * devices deleted meanwhile are left out. Answers the devices whose errors start with these: they had no error with a
 * last_at in the `quietMinutes` before (read in the same statement, before the sums move).
 */
export async function recordPlaybackErrors(db: Db, reported: readonly (readonly [number, PlaybackError])[], quietMinutes: number): Promise<ErrorsStarting[]> {
  if (!reported.length) return [];
  const column = <T>(pick: (entry: readonly [number, PlaybackError]) => T) => sql.param(reported.map(pick));
  const deviceIds = idArray([...new Set(reported.map(([device]) => device))]);
  const statement = (checked: boolean) =>
    sql`WITH x AS (
          SELECT * FROM unnest(${column(([device]) => device)}::int[], ${idArray(reported.map(([, e]) => e.media))}, ${column(([, e]) => e.kind)}::text[],
            ${column(([, e]) => e.count)}::int[], ${column(([, e]) => e.last_at)}::timestamptz[], ${column(([, e]) => e.detail ?? '')}::text[])
            AS x(device_id, media_id, kind, count, last_at, detail)
          ${checked ? sql`WHERE x.media_id IN (SELECT m.id FROM media_files m WHERE m.id = ANY(${idArray([...new Set(reported.map(([, e]) => e.media))])}))
            AND x.device_id IN (SELECT d.id FROM devices d WHERE d.id = ANY(${deviceIds}))` : sql``}
        ), earlier AS (
          -- One range scan of the primary key for all the batch's devices (a probe per report cost about 10 µs each).
          SELECT DISTINCT e.device_id FROM playback_errors e
          WHERE e.device_id = ANY(${deviceIds}) AND e.last_at > now() - make_interval(mins => ${quietMinutes})
        ), recorded AS (
          INSERT INTO playback_errors (device_id, media_id, kind, count, last_at, detail)
          SELECT device_id, media_id, kind, count, last_at, detail FROM x
          ON CONFLICT (device_id, media_id, kind) DO UPDATE SET
            count = LEAST(playback_errors.count::bigint + excluded.count, 2147483647)::int,
            last_at = GREATEST(playback_errors.last_at, excluded.last_at),
            detail = CASE WHEN excluded.last_at >= playback_errors.last_at THEN excluded.detail ELSE playback_errors.detail END
        ), starting AS (
          -- Every row of x is recorded (inserted or added to), and every part of the statement sees the sums as they were
          -- before it: the devices of x without an error in the quiet minutes start a run. Only those few are joined to
          -- their rows (joining every recorded one cost about a third of the statement).
          SELECT DISTINCT x.device_id FROM x WHERE x.device_id NOT IN (SELECT device_id FROM earlier)
        )
        SELECT d.id, d.name, d.sn, d.office_id AS office, f.company_id AS company
        FROM starting s JOIN devices d ON d.id = s.device_id LEFT JOIN offices f ON f.id = d.office_id`;
  // Reports name devices and files that exist but for a rare race with their deletion: the statement relies on the
  // foreign keys, and only a batch they refuse is written again without the rows of devices and files gone meanwhile.
  // Checking every row first cost about a third of the statement (each device looked up in its index, 12 µs a report).
  const starting = await rows<ErrorsStarting>(db, statement(false)).catch((error: unknown) => {
    if (sqlError(error)?.code !== FOREIGN_KEY_VIOLATION) throw error;
    return rows<ErrorsStarting>(db, statement(true));
  });
  return starting.map((device) => ({ ...device, id: Number(device.id), office: device.office === null ? null : Number(device.office), company: device.company === null ? null : Number(device.company) }));
}

/**
 * Files marked playing that no device reported playing for PLAYING_HOLD_MINUTES, and that no screen played (a play
 * completed or partial, started within that time) go back to ready_to_play (issue 35.5: a clip of a rotation is on
 * screen every loop but seldom the file of the heartbeat's moment). One scan of the devices (now playing is not indexed,
 * so that its writes stay HOT updates; about 20 ms for 100,000 on PGlite) and one range of the plays' time index.
 */
export async function settlePlayingStatus(db: Db): Promise<number> {
  const settled = await rows(
    db,
    sql`UPDATE media_files m SET status = 'ready_to_play' WHERE m.status = 'playing' AND m.id NOT IN (
          SELECT d.playing_media_id FROM devices d
          WHERE d.playing_media_id IS NOT NULL AND d.playing_reported_at > now() - make_interval(mins => ${PLAYING_HOLD_MINUTES}))
        AND m.id NOT IN (
          SELECT p.media_id FROM plays p
          WHERE p.started_at > now() - make_interval(mins => ${PLAYING_HOLD_MINUTES}) AND p.outcome <> 'failed')
        RETURNING m.id`,
  );
  return settled.length;
}

/**
 * A device's now playing (with the file's name and preview; none while the device is offline: what it reported last is
 * no longer known to play, issue 35.4) and its latest skipped files.
 */
export async function devicePlayback(db: Db, deviceId: number): Promise<{
  capabilities: string | null;
  deviceType: string;
  nowPlaying: (NowPlayingRow & { layout: PlayingLayoutRow | null }) | null;
  errors: { media: number; name: string | null; kind: 'decode' | 'download' | 'checksum'; count: number; last_at: string; detail: string }[];
} | undefined> {
  const [device] = await rows<{ capabilities: string | null; device_type: string }>(db, sql`SELECT capabilities::text AS capabilities, device_type FROM devices WHERE id = ${deviceId}`);
  if (!device) return undefined;
  const [now] = await rows<NowPlayingRow & { layout: PlayingLayoutRow | string | null }>(
    db,
    sql`SELECT p.event_id AS event, p.media_id AS media, m.name, ${isoText(sql`p.started_at`)} AS started_at, ${isoText(sql`p.reported_at`)} AS reported_at,
          COALESCE(m.has_preview, false) AS preview,
          -- A layout item (issue 36): the layout's name, and each zone's name in the version drawn (else its draft's) and file.
          CASE WHEN p.layout IS NOT NULL THEN json_build_object(
            'id', (p.layout->>'id')::int, 'version', (p.layout->>'version')::int,
            'name', (SELECT l.name FROM layouts l WHERE l.id = (p.layout->>'id')::int),
            'zones', (SELECT COALESCE(json_agg(json_build_object(
                'id', z.id, 'media', z.media, 'media_name', zm.name, 'started_at', z.started_at,
                'name', COALESCE(
                  (SELECT vz->>'name' FROM layout_versions v, jsonb_array_elements(v.body->'zones') AS vz
                    WHERE v.layout_id = (p.layout->>'id')::int AND v.version = (p.layout->>'version')::int AND (vz->>'id')::int = z.id LIMIT 1),
                  (SELECT lz.name FROM layout_zones lz WHERE lz.id = z.id)),
                -- A widget zone (issue 38): its kind in the version drawn.
                'widget', (SELECT vz->'content'->>'widget' FROM layout_versions v, jsonb_array_elements(v.body->'zones') AS vz
                    WHERE v.layout_id = (p.layout->>'id')::int AND v.version = (p.layout->>'version')::int AND (vz->>'id')::int = z.id
                      AND vz->'content'->>'kind' = 'widget' LIMIT 1)
              ) ORDER BY z.ord), '[]'::json)
              FROM jsonb_array_elements(p.layout->'zones') WITH ORDINALITY AS e(zone, ord)
              CROSS JOIN LATERAL (SELECT (e.zone->>'id')::int AS id, (e.zone->>'media_id')::int AS media, e.zone->>'started_at' AS started_at, e.ord) AS z
              LEFT JOIN media_files zm ON zm.id = z.media)
          ) END AS layout
        FROM (SELECT playing_event_id AS event_id, playing_media_id AS media_id, playing_started_at AS started_at, playing_reported_at AS reported_at,
                playing_layout AS layout
              FROM devices WHERE id = ${deviceId} AND last_connection > ${onlineSince} AND signed_off_at IS NULL) p LEFT JOIN media_files m ON m.id = p.media_id
        WHERE (p.media_id IS NOT NULL OR p.layout IS NOT NULL) AND p.reported_at > now() - make_interval(mins => ${PLAYING_HOLD_MINUTES})`,
  );
  const errors = await rows<{ media: number; name: string | null; kind: 'decode' | 'download' | 'checksum'; count: number; last_at: string; detail: string }>(
    db,
    sql`SELECT e.media_id AS media, m.name, e.kind, e.count, ${isoText(sql`e.last_at`)} AS last_at, e.detail
        FROM playback_errors e LEFT JOIN media_files m ON m.id = e.media_id
        WHERE e.device_id = ${deviceId} ORDER BY e.last_at DESC LIMIT 20`,
  );
  return {
    capabilities: device.capabilities,
    deviceType: device.device_type,
    nowPlaying: now ? { ...now, event: Number(now.event), media: now.media === null ? null : Number(now.media), layout: typeof now.layout === 'string' ? (JSON.parse(now.layout) as PlayingLayoutRow) : now.layout } : null,
    errors: errors.map((e) => ({ ...e, media: Number(e.media), count: Number(e.count) })),
  };
}

/** How many devices play a file now, and the devices that failed to play it (newest first, at most 50). */
export async function mediaPlayback(db: Db, mediaId: number): Promise<{
  playing: number;
  failures: { device: number; device_name: string; kind: 'decode' | 'download' | 'checksum'; count: number; last_at: string; detail: string }[];
}> {
  const [count] = await rows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM devices WHERE playing_media_id = ${mediaId} AND playing_reported_at > now() - make_interval(mins => ${PLAYING_HOLD_MINUTES})`,
  );
  const failures = await rows<{ device: number; device_name: string; kind: 'decode' | 'download' | 'checksum'; count: number; last_at: string; detail: string }>(
    db,
    sql`SELECT e.device_id AS device, d.name AS device_name, e.kind, e.count, ${isoText(sql`e.last_at`)} AS last_at, e.detail
        FROM playback_errors e JOIN devices d ON d.id = e.device_id
        WHERE e.media_id = ${mediaId} ORDER BY e.last_at DESC LIMIT 50`,
  );
  return { playing: Number(count?.n ?? 0), failures: failures.map((f) => ({ ...f, device: Number(f.device), count: Number(f.count) })) };
}
