import { sql, type SQL } from 'drizzle-orm';
import type { DevicePosition } from '../../src/services/schemas/devices.ts';
import type { PlayingRendition } from '../../src/services/schemas/playback.ts';
import { effectiveCapabilities, type DeviceProfile, type FallbackJob, type MediaSource, type ReadyRender } from '../domain/renditions.ts';
import { idArray } from './events.ts';
import type { Db } from './index.ts';
import { REQUEUE } from './scheduleQueue.ts';

/* Renditions (issue 24, migration 0026): device profiles, what each file has ready, fallback jobs, waits. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/**
 * Builds device profiles from a device's type, position and declared capabilities (JSON text or null). A fleet declares
 * a handful of distinct sets: each is checked once per maker.
 */
export function profileMaker(): (type: string, position: DevicePosition, capabilities: string | null) => DeviceProfile {
  const known = new Map<string, DeviceProfile['capabilities']>();
  return (type, position, text) => {
    const key = `${type}|${text ?? ''}`;
    let found = known.get(key);
    if (!found) known.set(key, (found = effectiveCapabilities(type, text)));
    return { type, position, capabilities: found };
  };
}

/** What each of the files has to offer: kind, codec and size, the ready renders of active queries, its fallback jobs. */
export async function mediaSources(db: Db, ids: readonly number[]): Promise<Map<number, MediaSource>> {
  if (!ids.length) return new Map();
  const files = await rows<{ id: number; kind: 'video' | 'image'; video_codec: string | null; width: number | null; height: number | null; source_ext: string }>(
    db,
    sql`SELECT id, kind, video_codec, width, height, source_ext FROM media_files WHERE id = ANY(${idArray(ids)})`,
  );
  const jobs = await rows<{ media_id: number; kind: 'render' | 'fallback'; query_id: number | null; preset: string | null; status: FallbackJob['status']; sha: string | null; device: string | null; screen: string | null }>(
    db,
    sql`SELECT j.media_id, j.kind, j.query_id, j.preset, j.status, j.output_sha256 AS sha, q.device, q.screen
        FROM media_jobs j LEFT JOIN directory_queries q ON q.id = j.query_id
        WHERE j.media_id = ANY(${idArray(ids)}) AND (j.kind = 'fallback' OR (j.kind = 'render' AND j.status = 'done' AND j.output_sha256 IS NOT NULL AND q.active AND q.value = j.preset))
        ORDER BY j.id`,
  );
  const sources = new Map<number, MediaSource>(
    files.map((row) => [
      Number(row.id),
      {
        id: Number(row.id),
        kind: row.kind,
        codec: row.video_codec,
        width: row.width == null ? null : Number(row.width),
        height: row.height == null ? null : Number(row.height),
        sourceExt: row.source_ext,
        renders: [] as ReadyRender[],
        fallbacks: [] as FallbackJob[],
      },
    ]),
  );
  for (const job of jobs) {
    const source = sources.get(Number(job.media_id));
    if (!source || !job.preset) continue;
    if (job.kind === 'fallback') source.fallbacks.push({ size: job.preset, status: job.status, sha256: job.sha });
    else if (source.kind === 'video') source.renders.push({ queryId: Number(job.query_id), device: job.device!, screen: job.screen!, preset: job.preset, sha256: job.sha! });
  }
  return sources;
}

/** Queues fallback renders (one per file and size; an existing one is left as it is). Answers how many were new. */
export async function queueFallbacks(db: Db, wanted: readonly { media: number; size: string }[]): Promise<number> {
  if (!wanted.length) return 0;
  const inserted = await rows(
    db,
    sql`INSERT INTO media_jobs (media_id, kind, preset)
        SELECT x.media_id, 'fallback', x.preset FROM unnest(${idArray(wanted.map((w) => w.media))}, ${sql.param(wanted.map((w) => w.size))}::text[]) AS x(media_id, preset)
        WHERE EXISTS (SELECT 1 FROM media_files m WHERE m.id = x.media_id)
        ON CONFLICT (media_id, preset) WHERE kind = 'fallback' DO NOTHING RETURNING id`,
  );
  return inserted.length;
}

export interface Wait {
  device: number;
  media: number;
  campaign: number;
  reason: 'rendering' | 'cannot_play';
}

