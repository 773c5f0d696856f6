import { sql, type SQL } from 'drizzle-orm';
import type { Playlist, PlaylistListQuery, Track, TrackDetail, TrackRow } from '../../src/services/schemas/playlists.ts';
import type { UsageRef } from '../../src/services/schemas/media.ts';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';
import { inCompanies } from '../domain/scope.ts';

/* Playlists, their tracks and committed versions (migration 0009_playlists.sql). */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const LINK_BASE = '/api/v1/media';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

interface PlaylistRow {
  id: number;
  name: string;
  screen_position: Playlist['screen_position'];
  duration: number;
  committed: boolean;
  version: number;
  tracks_count: number;
  media: number[] | null;
  company: number | null;
  valid_from: string | null;
  valid_until: string | null;
  created_at: string;
  updated_at: string;
}

function toPlaylist(row: PlaylistRow): Playlist {
  return {
    id: row.id,
    name: row.name,
    screen_position: row.screen_position,
    duration: Number(row.duration),
    committed: row.committed,
    version: row.version,
    tracks_count: row.tracks_count,
    media: row.media ?? [],
    company: row.company,
    valid_from: row.valid_from ?? null,
    valid_until: row.valid_until ?? null,
    details: `${LINK_BASE}/play_list_detail/${row.id}`,
    device_groups: `${LINK_BASE}/play_list_with_tracks/${row.id}/device_groups/`,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const PLAYLIST_COLUMNS = sql`
  p.id, p.name, p.screen_position, p.duration, p.committed, p.version, p.tracks_count, p.company_id AS company,
  (SELECT array_agg(t.media_id ORDER BY t.position) FROM playlist_tracks t WHERE t.playlist_id = p.id) AS media,
  ${isoText(sql`p.valid_from`)} AS valid_from, ${isoText(sql`p.valid_until`)} AS valid_until,
  ${isoText(sql`p.created_at`)} AS created_at, ${isoText(sql`p.updated_at`)} AS updated_at`;

const ORDERINGS: Record<string, SQL> = {
  created: sql`p.created_at ASC, p.id ASC`,
  '-created': sql`p.created_at DESC, p.id DESC`,
  name: sql`p.name ASC, p.id ASC`,
  '-name': sql`p.name DESC, p.id DESC`,
  duration: sql`p.duration ASC, p.id ASC`,
  '-duration': sql`p.duration DESC, p.id DESC`,
};

export interface PlaylistFilter extends PlaylistListQuery {
  /** The caller's scope: only playlists of these companies; absent or null for all. */
  companies?: readonly number[] | null;
  limit: number;
  offset: number;
}

export async function listPlaylists(db: Db, filter: PlaylistFilter): Promise<{ total: number; playlists: Playlist[] }> {
  const conditions: SQL[] = [inCompanies(sql`p.company_id`, filter.companies)];
  const search = filter.search?.trim();
  if (search) conditions.push(sql`p.name ILIKE ${`%${escapeLike(search)}%`}`);
  if (filter.screen_position) conditions.push(sql`p.screen_position = ${filter.screen_position}`);
  if (filter.committed) conditions.push(sql`p.committed = ${filter.committed === 'true'}`);
  const where = sql.join(conditions, sql` AND `);
  const ordering = ORDERINGS[filter.ordering ?? '-created'];
  // The page's ids are picked first, with the total counted in the same scan; the columns (the media ids' aggregate,
  // the dates as text) are then made for those rows only, not for every row an offset skips.
  const page = await rows<PlaylistRow & { total: number }>(
    db,
    sql`WITH picked AS (
          SELECT p.id, count(*) OVER ()::int AS total FROM playlists p WHERE ${where}
          ORDER BY ${ordering} LIMIT ${filter.limit} OFFSET ${filter.offset})
        SELECT ${PLAYLIST_COLUMNS}, picked.total FROM picked JOIN playlists p ON p.id = picked.id ORDER BY ${ordering}`,
  );
  if (page.length) return { total: page[0]!.total, playlists: page.map(toPlaylist) };
  const [{ total }] = (await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM playlists p WHERE ${where}`)) as [{ total: number }];
  return { total, playlists: [] };
}

export async function findPlaylist(db: Db, id: number): Promise<Playlist | undefined> {
  const [row] = await rows<PlaylistRow>(db, sql`SELECT ${PLAYLIST_COLUMNS} FROM playlists p WHERE p.id = ${id}`);
  return row && toPlaylist(row);
}

export async function insertPlaylist(db: Db, values: { name: string; screenPosition: string; companyId?: number | null }): Promise<number> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`INSERT INTO playlists (name, screen_position, company_id) VALUES (${values.name}, ${values.screenPosition}, ${values.companyId ?? null}) RETURNING id`,
  );
  return row!.id;
}

/**
 * Renames or moves a playlist. Answers 'has_tracks' (nothing changed) when the screen position would change while the
 * playlist holds tracks; the check and the change are one statement, so a track added meanwhile cannot slip between.
 */
export async function updatePlaylist(
  db: Db,
  id: number,
  patch: { name?: string; screenPosition?: string; validFrom?: string | null; validUntil?: string | null },
): Promise<'updated' | 'missing' | 'has_tracks'> {
  // Validity (issue 42): undefined leaves a bound as it is, null removes it.
  const bound = (column: 'valid_from' | 'valid_until', value: string | null | undefined) =>
    value === undefined ? sql.raw(column) : sql`${value}::timestamptz`;
  const updated = await rows<{ id: number }>(
    db,
    sql`UPDATE playlists SET
          name = COALESCE(${patch.name ?? null}::text, name),
          screen_position = COALESCE(${patch.screenPosition ?? null}::text, screen_position),
          valid_from = ${bound('valid_from', patch.validFrom)},
          valid_until = ${bound('valid_until', patch.validUntil)},
          updated_at = now()
        WHERE id = ${id} AND (${patch.screenPosition ?? null}::text IS NULL OR screen_position = ${patch.screenPosition ?? null}::text OR tracks_count = 0)
        RETURNING id`,
  );
  if (updated.length) return 'updated';
  return (await findPlaylist(db, id)) ? 'has_tracks' : 'missing';
}

export async function deletePlaylist(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`DELETE FROM playlists WHERE id = ${id} RETURNING id`)).length > 0;
}

const TRACK_COLUMNS = sql`t.id, t.playlist_id AS playlist, t.media_id AS media, t.position, t.duration`;

export async function tracksOf(db: Db, playlistId: number): Promise<Track[]> {
  const found = await rows<Track>(db, sql`SELECT ${TRACK_COLUMNS} FROM playlist_tracks t WHERE t.playlist_id = ${playlistId} ORDER BY t.position`);
  return found.map((t) => ({ ...t, duration: Number(t.duration) }));
}

export async function findTrack(db: Db, id: number): Promise<Track | undefined> {
  const [track] = await rows<Track>(db, sql`SELECT ${TRACK_COLUMNS} FROM playlist_tracks t WHERE t.id = ${id}`);
  return track && { ...track, duration: Number(track.duration) };
}

type TrackDetailRow = Track & Omit<TrackDetail['media_detail'], 'id' | 'preview' | 'duration'> & { media_duration: number | null; has_preview: boolean };

/** The tracks of the given playlists with what the editor shows of their media, in play order. */
export async function trackDetailsOf(db: Db, playlistIds: number[]): Promise<TrackDetail[]> {
  if (!playlistIds.length) return [];
  const found = await rows<TrackDetailRow>(
    db,
    sql`SELECT ${TRACK_COLUMNS}, m.name, m.kind, m.status, m.screen_position, m.duration AS media_duration, m.has_preview
        FROM playlist_tracks t JOIN media_files m ON m.id = t.media_id
        WHERE t.playlist_id = ANY(${sql.raw(`'{${playlistIds.join(',')}}'::int[]`)})
        ORDER BY t.playlist_id, t.position`,
  );
  return found.map((r) => ({
    id: r.id,
    playlist: r.playlist,
    media: r.media,
    position: r.position,
    duration: Number(r.duration),
    media_detail: {
      id: r.media,
      name: r.name,
      kind: r.kind,
      status: r.status,
      screen_position: r.screen_position,
      duration: r.media_duration == null ? null : Number(r.media_duration),
      preview: r.has_preview ? `${LINK_BASE}/files/${r.media}/preview` : null,
    },
  }));
}

/** Recomputes the kept count and duration and marks the playlist as needing a commit. */
const touchPlaylist = (playlistId: number) => sql`
  UPDATE playlists SET
    tracks_count = (SELECT count(*) FROM playlist_tracks WHERE playlist_id = ${playlistId}),
    duration = COALESCE((SELECT sum(duration) FROM playlist_tracks WHERE playlist_id = ${playlistId}), 0),
    committed = false, updated_at = now()
  WHERE id = ${playlistId}`;

/** Appends a track; the playlist row is locked so concurrent appends take distinct positions. */
export async function appendTrack(db: Db, values: { playlistId: number; mediaId: number; duration: number }): Promise<Track | undefined> {
  return db.transaction(async (tx) => {
    const locked = await rows<{ id: number }>(tx as unknown as Db, sql`SELECT id FROM playlists WHERE id = ${values.playlistId} FOR UPDATE`);
    if (!locked.length) return undefined;
    const [track] = await rows<Track>(
      tx as unknown as Db,
      sql`INSERT INTO playlist_tracks AS t (playlist_id, media_id, position, duration)
          VALUES (${values.playlistId}, ${values.mediaId},
                  (SELECT COALESCE(max(position), 0) + 1 FROM playlist_tracks WHERE playlist_id = ${values.playlistId}), ${values.duration})
          RETURNING ${TRACK_COLUMNS}`,
    );
    await tx.execute(touchPlaylist(values.playlistId));
    return { ...track!, duration: Number(track!.duration) };
  });
}

/** Removes a track and closes the gap in the positions behind it, under the playlist's row lock like every position write. */
export async function removeTrack(db: Db, id: number): Promise<Track | undefined> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [owner] = await rows<{ playlist: number }>(t, sql`SELECT playlist_id AS playlist FROM playlist_tracks WHERE id = ${id}`);
    if (!owner) return undefined;
    await tx.execute(sql`SELECT id FROM playlists WHERE id = ${owner.playlist} FOR UPDATE`);
    const [track] = await rows<Track>(t, sql`DELETE FROM playlist_tracks t WHERE t.id = ${id} RETURNING ${TRACK_COLUMNS}`);
    if (!track) return undefined;
    await tx.execute(sql`UPDATE playlist_tracks SET position = position - 1 WHERE playlist_id = ${track.playlist} AND position > ${track.position}`);
    await tx.execute(touchPlaylist(track.playlist));
    return { ...track, duration: Number(track.duration) };
  });
}

export async function setTrackDuration(db: Db, id: number, duration: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [track] = await rows<{ playlist: number }>(
      tx as unknown as Db,
      sql`UPDATE playlist_tracks SET duration = ${duration} WHERE id = ${id} RETURNING playlist_id AS playlist`,
    );
    if (track) await tx.execute(touchPlaylist(track.playlist));
  });
}

/**
 * Applies a complete order in one transaction: `positions` must hold every track id of the playlist exactly once,
 * else nothing changes ('mismatch'). The playlist's row lock orders it with appends and removals.
 */
export async function reorderTracks(db: Db, playlistId: number, positions: number[]): Promise<'reordered' | 'missing' | 'mismatch'> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const locked = await rows<{ tracks_count: number }>(t, sql`SELECT tracks_count FROM playlists WHERE id = ${playlistId} FOR UPDATE`);
    if (!locked.length) return 'missing';
    if (new Set(positions).size !== positions.length || positions.length !== locked[0]!.tracks_count) return 'mismatch';
    if (!positions.length) return 'reordered';
    const ids = sql.raw(`'{${positions.join(',')}}'::int[]`);
    const [owned] = await rows<{ n: number }>(t, sql`SELECT count(*)::int AS n FROM playlist_tracks WHERE playlist_id = ${playlistId} AND id = ANY(${ids})`);
    if (owned!.n !== positions.length) return 'mismatch';
    await tx.execute(
      sql`UPDATE playlist_tracks t SET position = v.ord
          FROM unnest(${ids}) WITH ORDINALITY AS v(id, ord)
          WHERE t.id = v.id AND t.position <> v.ord`,
    );
    await tx.execute(sql`UPDATE playlists SET committed = false, updated_at = now() WHERE id = ${playlistId}`);
    return 'reordered';
  });
}

/**
 * Snapshots the tracks into a new version when they differ from the last committed one; answers whether a version
 * was made and the playlist's version either way. Locked, so two commits at once make one version.
 */
export async function commitPlaylist(db: Db, playlistId: number, userId: number | null): Promise<{ changed: boolean; version: number } | undefined> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [playlist] = await rows<{ version: number; duration: number }>(t, sql`SELECT version, duration FROM playlists WHERE id = ${playlistId} FOR UPDATE`);
    if (!playlist) return undefined;
    const [current] = await rows<{ tracks: string }>(
      t,
      sql`SELECT COALESCE(json_agg(json_build_object('media', media_id, 'duration', duration) ORDER BY position), '[]'::json)::text AS tracks
          FROM playlist_tracks WHERE playlist_id = ${playlistId}`,
    );
    const [same] = await rows<{ same: boolean }>(
      t,
      sql`SELECT tracks = ${current!.tracks}::jsonb AS same FROM playlist_versions WHERE playlist_id = ${playlistId} AND version = ${playlist.version}`,
    );
    if (same?.same) {
      await tx.execute(sql`UPDATE playlists SET committed = true WHERE id = ${playlistId} AND NOT committed`);
      return { changed: false, version: playlist.version };
    }
    const version = playlist.version + 1;
    await tx.execute(
      sql`INSERT INTO playlist_versions (playlist_id, version, tracks, duration, committed_by)
          VALUES (${playlistId}, ${version}, ${current!.tracks}::jsonb, ${playlist.duration}, ${userId})`,
    );
    await tx.execute(sql`UPDATE playlists SET version = ${version}, committed = true, updated_at = now() WHERE id = ${playlistId}`);
    return { changed: true, version };
  });
}

/** A committed version, as a device schedule references it. */
export async function playlistVersion(db: Db, playlistId: number, version: number): Promise<{ tracks: { media: number; duration: number }[]; duration: number } | undefined> {
  const [row] = await rows<{ tracks: string; duration: number }>(
    db,
    sql`SELECT tracks::text AS tracks, duration FROM playlist_versions WHERE playlist_id = ${playlistId} AND version = ${version}`,
  );
  return row && { tracks: JSON.parse(row.tracks), duration: Number(row.duration) };
}

/** Playlists whose tracks or last committed version hold the media file (what an editor or a screen may play). */
export async function playlistsUsingMedia(db: Db, mediaId: number): Promise<UsageRef[]> {
  return rows<UsageRef>(
    db,
    sql`SELECT p.id, p.name FROM playlists p
        WHERE EXISTS (SELECT 1 FROM playlist_tracks t WHERE t.playlist_id = p.id AND t.media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM playlist_versions v WHERE v.playlist_id = p.id AND v.version = p.version
                      AND v.tracks @> ${JSON.stringify([{ media: mediaId }])}::jsonb)
        ORDER BY p.name, p.id`,
  );
}

/** Every track across playlists, searchable by playlist or media name (the /tracks screen). */
export async function listAllTracks(
  db: Db,
  filter: { search?: string; companies?: readonly number[] | null; limit: number; offset: number },
): Promise<{ total: number; tracks: TrackRow[] }> {
  const search = filter.search?.trim();
  const matches = search
    ? sql`(p.name ILIKE ${`%${escapeLike(search)}%`} OR m.name ILIKE ${`%${escapeLike(search)}%`})`
    : sql`true`;
  const where = sql`${matches} AND ${inCompanies(sql`p.company_id`, filter.companies)}`;
  const from = sql`FROM playlist_tracks t JOIN playlists p ON p.id = t.playlist_id JOIN media_files m ON m.id = t.media_id`;
  const [{ total }] = (await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total ${from} WHERE ${where}`)) as [{ total: number }];
  if (filter.offset >= total) return { total, tracks: [] };
  const found = await rows<TrackRow>(
    db,
    sql`SELECT ${TRACK_COLUMNS}, p.name AS playlist_name, m.name AS media_name ${from} WHERE ${where}
        ORDER BY p.name, p.id, t.position LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
  return { total, tracks: found.map((t) => ({ ...t, duration: Number(t.duration) })) };
}
