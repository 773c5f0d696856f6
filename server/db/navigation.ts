import { and, asc, eq, gt, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { doublePrecision, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Placeholder, PlayerNavigation } from '../../src/services/schemas/navigation.ts';
import { devices, offices } from './devices.schema.ts';
import { onlineSince } from './devices.ts';
import type { Db } from './index.ts';
import { sqlError, UNIQUE_VIOLATION } from './sqlState.ts';

/* Mirror of migration 0017_navigation.sql. */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const navigationObjects = pgTable('navigation_objects', {
  id: serial('id').primaryKey(),
  officeId: integer('office_id').notNull(),
  name: text('name').notNull(),
  sourceFile: text('source_file').notNull(),
  displayFile: text('display_file').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const navigationMarkers = pgTable('navigation_markers', {
  id: serial('id').primaryKey(),
  objectId: integer('object_id').notNull(),
  kind: text('kind').notNull(),
  deviceId: integer('device_id'),
  x: doublePrecision('x').notNull(),
  y: doublePrecision('y').notNull(),
  color: text('color').notNull(),
  description: text('description').notNull(),
  photoFile: text('photo_file'),
  photoType: text('photo_type'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

export const navigationDevices = pgTable('navigation_devices', {
  deviceId: integer('device_id').primaryKey(),
  objectId: integer('object_id'),
  x: doublePrecision('x').notNull(),
  y: doublePrecision('y').notNull(),
  comment: text('comment').notNull(),
  placeholder: jsonb('placeholder').$type<Placeholder>().notNull(),
  markers: jsonb('markers').$type<number[] | null>(),
  version: integer('version').notNull(),
  sentVersion: integer('sent_version').notNull(),
  sent: jsonb('sent').$type<PlayerNavigation | null>(),
  sentAt: timestamptz('sent_at'),
});

export type ObjectRow = typeof navigationObjects.$inferSelect;
export type MarkerRow = typeof navigationMarkers.$inferSelect;
export type NavigationDeviceRow = typeof navigationDevices.$inferSelect;
export type MarkerWithDevice = MarkerRow & { deviceName: string | null; deviceStatus: 'online' | 'offline' | 'disabled' | null };

const isUniqueViolation = (error: unknown) => sqlError(error)?.code === UNIQUE_VIOLATION;

export async function officeOf(db: Db, officeId: number): Promise<{ id: number; companyId: number } | undefined> {
  const [row] = await db.select({ id: offices.id, companyId: offices.companyId }).from(offices).where(eq(offices.id, officeId));
  return row;
}

export async function listObjects(db: Db, officeId: number): Promise<ObjectRow[]> {
  return db.select().from(navigationObjects).where(eq(navigationObjects.officeId, officeId)).orderBy(asc(navigationObjects.name), asc(navigationObjects.id));
}

export async function findObject(db: Db, id: number): Promise<ObjectRow | undefined> {
  const [row] = await db.select().from(navigationObjects).where(eq(navigationObjects.id, id));
  return row;
}

/** Answers undefined when the name is taken in the office. */
export async function insertObject(db: Db, values: Omit<ObjectRow, 'id' | 'createdAt'>): Promise<ObjectRow | undefined> {
  try {
    const [row] = await db.insert(navigationObjects).values(values).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export async function nameTaken(db: Db, officeId: number, name: string, exceptId?: number): Promise<boolean> {
  const conditions = [eq(navigationObjects.officeId, officeId), eq(navigationObjects.name, name)];
  if (exceptId) conditions.push(ne(navigationObjects.id, exceptId));
  const rows = await db.select({ id: navigationObjects.id }).from(navigationObjects).where(and(...conditions)).limit(1);
  return rows.length > 0;
}

/** Answers 'taken' when the new name is used by another object of the office. */
export async function updateObject(db: Db, id: number, patch: Partial<Omit<ObjectRow, 'id' | 'createdAt' | 'officeId'>>): Promise<ObjectRow | 'taken' | undefined> {
  try {
    const [row] = await db.update(navigationObjects).set(patch).where(eq(navigationObjects.id, id)).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

/** Deletes an object with its markers; answers the files to remove (layout and marker photos). */
export async function deleteObject(db: Db, id: number): Promise<string[] | undefined> {
  return db.transaction(async (tx) => {
    const photos = await tx.select({ file: navigationMarkers.photoFile }).from(navigationMarkers).where(and(eq(navigationMarkers.objectId, id), isNotNull(navigationMarkers.photoFile)));
    const [row] = await tx.delete(navigationObjects).where(eq(navigationObjects.id, id)).returning();
    if (!row) return undefined;
    return [row.sourceFile, row.displayFile, ...photos.map((p) => p.file!)];
  });
}

const markerColumns = {
  marker: navigationMarkers,
  deviceName: devices.name,
  deviceStatus: sql<'online' | 'offline' | 'disabled' | null>`CASE WHEN ${devices.id} IS NULL THEN NULL WHEN NOT ${devices.isActive} THEN 'disabled'
    WHEN ${devices.lastConnection} > ${onlineSince} AND ${devices.signedOffAt} IS NULL THEN 'online' ELSE 'offline' END`,
};

export async function listMarkers(db: Db, objectId: number): Promise<MarkerWithDevice[]> {
  const rows = await db
    .select(markerColumns)
    .from(navigationMarkers)
    .leftJoin(devices, eq(devices.id, navigationMarkers.deviceId))
    .where(eq(navigationMarkers.objectId, objectId))
    .orderBy(asc(navigationMarkers.id));
  return rows.map((r) => ({ ...r.marker, deviceName: r.deviceName, deviceStatus: r.deviceStatus }));
}

export async function findMarker(db: Db, id: number): Promise<MarkerWithDevice | undefined> {
  const [row] = await db.select(markerColumns).from(navigationMarkers).leftJoin(devices, eq(devices.id, navigationMarkers.deviceId)).where(eq(navigationMarkers.id, id));
  return row && { ...row.marker, deviceName: row.deviceName, deviceStatus: row.deviceStatus };
}

export async function deviceOffice(db: Db, deviceId: number): Promise<{ id: number; officeId: number | null } | undefined> {
  const [row] = await db.select({ id: devices.id, officeId: devices.officeId }).from(devices).where(eq(devices.id, deviceId));
  return row;
}

/** Answers 'taken' when the object already has a marker of this device. */
export async function insertMarker(db: Db, values: Omit<MarkerRow, 'id' | 'createdAt' | 'photoFile' | 'photoType'>): Promise<MarkerRow | 'taken'> {
  try {
    const [row] = await db.insert(navigationMarkers).values(values).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function updateMarker(db: Db, id: number, patch: Partial<Omit<MarkerRow, 'id' | 'createdAt' | 'objectId'>>): Promise<MarkerRow | 'taken' | undefined> {
  try {
    const [row] = await db.update(navigationMarkers).set(patch).where(eq(navigationMarkers.id, id)).returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
}

export async function deleteMarker(db: Db, id: number): Promise<MarkerRow | undefined> {
  const [row] = await db.delete(navigationMarkers).where(eq(navigationMarkers.id, id)).returning();
  return row;
}

export async function findDeviceNavigation(db: Db, deviceId: number): Promise<NavigationDeviceRow | undefined> {
  const [row] = await db.select().from(navigationDevices).where(eq(navigationDevices.deviceId, deviceId));
  return row;
}

/**
 * Saves a device's map and raises its version. With an object and a position, the device's own marker on that object
 * follows (created or moved), and its marker on an object it left goes: one truth for "where this screen stands".
 */
export async function saveDeviceNavigation(
  db: Db,
  deviceId: number,
  values: Pick<NavigationDeviceRow, 'objectId' | 'x' | 'y' | 'comment' | 'placeholder' | 'markers'>,
): Promise<NavigationDeviceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(navigationDevices)
      .values({ deviceId, ...values, version: 1, sentVersion: 0 })
      .onConflictDoUpdate({ target: navigationDevices.deviceId, set: { ...values, version: sql`${navigationDevices.version} + 1` } })
      .returning();
    const others = values.objectId === null ? sql`true` : ne(navigationMarkers.objectId, values.objectId);
    await tx.delete(navigationMarkers).where(and(eq(navigationMarkers.deviceId, deviceId), others));
    if (values.objectId !== null) {
      const moved = await tx
        .update(navigationMarkers)
        .set({ x: values.x, y: values.y })
        .where(and(eq(navigationMarkers.deviceId, deviceId), eq(navigationMarkers.objectId, values.objectId)))
        .returning({ id: navigationMarkers.id });
      if (!moved.length) {
        await tx.insert(navigationMarkers).values({ objectId: values.objectId, kind: 'device', deviceId, x: values.x, y: values.y, color: '#0f6cbd', description: '' });
      }
    }
    return row!;
  });
}

/** Freezes what the player will read and raises sent_version (never below the saved version). */
export async function markSent(db: Db, deviceId: number, sent: (sentVersion: number) => PlayerNavigation): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(navigationDevices).where(eq(navigationDevices.deviceId, deviceId)).for('update');
    const sentVersion = Math.max(row!.sentVersion + 1, row!.version);
    await tx.update(navigationDevices).set({ sentVersion, sent: sent(sentVersion), sentAt: sql`now()` }).where(eq(navigationDevices.deviceId, deviceId));
    return sentVersion;
  });
}

/** Ensures the device has a navigation row (a send before any save publishes the defaults). */
export async function ensureDeviceNavigation(db: Db, deviceId: number, defaults: Pick<NavigationDeviceRow, 'placeholder'>): Promise<void> {
  await db
    .insert(navigationDevices)
    .values({ deviceId, objectId: null, x: 0.5, y: 0.5, comment: '', placeholder: defaults.placeholder, markers: null, version: 0, sentVersion: 0 })
    .onConflictDoNothing();
}

export async function markersByIds(db: Db, objectId: number, ids: number[] | null): Promise<MarkerRow[]> {
  const conditions = [eq(navigationMarkers.objectId, objectId)];
  if (ids) conditions.push(ids.length ? inArray(navigationMarkers.id, ids) : sql`false`);
  return db.select().from(navigationMarkers).where(and(...conditions)).orderBy(asc(navigationMarkers.id));
}

/** Sent versions changed since `since` (all sent ones when null), for the heartbeat answer's navigation_version. */
export async function sentVersionsSince(db: Db, since: Date | null): Promise<{ deviceId: number; sentVersion: number; sentAt: Date }[]> {
  const condition = since ? gt(navigationDevices.sentAt, since) : isNotNull(navigationDevices.sentAt);
  return db
    .select({ deviceId: navigationDevices.deviceId, sentVersion: navigationDevices.sentVersion, sentAt: navigationDevices.sentAt })
    .from(navigationDevices)
    .where(condition) as Promise<{ deviceId: number; sentVersion: number; sentAt: Date }[]>;
}

export async function sentNavigation(db: Db, deviceId: number): Promise<Pick<NavigationDeviceRow, 'sent' | 'sentVersion'> | undefined> {
  const [row] = await db.select({ sent: navigationDevices.sent, sentVersion: navigationDevices.sentVersion }).from(navigationDevices).where(eq(navigationDevices.deviceId, deviceId));
  return row;
}

/** Offices (of one company, or all) with their objects' ids and names, for the office picker. */
export async function officesWithObjects(
  db: Db,
  companyId: number | undefined,
  visibleCompanies: readonly number[] | null,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: { id: number; name: string; companyId: number; companyName: string; objects: { id: number; name: string }[] }[] }> {
  const conditions = [
    ...(companyId ? [sql`o.company_id = ${companyId}`] : []),
    ...(visibleCompanies ? [visibleCompanies.length ? sql`o.company_id IN (${sql.join(visibleCompanies.map((id) => sql`${id}`), sql`, `)})` : sql`false`] : []),
  ];
  const where = conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const result = (await db.execute(sql`
    SELECT o.id, o.name, o.company_id, c.name AS company_name, count(*) OVER () AS total,
      coalesce((SELECT json_agg(json_build_object('id', n.id, 'name', n.name) ORDER BY n.name, n.id) FROM navigation_objects n WHERE n.office_id = o.id), '[]'::json) AS objects
    FROM offices o JOIN companies c ON c.id = o.company_id
    ${where}
    ORDER BY c.name, o.name, o.id
    LIMIT ${limit} OFFSET ${offset}`)) as unknown as { rows: { id: number; name: string; company_id: number; company_name: string; total: string | number; objects: unknown }[] };
  const rows = result.rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    companyId: Number(r.company_id),
    companyName: r.company_name,
    objects: (typeof r.objects === 'string' ? JSON.parse(r.objects) : r.objects) as { id: number; name: string }[],
  }));
  let total = result.rows.length ? Number(result.rows[0]!.total) : 0;
  if (!result.rows.length && offset > 0) {
    const count = (await db.execute(sql`SELECT count(*) AS total FROM offices o ${where}`)) as unknown as { rows: { total: string | number }[] };
    total = Number(count.rows[0]!.total);
  }
  return { total, rows };
}
