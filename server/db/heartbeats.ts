import { sql, type SQL } from 'drizzle-orm';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';
import { sqlError } from './sqlState.ts';
import { batcher } from './batcher.ts';
import type { CachedPlayer, PlayerCache } from '../caches.ts';
import { sameKey } from '../domain/devices.ts';
import type { DeviceCommand } from '../../src/services/schemas/devices.ts';
import type { NowPlaying } from '../../src/services/schemas/playback.ts';
import { instantTime } from '../../src/services/schemas/common.ts';

/**
 * A device's last_connection is rewritten by a heartbeat only when the stored one is at least this old (or something
 * the player reports changed): a player that beats more often than this costs no database write. The stored contact
 * then lags the real one by less than this, so "online" (a contact within 120 s) still means the player talked within
 * 120 s; a player that stops shows offline between 105 and 120 s after its last heartbeat. Players beat every 30 s.
 */
export const CONTACT_WRITE_INTERVAL_MS = 15_000;

/**
 * What a device plays (heartbeat now_playing) is written with its contact, in the same row write (migration 0036). A
 * change of file or event (or between something and nothing) is written at once, unless the stored contact is younger
 * than this: a player that beats and changes items more often writes at most every NOW_PLAYING_SPACING_MS. A new
 * started_at of the same file and event (a loop) rides with the next contact write, at most CONTACT_WRITE_INTERVAL_MS
 * later. A player beats every 30 s, so every beat of one that plays is written with what it reports.
 */
export const NOW_PLAYING_SPACING_MS = 5000;

export interface HeartbeatReport {
  serial: string;
  key: string;
  ip: string | null;
  version: string | null;
  scheduleState: string | null;
  scheduleExpiry: string | null | undefined;
  configVersion: number | null;
  acknowledged: number[];
  /** What the player plays now (null: nothing), or undefined when it does not say. */
  nowPlaying?: NowPlaying | null;
  /** The screen as the player shows it ('on', 'off': its power schedule's off hours), null when it does not say. */
  display?: string | null;
}

export interface HeartbeatResult {
  device: number;
  commands: { id: number; command: DeviceCommand; created_at: string }[];
  schedule_version: number;
  config_version: number;
  configs: { id: number; name: string; path: string; content: string; updated_at: string }[] | null;
}

/** What a heartbeat's write left stored, for the cache. */
interface StoredContact {
  key: string;
  ip: string | null;
  version: string;
  scheduleState: string;
  scheduleExpiry: number | null;
  playingEvent: number | null;
  playingMedia: number | null;
  display: string | null;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);
/** An id column as read (the driver may answer a number as text), null kept. */
const idOrNull = (value: number | string | null) => (value === null ? null : Number(value));

/**
 * A layout item's part of now playing as stored (devices.playing_layout, migration 0047): the layout drawn and each
 * zone's file, as JSON text; null for a full-screen item or nothing.
 */
export function playingLayoutText(playing: NowPlaying | null | undefined): string | null {
  if (!playing?.layout) return null;
  // started_at in one spelling (UTC, milliseconds), whatever offset the player wrote: read back as text.
  const zones = (playing.zones ?? []).map((zone) => ({ id: zone.id, media_id: zone.media_id, started_at: new Date(instantTime(zone.started_at)).toISOString() }));
  return JSON.stringify({ id: playing.layout.id, version: playing.layout.version, zones });
}

/**
 * The SET list that writes now playing from the input row `x` (playing_given, playing_event, playing_media,
 * playing_started, playing_layout) where `given` holds, as reported at `at`; a report older than the stored one (another instance
 * wrote a newer one meanwhile) leaves it. Unindexed columns: the write stays a HOT update.
 */
