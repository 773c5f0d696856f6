import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';
import type { CachedPlayer, PlayerCache } from '../caches.ts';
import { sameKey } from '../domain/devices.ts';

/**
 * A device's last_connection is rewritten by a heartbeat only when the stored one is at least this old (or something
 * the player reports changed): a player that beats more often than this costs no database write. The stored contact
 * then lags the real one by less than this, so "online" (a contact within 120 s) still means the player talked within
 * 120 s; a player that stops shows offline between 105 and 120 s after its last heartbeat. Players beat every 30 s.
 */
export const CONTACT_WRITE_INTERVAL_MS = 15_000;

export interface HeartbeatReport {
  serial: string;
  key: string;
  ip: string | null;
  version: string | null;
  scheduleState: string | null;
  scheduleExpiry: string | null | undefined;
  configVersion: number | null;
  acknowledged: number[];
}

export interface HeartbeatResult {
  device: number;
  commands: { id: number; command: 'REBOOT'; created_at: string }[];
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
}

const isoText = (column: string) => sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const epochMs = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);

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
  const result = (await db.execute(sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((r) => r.serial)}::text[], ${column((r) => r.key)}::text[], ${column((r) => r.ip)}::text[],
        ${column((r) => r.version)}::text[], ${column((r) => r.scheduleState)}::text[],
        ${column((r) => r.scheduleExpiry !== undefined)}::boolean[], ${column((r) => r.scheduleExpiry ?? null)}::timestamptz[],
        ${column((r) => r.configVersion)}::int[]
      ) WITH ORDINALITY AS x(serial, key, ip, version, schedule_state, expiry_given, expiry, known_config, i)
    ), dev AS (
      UPDATE devices d SET
        last_connection = now(),
        signed_off_at = NULL,
        ip = COALESCE(x.ip, d.ip),
        version = COALESCE(x.version, d.version),
        schedule_state = COALESCE(x.schedule_state, d.schedule_state),
        schedule_expiry = CASE WHEN x.expiry_given THEN x.expiry ELSE d.schedule_expiry END
      FROM input x
      -- sn = ANY(...) lets the planner look the serials up in their unique index: joined to the input alone, a large
      -- batch was planned as a hash join over a sequential scan of every device (about 30 ms for 10,000 in PGlite).
      WHERE d.sn = ANY(${column((r) => r.serial)}::text[]) AND d.sn = x.serial AND d.device_key = x.key AND d.is_active
      RETURNING d.id, d.schedule_version, d.config_version, x.i::int AS i, x.known_config,
        d.device_key, d.ip, d.version, d.schedule_state, ${epochMs('d.schedule_expiry')} AS expiry_ms
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
      COALESCE((SELECT json_agg(json_build_object('id', cl.id, 'command', cl.command, 'created_at', ${isoText('cl.created_at')}) ORDER BY cl.id)
                FROM claimed cl WHERE cl.device_id = dev.id), '[]'::json) AS commands,
      CASE WHEN dev.config_version IS DISTINCT FROM dev.known_config THEN
        COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name, 'path', c.path, 'content', c.content, 'updated_at', ${isoText('c.updated_at')}) ORDER BY c.id)
                  FROM device_configs c WHERE c.device_id = dev.id), '[]'::json)
      END AS configs,
      dev.device_key, dev.ip, dev.version, dev.schedule_state, dev.expiry_ms
    FROM dev
  `)) as unknown as {
    rows: (HeartbeatResult & { i: number; device_key: string; ip: string | null; version: string; schedule_state: string; expiry_ms: number | null })[];
  };
  const answers: ({ answer: HeartbeatResult; stored: StoredContact } | undefined)[] = reports.map(() => undefined);
  for (const { i, device_key, ip, version, schedule_state, expiry_ms, ...answer } of result.rows) {
    answers[i - 1] = { answer, stored: { key: device_key, ip, version, scheduleState: schedule_state, scheduleExpiry: expiry_ms === null ? null : Number(expiry_ms) } };
  }
  return answers;
}

/** Records heartbeats without the cache (one statement per batch); see writeHeartbeats. */
export async function recordHeartbeats(db: Db, reports: HeartbeatReport[]): Promise<(HeartbeatResult | undefined)[]> {
  return (await writeHeartbeats(db, reports)).map((written) => written?.answer);
}

/** What the database holds now about the devices of these serials (a read, no write); absent serials are left out. */
async function readPlayers(db: Db, serials: string[], readAt: number): Promise<Map<string, CachedPlayer>> {
  const result = (await db.execute(sql`
    SELECT d.id, d.sn, d.device_key, d.is_active, d.schedule_version, d.config_version, d.ip, d.version, d.schedule_state,
      ${epochMs('d.schedule_expiry')} AS expiry_ms,
      (extract(epoch FROM now() - d.last_connection) * 1000)::float8 AS contact_age_ms,
      d.signed_off_at IS NOT NULL AS signed_off,
      EXISTS (SELECT 1 FROM device_commands c WHERE c.device_id = d.id AND c.delivered_at IS NULL) AS commands_pending
    FROM devices d WHERE d.sn = ANY(${sql.param(serials)}::text[])
  `)) as unknown as {
    rows: {
      id: number; sn: string; device_key: string; is_active: boolean; schedule_version: number; config_version: number; ip: string | null;
      version: string; schedule_state: string; expiry_ms: number | null; contact_age_ms: number | null; signed_off: boolean; commands_pending: boolean;
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
      commandsPending: row.commands_pending,
      readAt,
    });
  }
  return players;
}

/**
 * Runs `run` over batches of the items that arrive together or while a batch is in the database: one statement then
 * serves many requests (a lone item waits one turn of the event loop, never a timer). Items of one key go in different
 * batches. Nothing outlives the request: each caller awaits its own answer.
 */
function batcher<T, R>(run: (items: T[]) => Promise<R[]>, keyOf: (item: T) => string, maxBatch: number): (item: T) => Promise<R> {
  type Waiting = { item: T; resolve: (answer: R) => void; reject: (error: unknown) => void };
  let queue: Waiting[] = [];
  let busy = false;

  async function runBatch(batch: Waiting[]) {
    try {
      const answers = await run(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(answers[i]!));
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // One bad item must not fail the others: retry them one by one.
      else for (const waiting of batch) await runBatch([waiting]);
    }
  }

  async function flush() {
    if (busy || queue.length === 0) return;
    busy = true;
    const batch: Waiting[] = [];
    const later: Waiting[] = [];
    const keys = new Set<string>();
    for (const waiting of queue) {
      const key = keyOf(waiting.item);
      if (batch.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else later.push(waiting);
    }
    queue = later;
    try {
      await runBatch(batch);
    } finally {
      busy = false;
      if (queue.length) schedule();
    }
  }

  let scheduled = false;
  // Start a batch on the next turn of the event loop, after every request read in this one has queued:
  // embedded PGlite runs each statement synchronously, so without this each batch would hold one item.
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      void flush();
    });
  };

  return (item) =>
    new Promise((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}

/** Whether a heartbeat must go to the database, or the cached entry answers it as the database would. */
function needsWrite(player: CachedPlayer, report: HeartbeatReport, at: number): boolean {
  return (
    player.commandsPending ||
    player.signedOff ||
    report.acknowledged.length > 0 ||
    report.configVersion !== player.configVersion ||
    (report.ip !== null && report.ip !== player.ip) ||
    (report.version !== null && report.version !== player.version) ||
    (report.scheduleState !== null && report.scheduleState !== player.scheduleState) ||
    (report.scheduleExpiry !== undefined && (report.scheduleExpiry === null ? null : Date.parse(report.scheduleExpiry)) !== player.scheduleExpiry) ||
    player.contactAt === null ||
    at - player.contactAt >= CONTACT_WRITE_INTERVAL_MS
  );
}

/**
 * Records heartbeats. A heartbeat that would change nothing but a recent last_connection (see CONTACT_WRITE_INTERVAL_MS)
 * is answered from the player cache, when the cached entry was read from the database at most the cache's TTL ago:
 * same serial and key, active, no command waiting, the player's config current. Otherwise it goes to the database:
 * a batched read when the entry expired, and a batched write (writeHeartbeats) whenever anything is to record or
 * deliver, which also refreshes the entry. Answers undefined where no active device has this serial and key.
 */
export function heartbeatRecorder(db: Db, players: PlayerCache, maxBatch = 256): (report: HeartbeatReport) => Promise<HeartbeatResult | undefined> {
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

  return async (report) => {
    const started = players.begin();
    let player = players.get(report.serial);
    if (player && !players.isFresh(player, started.at)) {
      player = await read(report.serial);
      if (!player) return undefined;
    }
    if (player) {
      if (!player.isActive || !sameKey(player.key, report.key)) return undefined;
      const at = players.now();
      if (players.isFresh(player, at) && !needsWrite(player, report, at)) {
        return { device: player.id, commands: [], schedule_version: player.scheduleVersion, config_version: player.configVersion, configs: null };
      }
    }
    return write({ report, read: players.begin() });
  };
}
