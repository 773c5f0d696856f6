import { sql, type SQL } from 'drizzle-orm';
import { lastOccurrenceEndIn, serverTimeZone } from '../domain/occurrences.ts';
import type { Db } from './index.ts';

/*
 * events.ends_at (migration 0024): when each event's last occurrence ends, over the zones of its devices' offices, by
 * the scheduler's own rule (lastOccurrenceEnd). The campaigns' `expired` reads it (server/db/campaigns.ts).
 */

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

interface PendingRow {
  id: number;
  start_date: string;
  start_time: string | null;
  end_date: string;
  end_time: string | null;
  all_day: boolean;
  weekdays: (number | string)[];
  zones: (string | null)[] | null;
  updated_at: string;
}

/**
 * Computes `ends_at` of the events that have none yet (new, edited, or whose devices changed zone), a batch at a time.
 * An event on devices of several zones ends when it ends in the zone furthest west; devices without an office, or an
 * event without devices, follow the server's zone (as the compile does). No occurrence at all: '-infinity'. With
 * `campaign`, only that campaign's events (a read of one campaign writes nothing for an absent one: a 404 changes nothing).
 */
export async function settleEventEnds(db: Db, campaign?: number, batch = 2_000): Promise<number> {
  let settled = 0;
  for (;;) {
    // An event on every device of its campaign (the usual case) is in the campaign's zones, read once per campaign;
    // only an event on some of them reads its own devices' zones (10,000 devices x 50 events joined one by one took
    // seconds).
    const pending = await rows<PendingRow>(
      db,
      sql`WITH p AS (SELECT ev.* FROM events ev WHERE ev.ends_at IS NULL ${campaign === undefined ? sql`` : sql`AND ev.campaign_id = ${campaign}`} ORDER BY ev.id LIMIT ${batch}),
          cz AS (SELECT cd.campaign_id, count(*) AS devices, array_agg(DISTINCT o.timezone) AS zones
                 FROM campaign_devices cd JOIN devices d ON d.id = cd.device_id LEFT JOIN offices o ON o.id = d.office_id
                 WHERE cd.campaign_id IN (SELECT campaign_id FROM p) GROUP BY cd.campaign_id)
          SELECT p.id, to_char(p.start_date, 'YYYY-MM-DD') AS start_date, to_char(p.start_time, 'HH24:MI') AS start_time,
            to_char(p.end_date, 'YYYY-MM-DD') AS end_date, to_char(p.end_time, 'HH24:MI') AS end_time, p.all_day, p.weekdays::int[] AS weekdays,
            CASE WHEN (SELECT count(*) FROM event_devices ed WHERE ed.event_id = p.id) = cz.devices THEN cz.zones
                 ELSE ARRAY(SELECT DISTINCT o.timezone FROM event_devices ed JOIN devices d ON d.id = ed.device_id LEFT JOIN offices o ON o.id = d.office_id
                            WHERE ed.event_id = p.id) END AS zones,
            p.updated_at::text AS updated_at
          FROM p LEFT JOIN cz ON cz.campaign_id = p.campaign_id ORDER BY p.id`,
    );
    if (!pending.length) return settled;
    const fallback = serverTimeZone();
    const ids: number[] = [];
    const ends: string[] = [];
    const stamps: string[] = [];
    for (const row of pending) {
      const zones = (row.zones ?? []).map((zone) => zone ?? fallback);
      const end = lastOccurrenceEndIn(
        {
          start_date: row.start_date,
          start_time: row.start_time ?? '00:00',
          end_date: row.end_date,
          end_time: row.end_time ?? '00:00',
          all_day: row.all_day,
          weekdays: row.weekdays.map(Number),
        },
        zones.length ? zones : [fallback],
      );
      ids.push(Number(row.id));
      ends.push(end ? end.toString() : '-infinity');
      stamps.push(row.updated_at);
    }
    // An event edited meanwhile (its updated_at moved) keeps NULL and is computed again by the next reader.
    await db.execute(sql`
      UPDATE events ev SET ends_at = v.ends_at
      FROM (SELECT unnest(${`{${ids.join(',')}}`}::int[]) AS id, unnest(${`{${ends.join(',')}}`}::timestamptz[]) AS ends_at,
                   unnest(${`{${stamps.map((s) => `"${s}"`).join(',')}}`}::timestamptz[]) AS updated_at) v
      WHERE ev.id = v.id AND ev.ends_at IS NULL AND ev.updated_at = v.updated_at`);
    settled += pending.length;
    if (pending.length < batch) return settled;
  }
}
