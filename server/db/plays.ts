import { sql, type SQL } from 'drizzle-orm';
import type { CompareKind, PlayOutcome, PlayRefusal } from '../../src/services/schemas/statistics.ts';
import type { Db } from './index.ts';
import { likePattern } from '../domain/devices.ts';
import { inCompanies } from '../domain/scope.ts';
import { PLAYING_HOLD_MINUTES } from './playback.ts';

/* Plays and their hourly roll-ups (migration 0018_plays.sql). */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

/** Companies whose devices' plays a caller sees; null for every company (the administrator). */
export type CompanyScope = readonly number[] | null;

/** "The device belongs to a company of the scope" on a device id column; nothing for the administrator. */
function inScope(companies: CompanyScope, column: string): SQL {
  if (companies === null) return sql``;
  return sql`AND ${sql.raw(column)} IN (SELECT d.id FROM devices d JOIN offices o ON o.id = d.office_id WHERE o.company_id = ANY(${`{${companies.join(',')}}`}::int[]))`;
}

/** A play as the ingest statement takes it (already checked for shape and time by the domain). */
export interface PlayInput {
  id: string;
  event: number;
  media: number;
  playlist: number | null;
  /** The zone of a layout event the file played in (issue 36); null outside layouts. */
  zone: number | null;
  started_at: string;
  /** Seconds really on screen. */
  duration: number;
  outcome: PlayOutcome;
}

/** A widget zone's showing (issue 38), checked for shape and time. */
export interface WidgetPlayInput {
  id: string;
  event: number;
  zone: number;
  widget: string;
  started_at: string;
  duration: number;
  outcome: PlayOutcome;
}

export interface StoreOutcome {
  accepted: number;
  refused: { id: string; reason: PlayRefusal }[];
}

