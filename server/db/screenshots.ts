import { sql, type SQL } from 'drizzle-orm';
import { isoText } from './devices.ts';
import type { Db } from './index.ts';

/* Screenshots of the screens (migration 0030): the rows name files of the media store, the last SCREENSHOTS_KEPT per device. */

/** How many screenshots of one device are kept: an upload beyond it removes the oldest (rows and files). */
export const SCREENSHOTS_KEPT = 10;

export interface ScreenshotRow {
  id: number;
  file: string;
  bytes: number;
  command: number | null;
  requested_by: string | null;
  taken_at: string;
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Records a stored screenshot, marks the SCREENSHOT command it answers as carried out (only a command of this device),
 * and removes the rows beyond the newest SCREENSHOTS_KEPT. Answers the new row's id and the files no row names any more.
 */
export async function addScreenshot(db: Db, deviceId: number, file: string, bytes: number, commandId: number | null): Promise<{ id: number; dropped: string[] }> {
  const [added] = await rows<{ id: number }>(
    db,
    sql`
      WITH answered AS (
        UPDATE device_commands SET acknowledged_at = COALESCE(acknowledged_at, now()), delivered_at = COALESCE(delivered_at, now())
        WHERE id = ${commandId} AND device_id = ${deviceId} AND command = 'SCREENSHOT'
        RETURNING id
      )
      INSERT INTO device_screenshots (device_id, file, bytes, command_id)
      VALUES (${deviceId}, ${file}, ${bytes}, (SELECT id FROM answered))
      RETURNING id
    `,
  );
  const dropped = await rows<{ file: string }>(
    db,
    sql`
      DELETE FROM device_screenshots WHERE device_id = ${deviceId} AND id NOT IN (
        SELECT id FROM device_screenshots WHERE device_id = ${deviceId} ORDER BY id DESC LIMIT ${SCREENSHOTS_KEPT}
      )
      RETURNING file
    `,
  );
  return { id: Number(added!.id), dropped: dropped.map((row) => row.file) };
}

/** A device's screenshots, newest first, with who asked for each (the user of the command it answers). */
export function listScreenshots(db: Db, deviceId: number): Promise<ScreenshotRow[]> {
  return rows<ScreenshotRow>(
    db,
    sql`
      SELECT s.id, s.file, s.bytes, s.command_id AS command, u.username AS requested_by, ${isoText(sql`s.taken_at`)} AS taken_at
      FROM device_screenshots s
      LEFT JOIN device_commands c ON c.id = s.command_id
      LEFT JOIN users u ON u.id = c.created_by
      WHERE s.device_id = ${deviceId}
      ORDER BY s.id DESC
      LIMIT ${SCREENSHOTS_KEPT}
    `,
  );
}

/** One screenshot of a device (undefined when absent or another device's). */
export async function findScreenshot(db: Db, deviceId: number, id: number): Promise<{ file: string } | undefined> {
  const [row] = await rows<{ file: string }>(db, sql`SELECT file FROM device_screenshots WHERE id = ${id} AND device_id = ${deviceId}`);
  return row;
}