/** Replaces what the compiled devices wait for (their rows go, the new ones come). */
export async function replaceWaits(db: Db, devices: readonly number[], waits: readonly Wait[]): Promise<void> {
  if (!devices.length) return;
  await db.execute(sql`DELETE FROM device_waits WHERE device_id = ANY(${idArray(devices)})`);
  if (!waits.length) return;
  await db.execute(
    sql`INSERT INTO device_waits (device_id, media_id, campaign_id, reason)
        SELECT x.d, x.m, x.c, x.r FROM unnest(${idArray(waits.map((w) => w.device))}, ${idArray(waits.map((w) => w.media))}, ${idArray(waits.map((w) => w.campaign))},
          ${sql.param(waits.map((w) => w.reason))}::text[]) AS x(d, m, c, r)
        WHERE EXISTS (SELECT 1 FROM devices d WHERE d.id = x.d) AND EXISTS (SELECT 1 FROM media_files m WHERE m.id = x.m)
        ON CONFLICT DO NOTHING`,
  );
}

/** A campaign's waits, per file: how many of its screens cannot play it yet or at all (publish's warnings). */
export async function campaignWaits(db: Db, campaignId: number): Promise<{ media: number; name: string; devices: number; reason: 'rendering' | 'cannot_play' }[]> {
  const found = await rows<{ media: number; name: string; devices: number; reason: 'rendering' | 'cannot_play' }>(
    db,
    sql`SELECT w.media_id AS media, m.name, count(DISTINCT w.device_id)::int AS devices, w.reason
        FROM device_waits w JOIN media_files m ON m.id = w.media_id
        WHERE w.campaign_id = ${campaignId} GROUP BY w.media_id, m.name, w.reason ORDER BY w.reason DESC, m.name, w.media_id`,
  );
  return found.map((row) => ({ media: Number(row.media), name: row.name, devices: Number(row.devices), reason: row.reason }));
}

/**
 * Queues for compiling every device that plays a file through a published event (directly or through the playlist
 * version it plays): a render of it finished, so a device's rendition may change. The compile raises a version only
 * where the items changed.
 */