function playingColumns(given: string, at: string): SQL {
  const newer = `${given} AND (d.playing_reported_at IS NULL OR d.playing_reported_at <= ${at})`;
  return sql.raw(`playing_event_id = CASE WHEN ${newer} THEN x.playing_event ELSE d.playing_event_id END,
        playing_media_id = CASE WHEN ${newer} THEN x.playing_media ELSE d.playing_media_id END,
        playing_started_at = CASE WHEN ${newer} THEN x.playing_started ELSE d.playing_started_at END,
        playing_layout = CASE WHEN ${newer} THEN x.playing_layout::jsonb ELSE d.playing_layout END,
        playing_reported_at = CASE WHEN ${newer} THEN ${at} ELSE d.playing_reported_at END`);
}

/**
 * A statement (for a WITH) that marks "playing" the ready files among `written` (a query of media ids: what the rows
 * written now play), or a no-op when no report names a file: the plain heartbeat's statement stays as it was.
 */
function markPlaying(written: SQL, reported: readonly (number | null | undefined)[]): SQL {
  const files = [...new Set(reported.filter((media): media is number => typeof media === 'number'))];
  if (!files.length) return sql`SELECT 1`;
  return sql`UPDATE media_files SET status = 'playing' WHERE id = ANY(${sql.param(files)}::int[]) AND status = 'ready_to_play' AND id IN (${written})`;
}

/**
 * One statement for a batch of heartbeats (each of a different serial): authenticates each active device
 * by serial and key, records the contact, acknowledges carried-out commands, claims the undelivered ones
 * (each is answered exactly once) and reads the config files where the player's copy is stale.
 * Answers one result per report, in order, with what is stored after the write; undefined where no active device matches.
 */
