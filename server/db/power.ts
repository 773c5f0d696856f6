import { sql } from 'drizzle-orm';
import type { Db } from './index.ts';
import { idArray } from './events.ts';
import type { DevicePowerMode, PowerSchedule } from '../../src/services/schemas/power.ts';

/* Screen power schedules (issue 41, migration 0056): an office's hours, a device's own choice. */

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> => ((await db.execute(query)) as unknown as Rows<T>).rows;
const json = (value: unknown): PowerSchedule | null => (value == null ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as PowerSchedule));

/** An office's schedule (null: always on, no row). */
export async function officePower(db: Db, officeId: number): Promise<PowerSchedule | null> {
  const [row] = await rowsOf<{ schedule: unknown }>(db, sql`SELECT schedule FROM office_power WHERE office_id = ${officeId}`);
  return json(row?.schedule);
}

/** Sets (or with null removes) an office's schedule; its devices are queued by the table's trigger. */
export async function setOfficePower(db: Db, officeId: number, schedule: PowerSchedule | null): Promise<void> {
  if (schedule === null) await db.execute(sql`DELETE FROM office_power WHERE office_id = ${officeId}`);
  else {
    await db.execute(sql`INSERT INTO office_power (office_id, schedule) VALUES (${officeId}, ${JSON.stringify(schedule)}::jsonb)
      ON CONFLICT (office_id) DO UPDATE SET schedule = excluded.schedule, updated_at = now()`);
  }
}

/** A device's choice: its mode and its own schedule (mode `office` when it has no row). */
export async function devicePower(db: Db, deviceId: number): Promise<{ mode: DevicePowerMode; schedule: PowerSchedule | null }> {
  const [row] = await rowsOf<{ mode: DevicePowerMode; schedule: unknown }>(db, sql`SELECT mode, schedule FROM device_power WHERE device_id = ${deviceId}`);
  return row ? { mode: row.mode, schedule: json(row.schedule) } : { mode: 'office', schedule: null };
}

/** Sets a device's choice (mode `office` removes its row); the device is queued by the table's trigger. */
export async function setDevicePower(db: Db, deviceId: number, mode: DevicePowerMode, schedule: PowerSchedule | null): Promise<void> {
  if (mode === 'office') await db.execute(sql`DELETE FROM device_power WHERE device_id = ${deviceId}`);
  else {
    const own = mode === 'own' ? JSON.stringify(schedule) : null;
    await db.execute(sql`INSERT INTO device_power (device_id, mode, schedule) VALUES (${deviceId}, ${mode}, ${own}::jsonb)
      ON CONFLICT (device_id) DO UPDATE SET mode = excluded.mode, schedule = excluded.schedule, updated_at = now()`);
  }
}

/** The devices of an office (to compile after its schedule changed). */
export async function officeDeviceIds(db: Db, officeId: number): Promise<number[]> {
  return (await rowsOf<{ id: number }>(db, sql`SELECT id FROM devices WHERE office_id = ${officeId} ORDER BY id`)).map((row) => Number(row.id));
}

/**
 * The schedule that applies to each of `ids` for a compile, as JSON text (null: always on): the device's own, none when
 * it is always on, else its office's. Two statements whatever the fleet: the devices' choices with their office, and
 * each distinct office's schedule once.
 */
export async function effectivePower(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  const found = new Map<number, string | null>();
  if (!ids.length) return found;
  const devices = await rowsOf<{ id: number; office_id: number | null; mode: string | null; schedule: string | null }>(
    db,
    sql`SELECT d.id, d.office_id, p.mode, p.schedule::text AS schedule FROM devices d LEFT JOIN device_power p ON p.device_id = d.id
        WHERE d.id = ANY(${idArray(ids)}) AND (p.device_id IS NOT NULL OR EXISTS (SELECT 1 FROM office_power o WHERE o.office_id = d.office_id))`,
  );
  const officeIds = [...new Set(devices.filter((row) => !row.mode && row.office_id != null).map((row) => Number(row.office_id)))];
  const offices = officeIds.length
    ? new Map((await rowsOf<{ office_id: number; schedule: string }>(db, sql`SELECT office_id, schedule::text AS schedule FROM office_power WHERE office_id = ANY(${idArray(officeIds)})`)).map((row) => [Number(row.office_id), row.schedule]))
    : new Map<number, string>();
  for (const row of devices) {
    const id = Number(row.id);
    if (row.mode === 'always_on') found.set(id, null);
    else if (row.mode === 'own') found.set(id, row.schedule);
    else found.set(id, row.office_id == null ? null : (offices.get(Number(row.office_id)) ?? null));
  }
  return found;
}