/** A PostgreSQL array literal of numbers, or of texts quoted (ids and ISO instants; quotes and backslashes escaped). */
const numberArray = (values: readonly (number | null)[]) => `{${values.map((value) => (value === null ? 'NULL' : String(value))).join(',')}}`;
const textArray = (values: readonly string[]) => `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;

/** One device's plays, as one request sent them. */
export interface DevicePlays {
  device: number;
  plays: PlayInput[];
}

/** A device's plays stored alone (see storePlaysOfDevices). */
export async function storePlays(db: Db, device: number, plays: PlayInput[]): Promise<StoreOutcome> {
  return (await storePlaysOfDevices(db, [{ device, plays }]))[0]!;
}

/**
 * Stores the plays of several devices (each request's batch; a device at most once) and adds them to the hourly
 * roll-ups, in one statement: a play whose (device, id) is already stored is skipped (ON CONFLICT DO NOTHING) and adds
 * nothing to the roll-ups, so a re-sent batch changes nothing. Answers each batch's outcome, in order.
 * A play is refused when its event or media does not exist, or when the device was not scheduled to play that media:
 * the published copy of the event (published_events, what the compiled schedules are made of, migration 0013b) must
 * name the device and show the media, itself or in a committed version of its playlist. A play of an event published
 * once and deleted since still counts (its published copy stays until the next publish).
 *
 * The hot path of ingest (issue 17: 20,000 plays/s on PGlite). The batches of the requests that arrive together are
 * stored by one statement (issue 35.20: 1,000 players sending their plays each minute cost one statement each, about a
 * quarter of PGlite's time). They name few distinct (device, event, media, zone) combinations, so the checks above run
 * once per combination, not once per play (they cost as much as the insert itself when run per row); the plays travel
 * as arrays (unnest) with the index of their combination, and the roll-ups are summed from the rows the insert returns
 * inside the statement, so duplicates add nothing and nothing per row comes back to JavaScript. The roll-ups are
 * play_hours (per hour, campaign, device, media and event) and the narrower play_hours_device and play_hours_media the
 * statistics screens read (migration 0019). A failed play adds its seconds on screen and one to `failed`, never to
 * `plays` (migration 0039): statistics, compare and unloads count only what was shown. A ready file shown (a completed
 * or partial play) within PLAYING_HOLD_MINUTES turns "playing" (issue 35.5), as a heartbeat naming it does.
 */
export async function storePlaysOfDevices(db: Db, batches: readonly DevicePlays[]): Promise<StoreOutcome[]> {
  const all = batches.flatMap((batch) => batch.plays.map((play) => ({ device: batch.device, play })));
  if (all.length === 0) return batches.map(() => ({ accepted: 0, refused: [] }));
  const pairIndex = new Map<string, number>();
  const pairDevices: number[] = [];
  const pairEvents: number[] = [];
  const pairMedia: number[] = [];
  const pairZones: (number | null)[] = [];
  const pairOf = all.map(({ device, play }) => {
    const key = `${device}:${play.event}:${play.media}:${play.zone ?? ''}`;
    let index = pairIndex.get(key);
    if (index === undefined) {
      index = pairEvents.length;
      pairIndex.set(key, index);
      pairDevices.push(device);
      pairEvents.push(play.event);
      pairMedia.push(play.media);
      pairZones.push(play.zone);
    }
    return index + 1;
  });
  const plays = all.map(({ play }) => play);
  const [row] = await rows<{ accepted: { device: number; n: number }[] | null; refusals: { pair: number; reason: PlayRefusal }[] | null }>(
    db,
    sql`WITH pairs AS (
          SELECT * FROM unnest(${numberArray(pairDevices)}::int[], ${numberArray(pairEvents)}::int[], ${numberArray(pairMedia)}::int[], ${numberArray(pairZones)}::int[])
            WITH ORDINALITY AS x(device, event, media, zone, pair)
        ),
        checked AS (
          SELECT p.pair, p.device, COALESCE(pe.campaign_id, e.campaign_id) AS campaign_id,
            CASE WHEN pe.id IS NULL AND e.id IS NULL THEN 'unknown_event'
                 WHEN m.id IS NULL THEN 'unknown_media'
                 WHEN pe.id IS NULL OR NOT (p.device = ANY(pe.devices)) THEN 'not_scheduled'
                 -- A layout event's play names a zone of one of the layout's versions that shows the file, itself or
                 -- in a committed version of its playlist (issue 36); a zone is named only for a layout event.
                 WHEN pe.layout_id IS NOT NULL THEN CASE WHEN p.zone IS NULL OR NOT EXISTS (
                   SELECT 1 FROM layout_versions lv CROSS JOIN LATERAL jsonb_array_elements(lv.body->'zones') z
                   WHERE lv.layout_id = pe.layout_id AND (z->>'id')::int = p.zone
                     AND (z->'content' = jsonb_build_object('kind', 'media', 'id', p.media)
                          OR (z->'content'->>'kind' = 'playlist' AND EXISTS (
                            SELECT 1 FROM playlist_versions pv WHERE pv.playlist_id = (z->'content'->>'id')::int
                              AND pv.tracks @> jsonb_build_array(jsonb_build_object('media', p.media)))))
                 ) THEN 'not_scheduled' END
                 WHEN p.zone IS NOT NULL THEN 'not_scheduled'
                 WHEN pe.media_id IS DISTINCT FROM p.media AND NOT EXISTS (
                   SELECT 1 FROM playlist_versions pv
                   WHERE pv.playlist_id = pe.playlist_id AND pv.tracks @> jsonb_build_array(jsonb_build_object('media', p.media))
                 ) THEN 'not_scheduled'
            END AS refusal
          FROM pairs p
          LEFT JOIN published_events pe ON pe.id = p.event
          LEFT JOIN events e ON e.id = p.event
          LEFT JOIN media_files m ON m.id = p.media
        ),
        stored AS (
          INSERT INTO plays (device_id, play_id, started_at, duration, event_id, campaign_id, media_id, playlist_id, zone_id, outcome)
          SELECT c.device, i.id, i.started_at, i.duration, i.event, c.campaign_id, i.media, i.playlist, p.zone, i.outcome
          FROM unnest(${textArray(plays.map((play) => play.id))}::text[], ${textArray(plays.map((play) => play.started_at))}::timestamptz[],
                      ${numberArray(plays.map((play) => play.duration))}::float8[], ${numberArray(plays.map((play) => play.event))}::int[],
                      ${numberArray(plays.map((play) => play.media))}::int[], ${numberArray(plays.map((play) => play.playlist))}::int[],
                      ${numberArray(pairOf)}::int[], ${textArray(plays.map((play) => play.outcome))}::text[]) AS i(id, started_at, duration, event, media, playlist, pair, outcome)
          JOIN checked c ON c.pair = i.pair AND c.refusal IS NULL
          JOIN pairs p ON p.pair = i.pair
          ON CONFLICT DO NOTHING
          RETURNING device_id, started_at, duration, event_id, campaign_id, media_id, outcome = 'failed' AS failed
        ),
        rolled AS (
          INSERT INTO play_hours AS h (campaign_id, hour, device_id, media_id, event_id, plays, seconds, failed)
          SELECT campaign_id, date_trunc('hour', started_at, 'UTC'), device_id, media_id, event_id, count(*) FILTER (WHERE NOT failed), sum(duration), count(*) FILTER (WHERE failed)
          FROM stored GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
          ON CONFLICT (campaign_id, hour, device_id, media_id, event_id)
          DO UPDATE SET plays = h.plays + excluded.plays, seconds = h.seconds + excluded.seconds, failed = h.failed + excluded.failed
        ),
        by_device AS (
          INSERT INTO play_hours_device AS h (campaign_id, hour, device_id, plays, seconds, failed)
          SELECT campaign_id, date_trunc('hour', started_at, 'UTC'), device_id, count(*) FILTER (WHERE NOT failed), sum(duration), count(*) FILTER (WHERE failed)
          FROM stored GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (campaign_id, hour, device_id)
          DO UPDATE SET plays = h.plays + excluded.plays, seconds = h.seconds + excluded.seconds, failed = h.failed + excluded.failed
        ),
        by_media AS (
          INSERT INTO play_hours_media AS h (campaign_id, hour, media_id, plays, seconds, failed)
          SELECT campaign_id, date_trunc('hour', started_at, 'UTC'), media_id, count(*) FILTER (WHERE NOT failed), sum(duration), count(*) FILTER (WHERE failed)
          FROM stored GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
          ON CONFLICT (campaign_id, hour, media_id)
          DO UPDATE SET plays = h.plays + excluded.plays, seconds = h.seconds + excluded.seconds, failed = h.failed + excluded.failed
        ),
        shown AS (
          UPDATE media_files SET status = 'playing'
          WHERE status = 'ready_to_play' AND id IN (
            SELECT media_id FROM stored WHERE NOT failed AND started_at > now() - make_interval(mins => ${PLAYING_HOLD_MINUTES}))
        )
        SELECT (SELECT json_agg(json_build_object('device', device_id, 'n', n)) FROM (SELECT device_id, count(*)::int AS n FROM stored GROUP BY device_id) a) AS accepted,
          (SELECT json_agg(json_build_object('pair', pair, 'reason', refusal)) FROM checked WHERE refusal IS NOT NULL) AS refusals`,
  );
  const acceptedBy = new Map((row?.accepted ?? []).map((entry) => [Number(entry.device), Number(entry.n)]));
  const refusedPairs = new Map((row?.refusals ?? []).map((refusal) => [Number(refusal.pair), refusal.reason]));
  let index = 0;
  return batches.map((batch) => {
    const refused: StoreOutcome['refused'] = [];
    for (const play of batch.plays) {
      const reason = refusedPairs.size ? refusedPairs.get(pairOf[index]!) : undefined;
      if (reason) refused.push({ id: play.id, reason });
      index += 1;
    }
    return { accepted: acceptedBy.get(batch.device) ?? 0, refused };
  });
}

/** The instant `date` starts in `zone`, and the end `hours` later, as SQL expressions. */
function window(date: string, zone: string, hours: number) {
  const start = sql`(${date}::date::timestamp AT TIME ZONE ${zone})`;
  return { start, end: sql`(${start} + make_interval(hours => ${hours}))` };
}

export interface Totals {
  plays: number;
  seconds: number;
}

export interface CampaignStatistics {
  hours: ({ hour: string } & Totals)[];
  devices: ({ device: number; name: string } & Totals)[];
  media: ({ media: number; name: string } & Totals)[];
}

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/**
 * A campaign's plays by hour, by device and by media: hours and devices from play_hours_device (GROUPING SETS), media
 * from play_hours_media, or from play_hours for a caller limited to some companies (only it names the device).
 */
export async function campaignStatistics(
  db: Db,
  campaign: number,
  date: string,
  zone: string,
  hours: number,
  companies: CompanyScope = null,
  layout?: number,
): Promise<CampaignStatistics> {
  const { start, end } = window(date, zone, hours);
  // Filtered by layout (issue 36), both parts read the roll-up that names the event.
  const deviceSource = layout ? sql`play_hours` : sql`play_hours_device`;
  const mediaSource = companies === null && !layout ? sql`play_hours_media` : sql`play_hours`;
  const ofLayout = layout ? sql`AND ${layoutEvents(layout, 'event_id')}` : sql``;
  const found = await rows<{ hour: string | null; device: number | null; media: number | null; name: string | null; plays: number; seconds: number }>(
    db,
    sql`WITH sums AS (
          SELECT hour, device_id, NULL::int AS media_id, sum(plays)::int AS plays, sum(seconds)::float8 AS seconds, grouping(hour) AS gh
          FROM ${deviceSource}
          WHERE campaign_id = ${campaign} AND hour >= ${start} AND hour < ${end} ${inScope(companies, 'device_id')} ${ofLayout}
          GROUP BY GROUPING SETS ((hour), (device_id))
          UNION ALL
          SELECT NULL, NULL, media_id, sum(plays)::int, sum(seconds)::float8, 1
          FROM ${mediaSource}
          WHERE campaign_id = ${campaign} AND hour >= ${start} AND hour < ${end} ${inScope(companies, 'device_id')} ${ofLayout}
          GROUP BY media_id
        )
        SELECT CASE WHEN s.gh = 0 THEN ${iso(sql`s.hour`)} END AS hour, s.device_id AS device, s.media_id AS media,
          COALESCE(d.name, m.name) AS name, s.plays, s.seconds
        FROM sums s
        LEFT JOIN devices d ON s.device_id IS NOT NULL AND d.id = s.device_id
        LEFT JOIN media_files m ON s.media_id IS NOT NULL AND m.id = s.media_id
        ORDER BY s.hour NULLS LAST, s.plays DESC, s.device_id, s.media_id`,
  );
  const result: CampaignStatistics = { hours: [], devices: [], media: [] };
  for (const row of found) {
    const totals = { plays: Number(row.plays), seconds: Number(row.seconds) };
    if (row.hour) result.hours.push({ hour: row.hour, ...totals });
    else if (row.device != null) result.devices.push({ device: Number(row.device), name: row.name ?? `#${row.device}`, ...totals });
    else if (row.media != null) result.media.push({ media: Number(row.media), name: row.name ?? `#${row.media}`, ...totals });
  }
  return result;
}