export async function queueDevicesPlaying(db: Db, mediaId: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO schedule_dirty (device_id)
        SELECT DISTINCT d FROM published_events pe CROSS JOIN LATERAL unnest(pe.devices) AS d
        WHERE pe.end_date >= current_date - 2 AND (pe.media_id = ${mediaId} OR pe.playlist_id IN (
          SELECT v.playlist_id FROM playlist_versions v JOIN playlists p ON p.id = v.playlist_id AND p.version = v.version
          WHERE v.tracks @> ${JSON.stringify([{ media: mediaId }])}::jsonb))
          AND EXISTS (SELECT 1 FROM devices dv WHERE dv.id = d)
        ${REQUEUE}`,
  );
}

/** Records the SHA-256 of a finished render or fallback (players check downloads against it). */
export async function setJobChecksum(db: Db, jobId: number, sha256: string): Promise<void> {
  await db.execute(sql`UPDATE media_jobs SET output_sha256 = ${sha256} WHERE id = ${jobId} AND status = 'done'`);
}

/** Whether a file has a finished fallback of this size (the download route's check). */
export async function fallbackReady(db: Db, mediaId: number, size: string): Promise<boolean> {
  return (await rows(db, sql`SELECT 1 FROM media_jobs WHERE media_id = ${mediaId} AND kind = 'fallback' AND preset = ${size} AND status = 'done'`)).length > 0;
}

/**
 * The rendition a device downloads of a file it reports playing (issue 35: the device card names it), read from its
 * stored schedule: the item of the reported event first, else any item with the file (a layout item's zones and
 * background included). Null when the schedule no longer
 * holds the file (compiled again since the report).
 */
export async function playingRendition(db: Db, deviceId: number, eventId: number, mediaId: number): Promise<PlayingRendition | null> {
  return (await playingRenditions(db, deviceId, eventId, [mediaId])).get(mediaId) ?? null;
}

/** playingRendition of several files in one read (a layout's zones, issue 36): each file found, by id. */
export async function playingRenditions(db: Db, deviceId: number, eventId: number, mediaIds: readonly number[]): Promise<Map<number, PlayingRendition>> {
  const found = new Map<number, PlayingRendition>();
  if (!mediaIds.length) return found;
  const files = await rows<{ media: number; rendition: string | null; url: string; query_name: string | null }>(
    db,
    sql`SELECT DISTINCT ON (f.media) f.media, f.rendition, f.url, q.name AS query_name
        FROM device_schedules s JOIN schedule_bodies b ON b.hash = s.body_hash
        CROSS JOIN LATERAL jsonb_array_elements(b.items::jsonb) AS i(item)
        -- An item's files: its media, or a layout item's zone files and background image (issue 36).
        CROSS JOIN LATERAL (
          SELECT e.file FROM jsonb_array_elements(i.item->'media') AS e(file)
          UNION ALL
          SELECT e.file FROM jsonb_array_elements(COALESCE(i.item->'layout'->'zones', '[]'::jsonb)) AS z(zone)
            CROSS JOIN LATERAL jsonb_array_elements(COALESCE(z.zone->'items', '[]'::jsonb)) AS e(file)
          UNION ALL
          SELECT i.item->'layout'->'background'->'image' WHERE jsonb_typeof(i.item->'layout'->'background'->'image') = 'object'
        ) AS m(file)
        CROSS JOIN LATERAL (SELECT (m.file->>'id')::int AS media, m.file->>'rendition' AS rendition, m.file->>'url' AS url) AS f
        LEFT JOIN directory_queries q ON f.rendition LIKE 'render:%' AND q.id::text = substr(f.rendition, 8)
        WHERE s.device_id = ${deviceId} AND f.media = ANY(${sql.param([...new Set(mediaIds)])}::int[])
        ORDER BY f.media, (i.item->>'event')::int = ${eventId} DESC`,
  );
  for (const file of files) {
    const rendition = file.rendition ?? 'source';
    const media = Number(file.media);
    if (rendition.startsWith('render:')) found.set(media, { kind: 'render', name: file.query_name, size: null });
    else if (rendition === 'fallback') found.set(media, { kind: 'fallback', name: null, size: file.url.slice(file.url.lastIndexOf('/') + 1) });
    else found.set(media, { kind: 'source', name: null, size: null });
  }
  return found;
}

/**
 * Queues for compiling every device that plays a file or a playlist through a published event (ended two days ago at
 * most): the event's own file or playlist, a playlist's committed version holding the file, a zone or the background
 * of its layout's committed version. Used when what decides whether it plays changes without a publish (its validity,
 * issue 42). Answers how many devices were queued; the caller wakes the compilers.
 */
export async function queueDevicesShowing(db: Db, content: { media: number } | { playlist: number }): Promise<number> {
  const playlists =
    'media' in content
      ? sql`SELECT v.playlist_id FROM playlist_versions v JOIN playlists p ON p.id = v.playlist_id AND p.version = v.version
            WHERE v.tracks @> ${JSON.stringify([{ media: content.media }])}::jsonb`
      : sql`SELECT ${content.playlist}::int`;
  const zoneMatches =
    'media' in content
      ? sql`((z->'content'->>'kind') = 'media' AND (z->'content'->>'id')::int = ${content.media})
            OR ((z->'content'->>'kind') = 'playlist' AND (z->'content'->>'id')::int IN (${playlists}))`
      : sql`(z->'content'->>'kind') = 'playlist' AND (z->'content'->>'id')::int = ${content.playlist}`;
  const background = 'media' in content ? sql`OR (v.body->'background'->>'media')::int = ${content.media}` : sql``;
  const own = 'media' in content ? sql`pe.media_id = ${content.media} OR` : sql``;
  const queued = await rows<{ device_id: number }>(
    db,
    sql`INSERT INTO schedule_dirty (device_id)
        SELECT DISTINCT d FROM published_events pe CROSS JOIN LATERAL unnest(pe.devices) AS d
        WHERE pe.end_date >= current_date - 2 AND (${own} pe.playlist_id IN (${playlists}) OR pe.layout_id IN (
          SELECT l.id FROM layouts l JOIN layout_versions v ON v.layout_id = l.id AND v.version = l.version
          WHERE EXISTS (SELECT 1 FROM jsonb_array_elements(v.body->'zones') z WHERE ${zoneMatches}) ${background}))
          AND EXISTS (SELECT 1 FROM devices dv WHERE dv.id = d)
        ${REQUEUE}
        RETURNING device_id`,
  );
  return queued.length;
}
