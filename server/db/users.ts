import { asc, count, eq } from 'drizzle-orm';
import type { Db } from './index.ts';
import { users } from './schema.ts';
import type { User } from '../../src/services/schemas/users.ts';
import { ADMIN_USER_ID } from '../plugins/auth.ts';
import { setUserGroups } from './groups.ts';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow, groups: number[] = []): User {
  return {
    id: row.id,
    username: row.username,
    is_active: row.isActive,
    is_admin: row.id === ADMIN_USER_ID,
    date_joined: row.createdAt.toISOString(),
    groups,
    two_factor: row.twoFactorEnabledAt !== null,
  };
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.username, username));
  return row;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function listUsers(db: Db, limit: number, offset: number): Promise<{ total: number; rows: UserRow[] }> {
  const [{ total }] = (await db.select({ total: count() }).from(users)) as [{ total: number }];
  const rows = await db.select().from(users).orderBy(asc(users.id)).limit(limit).offset(offset);
  return { total: Number(total), rows };
}

/** Creates a user with their groups (ids checked by the caller); undefined when the username is taken. */
export async function insertUser(db: Db, username: string, passwordHash: string, groupIds: readonly number[] = []): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(users).values({ username, passwordHash }).onConflictDoNothing({ target: users.username }).returning();
    if (row && groupIds.length) await setUserGroups(tx, row.id, groupIds);
    return row;
  });
}

export async function updateUser(db: Db, id: number, patch: Partial<Pick<UserRow, 'username' | 'passwordHash' | 'isActive'>>): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(patch).where(eq(users.id, id)).returning();
  return row;
}

export async function deleteUser(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length > 0;
}

export async function countUsers(db: Db): Promise<number> {
  const [{ total }] = (await db.select({ total: count() }).from(users)) as [{ total: number }];
  return Number(total);
}