/** The hours of the window as ISO instants (UTC), so an answer can show hours without plays. */
export async function windowHours(db: Db, date: string, zone: string, hours: number): Promise<string[]> {
  const { start } = window(date, zone, hours);
  const [row] = await rows<{ start: string }>(db, sql`SELECT ${iso(start)} AS start`);
  const first = Date.parse(row!.start);
  return Array.from({ length: hours }, (_, index) => new Date(first + index * 3_600_000).toISOString().replace('.000Z', 'Z'));
}

const ENTITY_COLUMN: Record<CompareKind, string> = { campaign: 'campaign_id', device: 'device_id', media: 'media_id' };

/** The roll-up an entity's series is summed from: per device for campaigns and devices, per media for media (or play_hours in a company scope). */
const seriesSource = (kind: CompareKind, companies: CompanyScope) => (kind !== 'media' ? 'play_hours_device' : companies === null ? 'play_hours_media' : 'play_hours');

/** Hourly series of several campaigns, devices or media over one window: one statement, one index range each. */
export async function entitySeries(
  db: Db,
  entities: { kind: CompareKind; id: number }[],
  date: string,
  zone: string,
  hours: number,
  companies: CompanyScope = null,
): Promise<Map<string, ({ hour: string } & Totals)[]>> {
  const { start, end } = window(date, zone, hours);
  const parts = entities.map(
    ({ kind, id }, index) =>
      sql`SELECT ${index}::int AS entity, hour, sum(plays)::int AS plays, sum(seconds)::float8 AS seconds FROM ${sql.raw(seriesSource(kind, companies))}
          WHERE ${sql.raw(ENTITY_COLUMN[kind])} = ${id} AND hour >= ${start} AND hour < ${end} ${inScope(companies, 'device_id')} GROUP BY hour`,
  );
  const found = await rows<{ entity: number; hour: string; plays: number; seconds: number }>(
    db,
    sql`SELECT entity, ${iso(sql`hour`)} AS hour, plays, seconds FROM (${sql.join(parts, sql` UNION ALL `)}) s ORDER BY entity, s.hour`,
  );
  const series = new Map<string, ({ hour: string } & Totals)[]>();
  for (const row of found) {
    const { kind, id } = entities[Number(row.entity)]!;
    const key = `${kind}:${id}`;
    const list = series.get(key) ?? [];
    list.push({ hour: row.hour, plays: Number(row.plays), seconds: Number(row.seconds) });
    series.set(key, list);
  }
  return series;
}

