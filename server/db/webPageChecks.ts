import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './index.ts';

/* The last framing check of each web page widget's address (migration 0048_web_page_checks.sql). */

export interface StoredWebPageCheck {
  url: string;
  frameable: boolean;
  reason: string | null;
  checked_at: string;
}

type Rows<T> = { rows: T[] };
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as Rows<T>).rows;
}

const iso = (value: unknown) => new Date(value as string).toISOString();

/** The stored check of `url` when it was made within `freshMs`, else null. */
export async function freshWebPageCheck(db: Db, url: string, freshMs: number): Promise<StoredWebPageCheck | null> {
  const [row] = await rows<StoredWebPageCheck>(
    db,
    sql`SELECT url, frameable, reason, checked_at FROM web_page_checks
        WHERE url = ${url} AND checked_at > now() - make_interval(secs => ${freshMs / 1000})`,
  );
  return row ? { url: row.url, frameable: row.frameable, reason: row.reason, checked_at: iso(row.checked_at) } : null;
}

/** Stores a check of `url` made now (replacing the last). */
export async function storeWebPageCheck(db: Db, url: string, frameable: boolean, reason: string | null): Promise<StoredWebPageCheck> {
  const [row] = await rows<StoredWebPageCheck>(
    db,
    sql`INSERT INTO web_page_checks (url, frameable, reason, checked_at) VALUES (${url}, ${frameable}, ${reason}, now())
        ON CONFLICT (url) DO UPDATE SET frameable = EXCLUDED.frameable, reason = EXCLUDED.reason, checked_at = EXCLUDED.checked_at
        RETURNING url, frameable, reason, checked_at`,
  );
  return { url: row!.url, frameable: row!.frameable, reason: row!.reason, checked_at: iso(row!.checked_at) };
}

/**
 * Whether the device's stored schedule shows a web page widget of `url` (its settings name it): a player may ask only
 * about the pages it shows, so the server never reads an address for a screen that has no business with it.
 */
export async function deviceShowsWebPage(db: Db, deviceId: number, url: string): Promise<boolean> {
  const needle = `"url":${JSON.stringify(url)}`;
  const [row] = await rows<{ shown: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM device_schedules s JOIN schedule_bodies b ON b.hash = s.body_hash
                       WHERE s.device_id = ${deviceId} AND strpos(b.items, ${needle}) > 0) AS shown`,
  );
  return row?.shown === true;
}
