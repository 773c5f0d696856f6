import { sql, type SQL } from 'drizzle-orm';
import type { Layout, LayoutListQuery, LayoutVersion, Zone, ZoneContent, FileContentDetail } from '../../src/services/schemas/layouts.ts';
import type { UsageRef } from '../../src/services/schemas/media.ts';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';
import { inCompanies } from '../domain/scope.ts';

/* Layouts, their zones (the draft) and committed versions (migration 0042_layouts.sql). Plain SQL, as playlists. */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const LINK_BASE = '/api/v1';

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What a zone is as stored and as a version holds it. */
interface StoredZone {
  id: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  content: ZoneContent | null;
}

/** A committed version's body (layout_versions.body). */
export interface LayoutBody {
  width: number;
  height: number;
  background: { color: string; media: number | null };
  zones: StoredZone[];
}

interface LayoutRow {
  id: number;
  name: string;
  company: number | null;
  screen_position: Layout['screen_position'];
  width: number;
  height: number;
  background_color: string;
  background_media: number | null;
  version: number;
  committed: boolean;
  zones: string;
  created_at: string;
  updated_at: string;
}

const parseJson = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

function toLayout(row: LayoutRow): Layout {
  return {
    id: row.id,
    name: row.name,
    company: row.company,
    screen_position: row.screen_position,
    width: row.width,
    height: row.height,
    background: { color: row.background_color, media: row.background_media },
    zones: parseJson<StoredZone[]>(row.zones),
    version: row.version,
    committed: row.committed,
    details: `${LINK_BASE}/layouts/${row.id}/detail/`,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The zones of layout `l` as the JSON array a layout answers (and a version stores), in the editor's order. */
const ZONES_JSON = sql`COALESCE((
    SELECT json_agg(json_build_object(
      'id', z.id, 'name', z.name, 'x', z.x, 'y', z.y, 'width', z.width, 'height', z.height, 'z', z.z,
      'content', CASE WHEN z.playlist_id IS NOT NULL THEN json_build_object('kind', 'playlist', 'id', z.playlist_id)
                      WHEN z.media_id IS NOT NULL THEN json_build_object('kind', 'media', 'id', z.media_id)
                      WHEN z.widget IS NOT NULL THEN json_build_object('kind', 'widget', 'widget', z.widget -> 'widget', 'settings', z.widget -> 'settings') END)
      ORDER BY z.position)
    FROM layout_zones z WHERE z.layout_id = l.id), '[]'::json)`;

const LAYOUT_COLUMNS = sql`
  l.id, l.name, l.company_id AS company, l.screen_position, l.width, l.height,
  l.background_color, l.background_media_id AS background_media, l.version, l.committed,
  ${ZONES_JSON}::text AS zones,
  ${isoText(sql`l.created_at`)} AS created_at, ${isoText(sql`l.updated_at`)} AS updated_at`;

const ORDERINGS: Record<string, SQL> = {
  created: sql`l.created_at ASC, l.id ASC`,
  '-created': sql`l.created_at DESC, l.id DESC`,
  name: sql`l.name ASC, l.id ASC`,
  '-name': sql`l.name DESC, l.id DESC`,
};

export interface LayoutFilter extends LayoutListQuery {
  /** The caller's scope: only layouts of these companies; absent or null for all. */
  companies?: readonly number[] | null;
  limit: number;
  offset: number;
}

export async function listLayouts(db: Db, filter: LayoutFilter): Promise<{ total: number; layouts: Layout[] }> {
  const conditions: SQL[] = [inCompanies(sql`l.company_id`, filter.companies)];
  const search = filter.search?.trim();
  if (search) conditions.push(sql`l.name ILIKE ${`%${escapeLike(search)}%`}`);
  if (filter.screen_position) conditions.push(sql`l.screen_position = ${filter.screen_position}`);
  if (filter.committed) conditions.push(sql`l.committed = ${filter.committed === 'true'}`);
  const where = sql.join(conditions, sql` AND `);
  const ordering = ORDERINGS[filter.ordering ?? '-created'];
  const page = await rows<LayoutRow & { total: number }>(
    db,
    sql`WITH picked AS (
          SELECT l.id, count(*) OVER ()::int AS total FROM layouts l WHERE ${where}
          ORDER BY ${ordering} LIMIT ${filter.limit} OFFSET ${filter.offset})
        SELECT ${LAYOUT_COLUMNS}, picked.total FROM picked JOIN layouts l ON l.id = picked.id ORDER BY ${ordering}`,
  );
  if (page.length) return { total: page[0]!.total, layouts: page.map(toLayout) };
  const [{ total }] = (await rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM layouts l WHERE ${where}`)) as [{ total: number }];
  return { total, layouts: [] };
}

export async function findLayout(db: Db, id: number): Promise<Layout | undefined> {
  const [row] = await rows<LayoutRow>(db, sql`SELECT ${LAYOUT_COLUMNS} FROM layouts l WHERE l.id = ${id}`);
  return row && toLayout(row);
}

/** A zone as a write sends it: `id` names a zone of the layout to keep; without, a new zone. */
export interface ZoneWrite {
  id?: number;
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  z: number;
  content: ZoneContent | null;
}

export interface LayoutWrite {
  name?: string;
  screenPosition?: string;
  width?: number;
  height?: number;
  background?: { color: string; media: number | null };
  zones?: ZoneWrite[];
}

/** Replaces the zones of a layout (inside its row lock): kept ids updated, the others removed, new ones added. */
async function writeZones(t: Db, layoutId: number, zones: ZoneWrite[]): Promise<void> {
  const kept = zones.flatMap((zone) => (zone.id === undefined ? [] : [zone.id]));
  await t.execute(
    kept.length
      ? sql`DELETE FROM layout_zones WHERE layout_id = ${layoutId} AND NOT (id = ANY(${sql.raw(`'{${kept.join(',')}}'::int[]`)}))`
      : sql`DELETE FROM layout_zones WHERE layout_id = ${layoutId}`,
  );
  for (const [index, zone] of zones.entries()) {
    const playlist = zone.content?.kind === 'playlist' ? zone.content.id : null;
    const media = zone.content?.kind === 'media' ? zone.content.id : null;
    const widget = zone.content?.kind === 'widget' ? JSON.stringify({ widget: zone.content.widget, settings: zone.content.settings }) : null;
    if (zone.id !== undefined) {
      await t.execute(
        sql`UPDATE layout_zones SET name = ${zone.name}, x = ${zone.x}, y = ${zone.y}, width = ${zone.width}, height = ${zone.height},
              z = ${zone.z}, position = ${index + 1}, playlist_id = ${playlist}, media_id = ${media}, widget = ${widget}::jsonb
            WHERE id = ${zone.id} AND layout_id = ${layoutId}`,
      );
    } else {
      await t.execute(
        sql`INSERT INTO layout_zones (layout_id, name, x, y, width, height, z, position, playlist_id, media_id, widget)
            VALUES (${layoutId}, ${zone.name}, ${zone.x}, ${zone.y}, ${zone.width}, ${zone.height}, ${zone.z}, ${index + 1}, ${playlist}, ${media}, ${widget}::jsonb)`,
      );
    }
  }
}

export async function insertLayout(
  db: Db,
  values: Required<Omit<LayoutWrite, 'zones'>> & { zones: ZoneWrite[]; companyId: number | null },
): Promise<number> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await rows<{ id: number }>(
      t,
      sql`INSERT INTO layouts (name, company_id, screen_position, width, height, background_color, background_media_id)
          VALUES (${values.name}, ${values.companyId}, ${values.screenPosition}, ${values.width}, ${values.height},
                  ${values.background.color.toLowerCase()}, ${values.background.media})
          RETURNING id`,
    );
    await writeZones(t, row!.id, values.zones.map((zone) => ({ ...zone, id: undefined })));
    return row!.id;
  });
}

/**
 * Applies an edit under the layout's row lock. 'unknown_zone' (with the index of the first such zone; nothing
 * changed) when a zone names an id that is not one of this layout's zones.
 */
export async function updateLayout(db: Db, id: number, patch: LayoutWrite): Promise<'updated' | 'missing' | { unknownZone: number }> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const locked = await rows<{ id: number }>(t, sql`SELECT id FROM layouts WHERE id = ${id} FOR UPDATE`);
    if (!locked.length) return 'missing';
    if (patch.zones) {
      const own = new Set((await rows<{ id: number }>(t, sql`SELECT id FROM layout_zones WHERE layout_id = ${id}`)).map((z) => Number(z.id)));
      const unknown = patch.zones.findIndex((zone) => zone.id !== undefined && !own.has(zone.id));
      if (unknown >= 0) return { unknownZone: unknown };
      await writeZones(t, id, patch.zones);
    }
    await t.execute(
      sql`UPDATE layouts SET
            name = COALESCE(${patch.name ?? null}::text, name),
            screen_position = COALESCE(${patch.screenPosition ?? null}::text, screen_position),
            width = COALESCE(${patch.width ?? null}::int, width),
            height = COALESCE(${patch.height ?? null}::int, height),
            background_color = COALESCE(${patch.background?.color.toLowerCase() ?? null}::text, background_color),
            background_media_id = CASE WHEN ${patch.background !== undefined} THEN ${patch.background?.media ?? null}::int ELSE background_media_id END,
            committed = false, updated_at = now()
          WHERE id = ${id}`,
    );
    return 'updated';
  });
}

export async function deleteLayout(db: Db, id: number): Promise<boolean> {
  return (await rows(db, sql`DELETE FROM layouts WHERE id = ${id} RETURNING id`)).length > 0;
}

/** Why a commit is refused: zones without content, or zones whose playlist's tracks are not committed. */
export interface CommitRefusal {
  empty: number[];
  uncommitted: { zone: number; id: number; name: string }[];
}

/**
 * Snapshots the draft into a new version when it differs from the last committed one; answers whether a version was
 * made and the layout's version either way, or what stands in the way (nothing changed then). Locked, so two commits
 * at once make one version.
 */
export async function commitLayout(
  db: Db,
  layoutId: number,
  userId: number | null,
): Promise<{ changed: boolean; version: number } | { refused: CommitRefusal } | undefined> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [layout] = await rows<{ version: number }>(t, sql`SELECT version FROM layouts WHERE id = ${layoutId} FOR UPDATE`);
    if (!layout) return undefined;
    const [current] = await rows<{ body: string }>(
      t,
      sql`SELECT json_build_object('width', l.width, 'height', l.height,
                   'background', json_build_object('color', l.background_color, 'media', l.background_media_id),
                   'zones', ${ZONES_JSON})::text AS body
          FROM layouts l WHERE l.id = ${layoutId}`,
    );
    const body = JSON.parse(current!.body) as LayoutBody;
    const playlistIds = body.zones.flatMap((zone) => (zone.content?.kind === 'playlist' ? [zone.content.id] : []));
    const playlists = playlistIds.length
      ? await rows<{ id: number; name: string; ready: boolean }>(
          t,
          sql`SELECT id, name, (committed AND version >= 1) AS ready FROM playlists WHERE id = ANY(${sql.raw(`'{${playlistIds.join(',')}}'::int[]`)})`,
        )
      : [];
    const refusal: CommitRefusal = { empty: [], uncommitted: [] };
    body.zones.forEach((zone, index) => {
      const content = zone.content;
      if (!content) refusal.empty.push(index);
      else if (content.kind === 'playlist') {
        const playlist = playlists.find((p) => Number(p.id) === content.id);
        if (playlist && !playlist.ready) refusal.uncommitted.push({ zone: index, id: Number(playlist.id), name: playlist.name });
      }
    });
    if (refusal.empty.length || refusal.uncommitted.length) return { refused: refusal };
    const [same] = await rows<{ same: boolean }>(
      t,
      sql`SELECT body = ${current!.body}::jsonb AS same FROM layout_versions WHERE layout_id = ${layoutId} AND version = ${layout.version}`,
    );
    if (same?.same) {
      await t.execute(sql`UPDATE layouts SET committed = true WHERE id = ${layoutId} AND NOT committed`);
      return { changed: false, version: layout.version };
    }
    const version = layout.version + 1;
    await t.execute(
      sql`INSERT INTO layout_versions (layout_id, version, body, committed_by) VALUES (${layoutId}, ${version}, ${current!.body}::jsonb, ${userId})`,
    );
    await t.execute(sql`UPDATE layouts SET version = ${version}, committed = true, updated_at = now() WHERE id = ${layoutId}`);
    return { changed: true, version };
  });
}

/** A committed version, as events and device schedules reference it. */
export async function layoutVersion(db: Db, layoutId: number, version: number): Promise<LayoutBody | undefined> {
  const [row] = await rows<{ body: string }>(db, sql`SELECT body::text AS body FROM layout_versions WHERE layout_id = ${layoutId} AND version = ${version}`);
  return row && (JSON.parse(row.body) as LayoutBody);
}

/** The committed versions, newest first. */
export async function listLayoutVersions(db: Db, layoutId: number, limit: number, offset: number): Promise<{ total: number; versions: LayoutVersion[] }> {
  const found = await rows<{ version: number; body: string; committed_by: number | null; committed_at: string; total: number }>(
    db,
    sql`SELECT version, body::text AS body, committed_by, ${isoText(sql`committed_at`)} AS committed_at, count(*) OVER ()::int AS total
        FROM layout_versions WHERE layout_id = ${layoutId} ORDER BY version DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const total = found[0]?.total ?? Number((await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM layout_versions WHERE layout_id = ${layoutId}`))[0]!.n);
  return {
    total,
    versions: found.map((row) => {
      const body = JSON.parse(row.body) as LayoutBody;
      return { version: row.version, committed_at: row.committed_at, committed_by: row.committed_by, ...body, zones: body.zones as Zone[] };
    }),
  };
}

/** Media files and playlists by id with what a zone's content shows of them; the caller keeps the ones it may see. */
export async function contentDetails(
  db: Db,
  wanted: { media: number[]; playlists: number[] },
): Promise<{ media: Map<number, FileContentDetail & { company: number | null }>; playlists: Map<number, FileContentDetail & { company: number | null }> }> {
  const list = (ids: number[]) => sql.raw(`'{${[...new Set(ids)].join(',')}}'::int[]`);
  const media = wanted.media.length
    ? await rows<{ id: number; name: string; kind: 'video' | 'image'; status: FileContentDetail['status']; duration: number | null; has_preview: boolean; company: number | null }>(
        db,
        sql`SELECT id, name, kind, status, duration, has_preview, company_id AS company FROM media_files WHERE id = ANY(${list(wanted.media)})`,
      )
    : [];
  const playlists = wanted.playlists.length
    ? await rows<{ id: number; name: string; duration: number; committed: boolean; tracks_count: number; first_media: number | null; first_preview: boolean | null; company: number | null }>(
        db,
        sql`SELECT p.id, p.name, p.duration, p.committed, p.tracks_count, p.company_id AS company, first.media_id AS first_media, first.has_preview AS first_preview
            FROM playlists p
            LEFT JOIN LATERAL (SELECT t.media_id, m.has_preview FROM playlist_tracks t JOIN media_files m ON m.id = t.media_id
                               WHERE t.playlist_id = p.id ORDER BY t.position LIMIT 1) first ON true
            WHERE p.id = ANY(${list(wanted.playlists)})`,
      )
    : [];
  const preview = (id: number | null, has: boolean | null) => (id != null && has ? `${LINK_BASE}/media/files/${id}/preview` : null);
  return {
    media: new Map(
      media.map((m) => [
        Number(m.id),
        {
          kind: 'media' as const,
          id: Number(m.id),
          name: m.name,
          preview: preview(Number(m.id), m.has_preview),
          duration: m.duration == null ? null : Number(m.duration),
          media_kind: m.kind,
          status: m.status,
          committed: null,
          tracks_count: null,
          company: m.company,
        },
      ]),
    ),
    playlists: new Map(
      playlists.map((p) => [
        Number(p.id),
        {
          kind: 'playlist' as const,
          id: Number(p.id),
          name: p.name,
          preview: preview(p.first_media, p.first_preview),
          duration: Number(p.duration),
          media_kind: null,
          status: null,
          committed: p.committed,
          tracks_count: Number(p.tracks_count),
          company: p.company,
        },
      ]),
    ),
  };
}

/** Layouts whose draft or last committed version holds the media file (as a zone's content or the background). */
export async function layoutsUsingMedia(db: Db, mediaId: number): Promise<UsageRef[]> {
  return rows<UsageRef>(
    db,
    sql`SELECT l.id, l.name FROM layouts l
        WHERE l.background_media_id = ${mediaId}
           OR EXISTS (SELECT 1 FROM layout_zones z WHERE z.layout_id = l.id AND z.media_id = ${mediaId})
           OR EXISTS (SELECT 1 FROM layout_versions v WHERE v.layout_id = l.id AND v.version = l.version
                      AND (v.body @> ${JSON.stringify({ zones: [{ content: { kind: 'media', id: mediaId } }] })}::jsonb
                           OR v.body @> ${JSON.stringify({ background: { media: mediaId } })}::jsonb))
        ORDER BY l.name, l.id`,
  );
}

/** Layouts whose draft or last committed version plays the playlist in a zone. */
export async function layoutsUsingPlaylist(db: Db, playlistId: number): Promise<UsageRef[]> {
  return rows<UsageRef>(
    db,
    sql`SELECT l.id, l.name FROM layouts l
        WHERE EXISTS (SELECT 1 FROM layout_zones z WHERE z.layout_id = l.id AND z.playlist_id = ${playlistId})
           OR EXISTS (SELECT 1 FROM layout_versions v WHERE v.layout_id = l.id AND v.version = l.version
                      AND v.body @> ${JSON.stringify({ zones: [{ content: { kind: 'playlist', id: playlistId } }] })}::jsonb)
        ORDER BY l.name, l.id`,
  );
}

/** The last committed version of each layout (layouts never committed are left out), as compiles read them. */
export async function committedLayouts(db: Db, ids: readonly number[]): Promise<Map<number, { version: number; body: LayoutBody }>> {
  if (!ids.length) return new Map();
  const found = await rows<{ id: number; version: number; body: string }>(
    db,
    sql`SELECT l.id, l.version, v.body::text AS body FROM layouts l JOIN layout_versions v ON v.layout_id = l.id AND v.version = l.version
        WHERE l.id = ANY(${sql.raw(`'{${[...new Set(ids)].join(',')}}'::int[]`)})`,
  );
  return new Map(found.map((row) => [Number(row.id), { version: Number(row.version), body: JSON.parse(row.body) as LayoutBody }]));
}