/** A device's owning company (its office's), null without one, undefined when the device does not exist. */
/** An entity's name and owning company (a device's is its office's; null: no company, seen by the administrator alone). */
export interface EntityOwner {
  name: string;
  company: number | null;
}

/** Names and owning companies of campaigns, devices and media; an id absent from the answer does not exist. */
export async function entityNames(db: Db, entities: { kind: CompareKind; id: number }[]): Promise<Map<string, EntityOwner>> {
  const ids = (kind: CompareKind) => `{${entities.filter((entity) => entity.kind === kind).map((entity) => entity.id).join(',')}}`;
  const found = await rows<{ kind: CompareKind; id: number; name: string; company: number | null }>(
    db,
    sql`SELECT 'campaign' AS kind, id, name, company_id AS company FROM campaigns WHERE id = ANY(${ids('campaign')}::int[])
        UNION ALL SELECT 'device', d.id, CASE WHEN d.name = '' THEN d.sn ELSE d.name END, o.company_id
          FROM devices d LEFT JOIN offices o ON o.id = d.office_id WHERE d.id = ANY(${ids('device')}::int[])
        UNION ALL SELECT 'media', id, name, company_id FROM media_files WHERE id = ANY(${ids('media')}::int[])`,
  );
  return new Map(found.map((row) => [`${row.kind}:${row.id}`, { name: row.name, company: row.company == null ? null : Number(row.company) }]));
}

/**
 * The first `limit` campaigns, devices or media of `companies` (null: every one) whose text holds `search`, in their
 * list's order (campaigns and media newest first, devices by position group then id); a device without a name by its
 * serial. The search reads what each list searches: a campaign's name; a device's search text (name, serial, MAC, IP,
 * description); a media file's name, description and original file name.
 */