async function writeHeartbeats(db: Db, reports: HeartbeatReport[]): Promise<({ answer: HeartbeatResult; stored: StoredContact } | undefined)[]> {
  const column = <T>(pick: (report: HeartbeatReport) => T) => sql.param(reports.map(pick));
  const acks = reports.flatMap((report, index) => report.acknowledged.map((id) => [index + 1, id] as const));
  // unnest() of array parameters: the planner expects a handful of rows and looks each serial up by its index.
  const statement = sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((r) => r.serial)}::text[], ${column((r) => r.key)}::text[], ${column((r) => r.ip)}::text[],
        ${column((r) => r.version)}::text[], ${column((r) => r.scheduleState)}::text[],
        ${column((r) => r.scheduleExpiry !== undefined)}::boolean[], ${column((r) => r.scheduleExpiry ?? null)}::timestamptz[],
        ${column((r) => r.configVersion)}::int[], ${column((r) => r.nowPlaying !== undefined)}::boolean[],
        ${column((r) => r.nowPlaying?.event ?? null)}::int[], ${column((r) => r.nowPlaying?.media ?? null)}::int[],
        ${column((r) => r.nowPlaying?.started_at ?? null)}::timestamptz[], ${column((r) => playingLayoutText(r.nowPlaying))}::text[],
        ${column((r) => r.display ?? null)}::text[]
      ) WITH ORDINALITY AS x(serial, key, ip, version, schedule_state, expiry_given, expiry, known_config, playing_given, playing_event, playing_media, playing_started, playing_layout, display, i)
    ), dev AS (
      UPDATE devices d SET
        last_connection = now(),
        signed_off_at = NULL,
        ip = COALESCE(x.ip, d.ip),
        version = COALESCE(x.version, d.version),
        schedule_state = COALESCE(x.schedule_state, d.schedule_state),
        schedule_expiry = CASE WHEN x.expiry_given THEN x.expiry ELSE d.schedule_expiry END,
        display = COALESCE(x.display, d.display),
        ${playingColumns('x.playing_given', 'now()')}
      FROM input x
      -- sn = ANY(...) lets the planner look the serials up in their unique index: joined to the input alone, a large
      -- batch was planned as a hash join over a sequential scan of every device (about 30 ms for 10,000 in PGlite).
      WHERE d.sn = ANY(${column((r) => r.serial)}::text[]) AND d.sn = x.serial AND d.device_key = x.key AND d.is_active
      RETURNING d.id, d.schedule_version, d.config_version, x.i::int AS i, x.known_config,
        d.device_key, d.ip, d.version, d.schedule_state, ${epochMs('d.schedule_expiry')} AS expiry_ms, d.playing_event_id, d.playing_media_id, d.display
    ), played AS (${markPlaying(sql`SELECT playing_media_id FROM dev`, reports.map((r) => r.nowPlaying?.media))}
    ), acked AS (
      UPDATE device_commands c SET acknowledged_at = now()
      FROM dev, unnest(${sql.param(acks.map(([i]) => i))}::int[], ${sql.param(acks.map(([, id]) => id))}::int[]) AS a(i, command_id)
      WHERE dev.i = a.i AND c.id = a.command_id AND c.device_id = dev.id AND c.acknowledged_at IS NULL
    ), claimed AS (
      UPDATE device_commands c SET delivered_at = now()
      FROM dev WHERE c.device_id = dev.id AND c.delivered_at IS NULL
      RETURNING c.id, c.device_id, c.command, c.created_at
    )
    SELECT dev.i, dev.id AS device, dev.schedule_version, dev.config_version,
      COALESCE((SELECT json_agg(json_build_object('id', cl.id, 'command', cl.command, 'created_at', ${isoText(sql`cl.created_at`)}) ORDER BY cl.id)
                FROM claimed cl WHERE cl.device_id = dev.id), '[]'::json) AS commands,
      CASE WHEN dev.config_version IS DISTINCT FROM dev.known_config THEN
        COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'path', c.path, 'content', c.content, 'updated_at', ${isoText(sql`c.updated_at`)}) ORDER BY c.id)
                  FROM device_configs c WHERE c.device_id = dev.id), '[]'::json)
      END AS configs,
      dev.device_key, dev.ip, dev.version, dev.schedule_state, dev.expiry_ms, dev.playing_event_id, dev.playing_media_id, dev.display
    FROM dev
  `;
  // Several devices' rows are locked in id order first, as writeContacts does (a schedule store locks them in that
  // order: two writers locking in one order never deadlock); one row alone cannot close a circle of waits.
  const result = (
    reports.length === 1
      ? await db.execute(statement)
      : await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          await t.execute(sql`SELECT id FROM devices WHERE sn = ANY(${column((r) => r.serial)}::text[]) ORDER BY id FOR NO KEY UPDATE`);
          return t.execute(statement);
        })
  ) as unknown as {
    rows: (HeartbeatResult & {
      i: number; device_key: string; ip: string | null; version: string; schedule_state: string; expiry_ms: number | null;
      playing_event_id: number | null; playing_media_id: number | null; display: string | null;
    })[];
  };
  const answers: ({ answer: HeartbeatResult; stored: StoredContact } | undefined)[] = reports.map(() => undefined);
  for (const { i, device_key, ip, version, schedule_state, expiry_ms, playing_event_id, playing_media_id, display, ...answer } of result.rows) {
    answers[i - 1] = {
      answer,
      stored: {
        key: device_key, ip, version, scheduleState: schedule_state, scheduleExpiry: expiry_ms === null ? null : Number(expiry_ms),
        playingEvent: idOrNull(playing_event_id), playingMedia: idOrNull(playing_media_id), display: display ?? null,
      },
    };
  }
  return answers;
}

/** What the database holds now about the devices of these serials (a read, no write); absent serials are left out. */
function readPlayers(db: Db, serials: string[], readAt: number): Promise<Map<string, CachedPlayer>> {
  return readPlayersWhere(db, sql`d.sn = ANY(${sql.param(serials)}::text[])`, readAt);
}

/** How many players preloadPlayers reads at most (about 400 bytes each in memory). */
export const PRELOAD_PLAYERS = 50_000;

/**
 * Fills the player cache at start with the active devices heard from most recently: after a restart every player
 * comes back within one heartbeat interval, and each would otherwise wait for a read. Call it after the first poll
 * of the change log (watchDeviceChanges' `ready`), so that every later change reaches the entries.
 */
export async function preloadPlayers(db: Db, players: PlayerCache, limit = PRELOAD_PLAYERS): Promise<number> {
  const started = players.begin();
  const found = await readPlayersWhere(db, sql`d.is_active`, started.at, sql`ORDER BY d.last_connection DESC NULLS LAST LIMIT ${limit}`);
  for (const player of found.values()) players.store(player, started);
  return found.size;
}

async function readPlayersWhere(db: Db, where: SQL, readAt: number, orderAndLimit: SQL = sql``): Promise<Map<string, CachedPlayer>> {
  const result = (await db.execute(sql`
    SELECT d.id, d.sn, d.device_key, d.is_active, d.schedule_version, d.config_version, d.ip, d.version, d.schedule_state,
      ${epochMs('d.schedule_expiry')} AS expiry_ms,
      (extract(epoch FROM now() - d.last_connection) * 1000)::float8 AS contact_age_ms,
      d.signed_off_at IS NOT NULL AS signed_off, d.playing_event_id, d.playing_media_id, d.display,
      EXISTS (SELECT 1 FROM device_commands c WHERE c.device_id = d.id AND c.delivered_at IS NULL) AS commands_pending
    FROM devices d WHERE ${where} ${orderAndLimit}
  `)) as unknown as {
    rows: {
      id: number; sn: string; device_key: string; is_active: boolean; schedule_version: number; config_version: number; ip: string | null;
      version: string; schedule_state: string; expiry_ms: number | null; contact_age_ms: number | null; signed_off: boolean; commands_pending: boolean;
      playing_event_id: number | null; playing_media_id: number | null; display: string | null;
    }[];
  };
  const players = new Map<string, CachedPlayer>();
  for (const row of result.rows) {
    players.set(row.sn, {
      id: row.id,
      serial: row.sn,
      key: row.device_key,
      isActive: row.is_active,
      scheduleVersion: row.schedule_version,
      configVersion: row.config_version,
      ip: row.ip,
      version: row.version,
      scheduleState: row.schedule_state,
      scheduleExpiry: row.expiry_ms === null ? null : Number(row.expiry_ms),
      // The age is measured on the database's clock and subtracted from our own, so clock skew between them does not matter.
      contactAt: row.contact_age_ms === null ? null : readAt - Math.max(0, Number(row.contact_age_ms)),
      signedOff: row.signed_off,
      playingEvent: idOrNull(row.playing_event_id),
      playingMedia: idOrNull(row.playing_media_id),
      display: row.display ?? null,
      commandsPending: row.commands_pending,
      readAt,
    });
  }
  return players;
}

/** How long a heartbeat's contact may wait in memory before ContactWriter writes it (reads on this instance flush first). */
export const CONTACT_FLUSH_MS = 1000;

/** A heartbeat to record: when (own clock) and what the player reported (undefined expiry: not reported). */
export interface Contact {
  deviceId: number;
  at: number;
  ip: string | null;
  version: string | null;
  scheduleState: string | null;
  scheduleExpiry: string | null | undefined;
  /** What the player plays (null: nothing); undefined: not reported, the stored one stays. */
  nowPlaying?: NowPlaying | null;
  /** What the player shows ('on', 'off'); null or undefined: not reported, the stored one stays. */
  display?: string | null;
}

/**
 * Whether the database refused a statement for what it was given (SQLSTATE class 22, data exception, such as U+0000
 * in text or a number out of range; class 23, integrity constraint) rather than failing to run it: the same rows
 * would be refused again, so retrying them is pointless.
 */
export function isRefusedData(error: unknown): boolean {
  return /^2[23]/.test(sqlError(error)?.code ?? '');
}

/**
 * Heartbeats that need no answer from the database are recorded behind the request: their contacts wait here (the
 * newest per device) and are written together, one statement at most every CONTACT_FLUSH_MS. Routes that read device
 * status on this instance call flush() first, so they always see every heartbeat this instance answered; other
 * instances see it within CONTACT_FLUSH_MS. A contact never moves last_connection back, never brings back a device
 * deactivated meanwhile, and does not undo a sign-off that came after it.
 *
 * A batch the database refuses for its data (isRefusedData) is split in halves until the refused contacts are alone:
 * each of those is dropped and reported to `onError` with the contact, and every other contact is written, so one bad
 * row never holds the fleet's contacts hostage. What a write that failed otherwise (the database unreachable) held is
 * kept for the next.
 */
export class ContactWriter {
  private pending = new Map<number, Contact>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    /** A failed write (contacts kept) or, with `dropped`, a contact the database refused (dropped). */
    private readonly onError: (error: unknown, dropped?: Contact) => void = () => {},
    private readonly now: () => number = Date.now,
    private readonly flushMs = CONTACT_FLUSH_MS,
  ) {}

  get size(): number {
    return this.pending.size;
  }

  note(contact: Contact): void {
    const previous = this.pending.get(contact.deviceId);
    this.pending.set(
      contact.deviceId,
      previous && (contact.scheduleExpiry === undefined || contact.nowPlaying === undefined || contact.display == null)
        ? {
            ...contact,
            scheduleExpiry: contact.scheduleExpiry === undefined ? previous.scheduleExpiry : contact.scheduleExpiry,
            nowPlaying: contact.nowPlaying === undefined ? previous.nowPlaying : contact.nowPlaying,
            display: contact.display ?? previous.display,
          }
        : contact,
    );
    if (this.timer === undefined) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.flush().catch((error: unknown) => this.onError(error));
      }, this.flushMs);
      this.timer.unref?.();
    }
  }

  /**
   * A contact that reports nothing but itself (the player opened its live channel, issue 35): the device counts as
   * online from now; what a waiting heartbeat reported stays as it was.
   */
  touch(deviceId: number): void {
    const previous = this.pending.get(deviceId);
    this.note(previous ? { ...previous, at: this.now() } : { deviceId, at: this.now(), ip: null, version: null, scheduleState: null, scheduleExpiry: undefined });
  }

  /** Writes every waiting contact; resolves once they (and any write under way) are in the database. */
  async flush(): Promise<void> {
    while (this.writing) await this.writing;
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.write(batch).finally(() => {
      this.writing = null;
    });
    await this.writing;
  }

  /** Writes a batch, isolating and dropping the contacts the database refuses; keeps the rest when the write fails otherwise. */
  private async write(batch: Contact[]): Promise<void> {
    try {
      await writeContacts(this.db, batch, this.now());
    } catch (error) {
      if (!isRefusedData(error)) {
        this.keep(batch);
        throw error;
      }
      if (batch.length === 1) {
        this.onError(error, batch[0]);
        return;
      }
      const half = Math.ceil(batch.length / 2);
      const first = batch.slice(0, half);
      const second = batch.slice(half);
      try {
        await this.write(first);
      } catch (failure) {
        this.keep(second);
        throw failure;
      }
      await this.write(second);
    }
  }

  /** Puts contacts of a failed write back, unless a newer contact of the same device came meanwhile. */
  private keep(contacts: Contact[]): void {
    for (const contact of contacts) if (!this.pending.has(contact.deviceId)) this.pending.set(contact.deviceId, contact);
  }

  /** Stops the timer and writes what waits (server shutdown); a failed write is reported, never thrown. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush().catch((error: unknown) => this.onError(error));
  }
}

/**
 * One write for many contacts; each contact's time is its age at `now`, taken from the database's clock. What the
 * contacts report playing is written in the same row write, and the ready files among it are marked "playing".
 *
 * The rows are locked first, in id order, in the write's transaction: the UPDATE alone locks them in the order it
 * finds them (a scan in the table's physical order for a large batch), and a schedule store locks the rows of the
 * devices whose version it raises in id order (storeSchedules), so the two deadlocked on PostgreSQL when an override
 * or a publish reached the devices of a contact batch: PostgreSQL waited its deadlock_timeout (1 s) before failing the
 * contact write, and the store, with every notice of the override behind it, waited that second (the load bench's
 * clear: notice p95 1.57 s). Two writers that lock in one order never wait on each other in a circle.
 */
async function writeContacts(db: Db, contacts: Contact[], now: number): Promise<void> {
  const column = <T>(pick: (contact: Contact) => T) => sql.param(contacts.map(pick));
  const playing = contacts.some((c) => c.nowPlaying !== undefined);
  const update = sql`
    UPDATE devices d SET
      last_connection = GREATEST(d.last_connection, x.contact),
      signed_off_at = CASE WHEN d.signed_off_at > x.contact THEN d.signed_off_at END,
      ip = COALESCE(x.ip, d.ip),
      version = COALESCE(x.version, d.version),
      schedule_state = COALESCE(x.schedule_state, d.schedule_state),
      schedule_expiry = CASE WHEN x.expiry_given THEN x.expiry ELSE d.schedule_expiry END,
      display = COALESCE(x.display, d.display)${playing ? sql`,
      ${playingColumns('x.playing_given', 'x.contact')}` : sql``}
    FROM (
      SELECT u.*, now() - make_interval(secs => u.age_ms / 1000.0) AS contact
      FROM unnest(
        ${column((c) => c.deviceId)}::int[], ${column((c) => Math.max(0, now - c.at))}::float8[], ${column((c) => c.ip)}::text[],
        ${column((c) => c.version)}::text[], ${column((c) => c.scheduleState)}::text[],
        ${column((c) => c.scheduleExpiry !== undefined)}::boolean[], ${column((c) => c.scheduleExpiry ?? null)}::timestamptz[],
        ${column((c) => c.nowPlaying !== undefined)}::boolean[], ${column((c) => c.nowPlaying?.event ?? null)}::int[],
        ${column((c) => c.nowPlaying?.media ?? null)}::int[], ${column((c) => c.nowPlaying?.started_at ?? null)}::timestamptz[],
        ${column((c) => playingLayoutText(c.nowPlaying))}::text[], ${column((c) => c.display ?? null)}::text[]
      ) AS u(id, age_ms, ip, version, schedule_state, expiry_given, expiry, playing_given, playing_event, playing_media, playing_started, playing_layout, display)
    ) x
    WHERE d.id = ANY(${column((c) => c.deviceId)}::int[]) AND d.id = x.id AND d.is_active`;
  const write = playing
    ? sql`WITH dev AS (${update} RETURNING d.playing_media_id) ${markPlaying(sql`SELECT playing_media_id FROM dev`, contacts.map((c) => c.nowPlaying?.media))}`
    : update;
  // One row cannot close a circle of waits: no transaction needed.
  if (contacts.length === 1) {
    await db.execute(write);
    return;
  }
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`SELECT id FROM devices WHERE id = ANY(${column((c) => c.deviceId)}::int[]) ORDER BY id FOR NO KEY UPDATE`);
    await t.execute(write);
  });
}

/** Whether a heartbeat needs an answer only the database can give: commands to deliver or acknowledge, config files. */
function needsDatabase(player: CachedPlayer, report: HeartbeatReport): boolean {
  return player.commandsPending || report.acknowledged.length > 0 || report.configVersion !== player.configVersion;
}

const expiryMs = (expiry: string | null) => (expiry === null ? null : Date.parse(expiry));

/**
 * Whether a heartbeat has something to record: a changed report, a sign-off to undo, or a stored contact grown old; or
 * a change of what plays (file or event) once the stored contact is NOW_PLAYING_SPACING_MS old.
 */
function hasContactToRecord(player: CachedPlayer, report: HeartbeatReport, at: number): boolean {
  const playing = report.nowPlaying;
  return (
    player.signedOff ||
    (report.ip !== null && report.ip !== player.ip) ||
    (report.version !== null && report.version !== player.version) ||
    (report.scheduleState !== null && report.scheduleState !== player.scheduleState) ||
    (report.display != null && report.display !== player.display) ||
    (report.scheduleExpiry !== undefined && expiryMs(report.scheduleExpiry) !== player.scheduleExpiry) ||
    player.contactAt === null ||
    at - player.contactAt >= CONTACT_WRITE_INTERVAL_MS ||
    (playing !== undefined &&
      ((playing?.media ?? null) !== player.playingMedia || (playing?.event ?? null) !== player.playingEvent) &&
      at - player.contactAt >= NOW_PLAYING_SPACING_MS)
  );
}

/**
 * Records heartbeats. A heartbeat is answered from the player cache when its entry is current (see PlayerCache.isFresh):
 * same serial and key, active, no command waiting, the player's config current; what it reports is then recorded behind
 * the request by `contacts` (ContactWriter), and not at all when nothing changed and the stored contact is younger than
 * CONTACT_WRITE_INTERVAL_MS. A missing or outdated entry is read first (batched). A heartbeat with commands to deliver
 * or acknowledge, or a stale config, goes to the database at once (writeHeartbeats, batched), which also refreshes the
 * entry. Answers undefined where no active device has this serial and key.
 */
export function heartbeatRecorder(
  db: Db,
  players: PlayerCache,
  contacts: ContactWriter,
  maxBatch = 256,
): (report: HeartbeatReport) => HeartbeatResult | undefined | Promise<HeartbeatResult | undefined> {
  const write = batcher(
    async (items: { report: HeartbeatReport; read: ReturnType<PlayerCache['begin']> }[]) => {
      const written = await writeHeartbeats(db, items.map((item) => item.report));
      return written.map((entry, i) => {
        const { report, read } = items[i]!;
        if (entry) {
          const { answer, stored } = entry;
          players.store(
            {
              id: answer.device,
              serial: report.serial,
              isActive: true,
              scheduleVersion: answer.schedule_version,
              configVersion: answer.config_version,
              ...stored,
              contactAt: read.at,
              signedOff: false,
              commandsPending: false,
              readAt: read.at,
            },
            read,
          );
        }
        return entry?.answer;
      });
    },
    // A serial appears once per statement (an UPDATE ... FROM touches a row once); repeats go in the next batch.
    (item) => item.report.serial,
    maxBatch,
  );
  const read = batcher(
    async (serials: string[]) => {
      const started = players.begin();
      const found = await readPlayers(db, serials, started.at);
      return serials.map((serial) => {
        const player = found.get(serial);
        if (player) players.store(player, started);
        else players.forgetSerial(serial, started);
        return player;
      });
    },
    (serial) => serial,
    maxBatch,
  );

  // A heartbeat answered from the cache is answered synchronously: no promise, no turn of the microtask queue (the
  // route answers it in the same turn). Only a read or a write makes it wait.
  const answerFrom = (player: CachedPlayer | undefined, report: HeartbeatReport): HeartbeatResult | undefined | Promise<HeartbeatResult | undefined> => {
    if (!player || !player.isActive || !sameKey(player.key, report.key)) return undefined;
    if (needsDatabase(player, report)) return write({ report, read: players.begin() });
    const at = players.now();
    if (hasContactToRecord(player, report, at)) {
      contacts.note({
        deviceId: player.id, at, ip: report.ip, version: report.version, scheduleState: report.scheduleState, scheduleExpiry: report.scheduleExpiry,
        nowPlaying: report.nowPlaying, display: report.display,
      });
      // The entry now says what the database will hold once the contact is written.
      player.contactAt = at;
      player.signedOff = false;
      if (report.ip !== null) player.ip = report.ip;
      if (report.version !== null) player.version = report.version;
      if (report.scheduleState !== null) player.scheduleState = report.scheduleState;
      if (report.display != null) player.display = report.display;
      if (report.scheduleExpiry !== undefined) player.scheduleExpiry = expiryMs(report.scheduleExpiry);
      if (report.nowPlaying !== undefined) {
        player.playingEvent = report.nowPlaying?.event ?? null;
        player.playingMedia = report.nowPlaying?.media ?? null;
      }
    }
    return { device: player.id, commands: [], schedule_version: player.scheduleVersion, config_version: player.configVersion, configs: null };
  };

  return (report) => {
    const player = players.get(report.serial);
    if (!player || !players.isFresh(player)) return read(report.serial).then((found) => answerFrom(found, report));
    return answerFrom(player, report);
  };
}
