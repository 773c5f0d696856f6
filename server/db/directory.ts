import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { DirectoryQuery } from '../../src/services/schemas/directory.ts';
import type { Db } from './index.ts';
import { directoryQueries, type DirectoryQueryRow, type MediaFileRow } from './media.schema.ts';

export function toDirectoryQuery(row: DirectoryQueryRow): DirectoryQuery {
  return {
    id: row.id,
    name: row.name,
    value: row.value,
    type: row.type,
    device: row.device,
    screen: row.screen,
    active: row.active,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

export async function listDirectoryQueries(db: Db, limit: number, offset: number): Promise<{ total: number; rows: DirectoryQueryRow[] }> {
  const [{ total }] = (await db.select({ total: count() }).from(directoryQueries)) as [{ total: number }];
  const rows = await db.select().from(directoryQueries).orderBy(asc(directoryQueries.id)).limit(limit).offset(offset);
  return { total: Number(total), rows };
}

export async function findDirectoryQuery(db: Db, id: number): Promise<DirectoryQueryRow | undefined> {
  const [row] = await db.select().from(directoryQueries).where(eq(directoryQueries.id, id));
  return row;
}

type QueryFields = Pick<DirectoryQueryRow, 'name' | 'value' | 'type' | 'device' | 'screen' | 'active'>;

/** Answers undefined when the name is taken. */
export async function insertDirectoryQuery(db: Db, values: QueryFields): Promise<DirectoryQueryRow | undefined> {
  const [row] = await db.insert(directoryQueries).values(values).onConflictDoNothing({ target: directoryQueries.name }).returning();
  return row;
}

export async function findDirectoryQueryByName(db: Db, name: string): Promise<DirectoryQueryRow | undefined> {
  const [row] = await db.select().from(directoryQueries).where(eq(directoryQueries.name, name));
  return row;
}

export async function updateDirectoryQuery(db: Db, id: number, patch: Partial<QueryFields>): Promise<DirectoryQueryRow | undefined> {
  const [row] = await db
    .update(directoryQueries)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(directoryQueries.id, id))
    .returning();
  return row;
}

export async function deleteDirectoryQuery(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(directoryQueries).where(eq(directoryQueries.id, id)).returning({ id: directoryQueries.id });
  return rows.length > 0;
}

/** The active presets that apply to media of this kind, screen position and device type. */
export async function activeQueriesFor(
  db: Db,
  media: Pick<MediaFileRow, 'kind' | 'screenPosition' | 'deviceType'>,
): Promise<DirectoryQueryRow[]> {
  return db
    .select()
    .from(directoryQueries)
    .where(
      and(
        eq(directoryQueries.active, true),
        eq(directoryQueries.type, media.kind),
        eq(directoryQueries.screen, media.screenPosition),
        eq(directoryQueries.device, media.deviceType),
      ),
    )
    .orderBy(asc(directoryQueries.id));
}