export async function searchEntities(
  db: Db,
  kind: CompareKind,
  search: string,
  companies: CompanyScope,
  limit: number,
): Promise<{ kind: CompareKind; id: number; name: string }[]> {
  const term = search.trim();
  const like = likePattern(term);
  const owned = (column: SQL) => inCompanies(column, companies);
  const query =
    kind === 'campaign'
      ? sql`SELECT id, name FROM campaigns WHERE ${owned(sql`company_id`)} ${term ? sql`AND lower(name) LIKE lower(${like})` : sql``} ORDER BY id DESC LIMIT ${limit}`
      : kind === 'device'
        ? sql`SELECT id, CASE WHEN name = '' THEN sn ELSE name END AS name FROM devices
              WHERE ${companies === null ? sql`true` : sql`office_id IN (SELECT id FROM offices WHERE ${owned(sql`company_id`)})`}
              ${term ? sql`AND search_text LIKE lower(${like})` : sql``} ORDER BY position_rank, id LIMIT ${limit}`
        : sql`SELECT id, name FROM media_files WHERE ${owned(sql`company_id`)}
              ${term ? sql`AND (name ILIKE ${like} OR description ILIKE ${like} OR original_name ILIKE ${like})` : sql``}
              ORDER BY uploaded_at DESC, id DESC LIMIT ${limit}`;
  const found = await rows<{ id: number; name: string }>(db, query);
  return found.map((row) => ({ kind, id: Number(row.id), name: row.name }));
}

export interface LivePlays {
  minutes: { minute: string; plays: number }[];
  total: Totals;
  recent: { device: number; device_name: string; media: number; media_name: string; campaign: number; campaign_name: string; started_at: string; duration: number }[];
}

/** Plays that started since `since`, by minute, and the latest 20 of them (the raw table's time index); a failed play is no play, only its seconds on screen count. */
export async function livePlays(db: Db, since: Date, companies: CompanyScope = null): Promise<LivePlays> {
  const sinceText = since.toISOString();
  // One pass over the window's plays, grouped by minute as whole minutes of the epoch (issue 35.20: a CTE read three
  // times and a time-zone date_trunc of each row cost 170-380 ms on PGlite for 18,000 plays, polled by every open
  // statistics page); the totals are the minutes' sums.
  const byMinute = await rows<{ minute: number; plays: number; seconds: number }>(
    db,
    sql`SELECT floor(extract(epoch FROM started_at) / 60)::float8 AS minute, count(*) FILTER (WHERE outcome <> 'failed')::int AS plays, COALESCE(sum(duration), 0)::float8 AS seconds
        FROM plays WHERE started_at >= ${sinceText}::timestamptz AND started_at <= now() ${inScope(companies, 'device_id')}
        GROUP BY 1`,
  );
  const minutes = byMinute
    .filter((row) => Number(row.plays) > 0)
    .sort((x, y) => Number(x.minute) - Number(y.minute))
    .map((row) => ({ minute: new Date(Number(row.minute) * 60_000).toISOString().replace('.000Z', 'Z'), plays: Number(row.plays) }));
  // The newest 20 shown plays: the 20th newest start read backwards on the time index first, then only the plays from
  // it on are joined and ordered (ordering every play of the window by start, device and id cost a sort of all of them).
  const shown = sql`p.started_at >= ${sinceText}::timestamptz AND p.started_at <= now() AND p.outcome <> 'failed' ${inScope(companies, 'p.device_id')}`;
  const recent = await rows<LivePlays['recent'][number]>(
    db,
    sql`SELECT p.device_id AS device, COALESCE(NULLIF(d.name, ''), d.sn, '#' || p.device_id) AS device_name,
          p.media_id AS media, COALESCE(m.name, '#' || p.media_id) AS media_name,
          p.campaign_id AS campaign, COALESCE(c.name, '#' || p.campaign_id) AS campaign_name,
          ${iso(sql`p.started_at`)} AS started_at, p.duration
        FROM plays p
        LEFT JOIN devices d ON d.id = p.device_id
        LEFT JOIN media_files m ON m.id = p.media_id
        LEFT JOIN campaigns c ON c.id = p.campaign_id
        WHERE ${shown}
          AND p.started_at >= COALESCE((SELECT p.started_at FROM plays p WHERE ${shown} ORDER BY p.started_at DESC LIMIT 1 OFFSET 19), ${sinceText}::timestamptz)
        ORDER BY p.started_at DESC, p.device_id, p.play_id LIMIT 20`,
  );
  return {
    minutes,
    total: { plays: byMinute.reduce((sum, row) => sum + Number(row.plays), 0), seconds: byMinute.reduce((sum, row) => sum + Number(row.seconds), 0) },
    recent: recent.map((row) => ({ ...row, device: Number(row.device), media: Number(row.media), campaign: Number(row.campaign), duration: Number(row.duration) })),
  };
}

/** Filters of an unload: the campaign, device or media it is limited to. */
/** "The event plays the layout" on an event id column: its published copy or the event as edited (issue 36). */
function layoutEvents(layout: number, column: string): SQL {
  return sql`${sql.raw(column)} IN (SELECT id FROM published_events WHERE layout_id = ${layout} UNION SELECT id FROM events WHERE layout_id = ${layout})`;
}

