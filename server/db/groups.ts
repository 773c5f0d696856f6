import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Db } from './index.ts';
import { userGroupCompanies, userGroupMembers, userGroups } from './groups.schema.ts';
import { companies } from './devices.schema.ts';
import type { Group, Permissions } from '../../src/services/schemas/groups.ts';

type GroupRow = typeof userGroups.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

const permissionsOf = (row: GroupRow): Permissions => ({
  devices: row.permDevices,
  media: row.permMedia,
  playlists: row.permPlaylists,
  campaigns: row.permCampaigns,
  statistics: row.permStatistics,
  company: row.permCompany,
});

/** Column values of a (partial) permissions object. */
export function permissionColumns(permissions: Partial<Permissions>): Partial<GroupRow> {
  const columns: Partial<GroupRow> = {};
  if (permissions.devices) columns.permDevices = permissions.devices;
  if (permissions.media) columns.permMedia = permissions.media;
  if (permissions.playlists) columns.permPlaylists = permissions.playlists;
  if (permissions.campaigns) columns.permCampaigns = permissions.campaigns;
  if (permissions.statistics) columns.permStatistics = permissions.statistics;
  if (permissions.company) columns.permCompany = permissions.company;
  return columns;
}

async function withCompanies(db: Executor, rows: GroupRow[]): Promise<Group[]> {
  if (!rows.length) return [];
  const links = await db
    .select()
    .from(userGroupCompanies)
    .where(inArray(userGroupCompanies.groupId, rows.map((r) => r.id)))
    .orderBy(asc(userGroupCompanies.companyId));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    companies: links.filter((l) => l.groupId === row.id).map((l) => l.companyId),
    permissions: permissionsOf(row),
  }));
}

export async function listGroups(db: Db, limit: number, offset: number): Promise<{ total: number; groups: Group[] }> {
  const [{ total }] = (await db.select({ total: count() }).from(userGroups)) as [{ total: number }];
  const rows = await db.select().from(userGroups).orderBy(asc(userGroups.name), asc(userGroups.id)).limit(limit).offset(offset);
  return { total: Number(total), groups: await withCompanies(db, rows) };
}

export async function findGroup(db: Db, id: number): Promise<Group | undefined> {
  const rows = await db.select().from(userGroups).where(eq(userGroups.id, id));
  return (await withCompanies(db, rows))[0];
}

export async function findGroupByName(db: Db, name: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.name, name));
  return row;
}

/** The ids among `ids` that name no company. */
export async function missingCompanies(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: companies.id }).from(companies).where(inArray(companies.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/** The ids among `ids` that name no group. */
export async function missingGroups(db: Db, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db.select({ id: userGroups.id }).from(userGroups).where(inArray(userGroups.id, [...ids]));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

async function replaceCompanies(tx: Executor, groupId: number, companyIds: readonly number[]): Promise<void> {
  await tx.delete(userGroupCompanies).where(eq(userGroupCompanies.groupId, groupId));
  const unique = [...new Set(companyIds)];
  if (unique.length) await tx.insert(userGroupCompanies).values(unique.map((companyId) => ({ groupId, companyId })));
}

export async function insertGroup(db: Db, values: { name: string; companies: readonly number[]; permissions: Partial<Permissions> }): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(userGroups)
      .values({ name: values.name, ...permissionColumns(values.permissions) })
      .returning({ id: userGroups.id });
    await replaceCompanies(tx, row!.id, values.companies);
    return row!.id;
  });
}

export async function updateGroup(
  db: Db,
  id: number,
  patch: { name?: string; companies?: readonly number[]; permissions?: Partial<Permissions> },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const columns = { ...(patch.name !== undefined ? { name: patch.name } : {}), ...permissionColumns(patch.permissions ?? {}) };
    const [row] = Object.keys(columns).length
      ? await tx.update(userGroups).set(columns).where(eq(userGroups.id, id)).returning({ id: userGroups.id })
      : await tx.select({ id: userGroups.id }).from(userGroups).where(eq(userGroups.id, id)).for('update');
    if (!row) return false;
    if (patch.companies) await replaceCompanies(tx, id, patch.companies);
    return true;
  });
}

export async function deleteGroup(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(userGroups).where(eq(userGroups.id, id)).returning({ id: userGroups.id });
  return rows.length > 0;
}

/** Group ids of each user, ascending. */
export async function groupsOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return map;
  const rows = await db
    .select()
    .from(userGroupMembers)
    .where(inArray(userGroupMembers.userId, [...userIds]))
    .orderBy(asc(userGroupMembers.groupId));
  for (const row of rows) map.get(row.userId)?.push(row.groupId);
  return map;
}

/** Replaces a user's groups (ids checked by the caller). */
export async function setUserGroups(db: Executor, userId: number, groupIds: readonly number[]): Promise<void> {
  await db.delete(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  const unique = [...new Set(groupIds)];
  if (unique.length) await db.insert(userGroupMembers).values(unique.map((groupId) => ({ userId, groupId })));
}

/** Members of a group (for the group editor's count). */
export async function memberCount(db: Db, groupId: number): Promise<number> {
  const [{ total }] = (await db.select({ total: count() }).from(userGroupMembers).where(eq(userGroupMembers.groupId, groupId))) as [{ total: number }];
  return Number(total);
}