export interface UnloadFilter {
  campaign?: number;
  device?: number;
  media?: number;
  /** Plays of events that show this layout (issue 36). */
  layout?: number;
  /** The caller's companies (null: every company). */
  companies?: CompanyScope;
}

const filterSql = (filter: UnloadFilter, alias: string) =>
  sql.join(
    [
      filter.campaign ? sql`AND ${sql.raw(alias)}.campaign_id = ${filter.campaign}` : sql``,
      filter.device ? sql`AND ${sql.raw(alias)}.device_id = ${filter.device}` : sql``,
      filter.media ? sql`AND ${sql.raw(alias)}.media_id = ${filter.media}` : sql``,
      filter.layout ? sql`AND ${layoutEvents(filter.layout, `${alias}.event_id`)}` : sql``,
      inScope(filter.companies ?? null, `${alias}.device_id`),
    ],
    sql` `,
  );

export interface RawPlayRow {
  started_at: string;
  sn: string;
  device_name: string;
  campaign_name: string;
  event_title: string;
  media_name: string;
  duration: number;
  outcome: PlayOutcome;
  play_id: string;
  device_id: number;
}

export interface HourRowOut {
  hour: string;
  campaign_name: string;
  sn: string;
  device_name: string;
  media_name: string;
  event_title: string;
  plays: number;
  seconds: number;
  failed: number;
}

/**
 * Raw plays from `from` to `to` (half-open), page by page in (started_at, device, id) order: each page continues after
 * the last row of the one before (keyset), so memory stays one page whatever the period holds. 1,000 rows a page:
 * pages outlive young-generation collections while they are deflated, so larger pages raise the server's JS heap peak.
 * Over a 1,000,000-row unload of 10M stored plays (quiet machine): 2,000 rows a page peaked at +131 MB of heap and
 * +127 MB RSS cold at 34,450 rows/s; 1,000 rows a page +65 MB heap and +55 MB RSS cold at 32,400 rows/s.
 */
export async function* rawPlayPages(db: Db, from: string, to: string, filter: UnloadFilter, pageSize = 1000): AsyncGenerator<RawPlayRow[]> {
  let after: { started_at: string; device_id: number; play_id: string } | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`AND (p.started_at, p.device_id, p.play_id) > (${after.started_at}::timestamptz, ${after.device_id}, ${after.play_id})`
      : sql``;
    const page = await rows<RawPlayRow & { started_key: string }>(
      db,
      sql`SELECT to_char(p.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS started_at, to_char(p.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS started_key,
            COALESCE(d.sn, '') AS sn, COALESCE(NULLIF(d.name, ''), d.sn, '#' || p.device_id) AS device_name,
            COALESCE(c.name, '#' || p.campaign_id) AS campaign_name, COALESCE(e.title, '#' || p.event_id) AS event_title,
            COALESCE(m.name, '#' || p.media_id) AS media_name, p.duration, p.outcome, p.play_id, p.device_id
          FROM (SELECT * FROM plays p WHERE p.started_at >= ${from}::timestamptz AND p.started_at < ${to}::timestamptz ${filterSql(filter, 'p')} ${cursor}
                ORDER BY p.started_at, p.device_id, p.play_id LIMIT ${pageSize}) p
          LEFT JOIN devices d ON d.id = p.device_id
          LEFT JOIN campaigns c ON c.id = p.campaign_id
          LEFT JOIN events e ON e.id = p.event_id
          LEFT JOIN media_files m ON m.id = p.media_id
          ORDER BY p.started_at, p.device_id, p.play_id`,
    );
    if (page.length === 0) return;
    const last = page.at(-1)!;
    after = { started_at: last.started_key, device_id: Number(last.device_id), play_id: last.play_id };
    yield page;
    if (page.length < pageSize) return;
  }
}

/** Hourly roll-up rows from `from` to `to`, page by page in (hour, campaign, device, media, event) order (keyset). */
export async function* hourPages(db: Db, from: string, to: string, filter: UnloadFilter, pageSize = 1000): AsyncGenerator<HourRowOut[]> {
  let after: { hour: string; campaign_id: number; device_id: number; media_id: number; event_id: number } | null = null;
  for (;;) {
    const cursor: SQL = after
      ? sql`AND (h.hour, h.campaign_id, h.device_id, h.media_id, h.event_id) > (${after.hour}::timestamptz, ${after.campaign_id}, ${after.device_id}, ${after.media_id}, ${after.event_id})`
      : sql``;
    const page = await rows<HourRowOut & { campaign_id: number; device_id: number; media_id: number; event_id: number }>(
      db,
      sql`SELECT ${iso(sql`h.hour`)} AS hour, h.campaign_id, h.device_id, h.media_id, h.event_id,
            COALESCE(c.name, '#' || h.campaign_id) AS campaign_name, COALESCE(d.sn, '') AS sn,
            COALESCE(NULLIF(d.name, ''), d.sn, '#' || h.device_id) AS device_name,
            COALESCE(m.name, '#' || h.media_id) AS media_name, COALESCE(e.title, '#' || h.event_id) AS event_title, h.plays, h.seconds, h.failed
          FROM (SELECT * FROM play_hours h WHERE h.hour >= ${from}::timestamptz AND h.hour < ${to}::timestamptz ${filterSql(filter, 'h')} ${cursor}
                ORDER BY h.hour, h.campaign_id, h.device_id, h.media_id, h.event_id LIMIT ${pageSize}) h
          LEFT JOIN devices d ON d.id = h.device_id
          LEFT JOIN campaigns c ON c.id = h.campaign_id
          LEFT JOIN events e ON e.id = h.event_id
          LEFT JOIN media_files m ON m.id = h.media_id
          ORDER BY h.hour, h.campaign_id, h.device_id, h.media_id, h.event_id`,
    );
    if (page.length === 0) return;
    const last = page.at(-1)!;
    after = { hour: last.hour, campaign_id: Number(last.campaign_id), device_id: Number(last.device_id), media_id: Number(last.media_id), event_id: Number(last.event_id) };
    yield page;
    if (page.length < pageSize) return;
  }
}

/** The instant a calendar date starts in `zone` (ISO, UTC). */
export async function dayStart(db: Db, date: string, zone: string): Promise<string> {
  const [row] = await rows<{ start: string }>(db, sql`SELECT to_char((${date}::date::timestamp AT TIME ZONE ${zone}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS start`);
  return row!.start;
}

export interface DevicePlaysByDay {
  sn: string;
  name: string;
  office: string | null;
  day: string;
  plays: number;
  minutes: number;
}

/** Plays and played minutes of a campaign per device and day (days in `zone`), for the campaign report. */
export async function campaignPlaysByDay(db: Db, campaign: number, from: string, to: string, zone: string, companies: CompanyScope = null): Promise<DevicePlaysByDay[]> {
  const found = await rows<{ sn: string | null; name: string | null; office: string | null; device_id: number; day: string; plays: number; seconds: number }>(
    db,
    sql`SELECT s.device_id, d.sn, d.name, o.name AS office, s.day, s.plays, s.seconds
        FROM (SELECT device_id, to_char(hour AT TIME ZONE ${zone}, 'YYYY-MM-DD') AS day, sum(plays)::int AS plays, sum(seconds)::float8 AS seconds
              FROM play_hours_device
              WHERE campaign_id = ${campaign} AND hour >= (${from}::date::timestamp AT TIME ZONE ${zone})
                AND hour < ((${to}::date + 1)::timestamp AT TIME ZONE ${zone}) ${inScope(companies, 'device_id')}
              GROUP BY 1, 2) s
        LEFT JOIN devices d ON d.id = s.device_id
        LEFT JOIN offices o ON o.id = d.office_id
        ORDER BY d.sn, s.day`,
  );
  return found.map((row) => ({
    sn: row.sn ?? `#${row.device_id}`,
    name: row.name ?? '',
    office: row.office,
    day: row.day,
    plays: Number(row.plays),
    minutes: Math.round((Number(row.seconds) / 60) * 10) / 10,
  }));
}

export interface RetentionOutcome {
  plays: number;
  hours: number;
}

/**
 * Deletes the raw plays that started before `cutoff` (the start of an hour) and the roll-up rows of the hours before
 * it, a slice of at most `slice` rows per statement so that an embedded database answers requests in between (a
 * single statement over millions of rows would hold PGlite for seconds). Each slice follows the time index.
 */
export async function deletePlaysBefore(db: Db, cutoff: Date, slice = 20_000): Promise<RetentionOutcome> {
  const before = cutoff.toISOString();
  const outcome: RetentionOutcome = { plays: 0, hours: 0 };
  const sweep = async (statement: SQL) => {
    let total = 0;
    for (;;) {
      const [row] = await rows<{ deleted: number }>(db, statement);
      const deleted = Number(row?.deleted ?? 0);
      total += deleted;
      if (deleted < slice) return total;
    }
  };
  // The narrower roll-ups have no hour index (migration 0019b): their old rows are found by key, campaign by campaign,
  // for the campaigns play_hours (which has one) holds old hours of. So they go first, while play_hours still has them.
  outcome.plays += await sweep(sql`WITH gone AS (DELETE FROM widget_plays WHERE ctid = ANY(ARRAY(
      SELECT ctid FROM widget_plays WHERE started_at < ${before}::timestamptz LIMIT ${slice})) RETURNING 1) SELECT count(*)::int AS deleted FROM gone`);
  const oldCampaigns = sql`SELECT DISTINCT campaign_id FROM play_hours WHERE hour < ${before}::timestamptz`;
  for (const table of ['play_hours_device', 'play_hours_media']) {
    outcome.hours += await sweep(
      sql`WITH gone AS (DELETE FROM ${sql.raw(table)} WHERE ctid = ANY(ARRAY(
            SELECT t.ctid FROM (${oldCampaigns}) c JOIN LATERAL (
              SELECT ctid FROM ${sql.raw(table)} WHERE campaign_id = c.campaign_id AND hour < ${before}::timestamptz
            ) t ON true LIMIT ${slice})) RETURNING 1)
          SELECT count(*)::int AS deleted FROM gone`,
    );
  }
  outcome.plays = await sweep(
    sql`WITH gone AS (DELETE FROM plays WHERE ctid = ANY(ARRAY(SELECT ctid FROM plays WHERE started_at < ${before}::timestamptz ORDER BY started_at LIMIT ${slice})) RETURNING 1)
        SELECT count(*)::int AS deleted FROM gone`,
  );
  for (const table of ['play_hours']) {
    outcome.hours += await sweep(
      sql`WITH gone AS (DELETE FROM ${sql.raw(table)} WHERE ctid = ANY(ARRAY(SELECT ctid FROM ${sql.raw(table)} WHERE hour < ${before}::timestamptz ORDER BY hour LIMIT ${slice})) RETURNING 1)
          SELECT count(*)::int AS deleted FROM gone`,
    );
  }
  return outcome;
}

/**
 * Stores a device's widget showings (issue 38) in one statement: refused unless the published event names the device,
 * plays a layout, and a version of that layout has the zone showing that kind of widget (`not_scheduled`), or the event
 * does not exist (`unknown_event`). A showing already stored (device, id) is skipped, so a re-sent batch changes nothing.
 */
export async function storeWidgetPlays(db: Db, device: number, plays: WidgetPlayInput[]): Promise<StoreOutcome> {
  if (plays.length === 0) return { accepted: 0, refused: [] };
  const [row] = await rows<{ accepted: number; refusals: { id: string; reason: PlayRefusal }[] | null }>(
    db,
    sql`WITH input AS (
          SELECT * FROM unnest(${textArray(plays.map((play) => play.id))}::text[], ${textArray(plays.map((play) => play.started_at))}::timestamptz[],
                               ${numberArray(plays.map((play) => play.duration))}::float8[], ${numberArray(plays.map((play) => play.event))}::int[],
                               ${numberArray(plays.map((play) => play.zone))}::int[], ${textArray(plays.map((play) => play.widget))}::text[],
                               ${textArray(plays.map((play) => play.outcome))}::text[]) AS i(id, started_at, duration, event, zone, widget, outcome)
        ),
        checked AS (
          SELECT i.*, pe.campaign_id, pe.layout_id,
            CASE WHEN pe.id IS NULL AND NOT EXISTS (SELECT 1 FROM events e WHERE e.id = i.event) THEN 'unknown_event'
                 WHEN pe.id IS NULL OR NOT (${device}::int = ANY(pe.devices)) OR pe.layout_id IS NULL OR NOT EXISTS (
                   SELECT 1 FROM layout_versions lv CROSS JOIN LATERAL jsonb_array_elements(lv.body->'zones') z
                   WHERE lv.layout_id = pe.layout_id AND (z->>'id')::int = i.zone
                     AND z->'content'->>'kind' = 'widget' AND z->'content'->>'widget' = i.widget) THEN 'not_scheduled'
            END AS refusal
          FROM input i LEFT JOIN published_events pe ON pe.id = i.event
        ),
        stored AS (
          INSERT INTO widget_plays (device_id, play_id, started_at, duration, event_id, campaign_id, layout_id, zone_id, widget, outcome)
          SELECT ${device}, id, started_at, duration, event, campaign_id, layout_id, zone, widget, outcome FROM checked WHERE refusal IS NULL
          ON CONFLICT DO NOTHING
          RETURNING 1
        )
        SELECT (SELECT count(*) FROM stored)::int AS accepted,
          (SELECT json_agg(json_build_object('id', id, 'reason', refusal)) FROM checked WHERE refusal IS NOT NULL) AS refusals`,
  );
  return { accepted: row?.accepted ?? 0, refused: (row?.refusals ?? []).map((refusal) => ({ id: refusal.id, reason: refusal.reason })) };
}

/** Widget showings of a campaign in a window, per layout, zone and kind (a failed showing counts its seconds, not as a play). */
export async function widgetStatistics(
  db: Db,
  campaign: number,
  date: string,
  zone: string,
  hours: number,
  companies: CompanyScope,
  layout?: number,
): Promise<{ layout: number; zone: number; widget: string; plays: number; seconds: number }[]> {
  const { start, end } = window(date, zone, hours);
  return rows(
    db,
    sql`SELECT layout_id AS layout, zone_id AS zone, widget, (count(*) FILTER (WHERE outcome <> 'failed'))::int AS plays, sum(duration)::float8 AS seconds
        FROM widget_plays
        WHERE campaign_id = ${campaign} AND started_at >= ${start} AND started_at < ${end} ${layout === undefined ? sql`` : sql`AND layout_id = ${layout}`} ${inScope(companies, 'device_id')}
        GROUP BY layout_id, zone_id, widget ORDER BY layout_id, zone_id`,
  );
}
