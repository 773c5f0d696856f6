import fs from 'node:fs/promises';
import path from 'node:path';
import { createTokenService } from './auth/tokens.ts';
import { hashPassword, randomPassword } from './auth/passwords.ts';
import { ActiveUserCache, PlayerCache } from './caches.ts';
import type { ServerConfig } from './config.ts';
import type { AppContext } from './context.ts';
import { ContactWriter } from './db/heartbeats.ts';
import { migrate, openDatabase, type OpenDatabaseOptions } from './db/index.ts';
import { countUsers, insertUser } from './db/users.ts';
import { createMediaStore } from './media/storage.ts';

/** Opens the database (an in-memory one from `options.loadDataDir` when given: tests), applies migrations and builds the context every route plugin receives. */
export async function createContext(config: ServerConfig, options: OpenDatabaseOptions = {}): Promise<AppContext> {
  const database = await openDatabase(config, options);
  await migrate(database);
  const activeUsers = new ActiveUserCache();
  const tokens = await createTokenService(
    database.db,
    { accessSeconds: config.accessTtlSeconds, refreshSeconds: config.refreshTtlSeconds },
    // A logout or a reuse through this instance refuses the session's access tokens here at once (others within CACHE_TTL_MS).
    (familyId) => activeUsers.endFamily(familyId),
  );
  const contacts = new ContactWriter(database.db, (error, dropped) => {
    if (dropped) console.warn(`A heartbeat contact of device ${dropped.deviceId} was refused by the database and dropped: ${(error as Error).message}`);
    else console.warn('Writing heartbeat contacts failed; they are kept for the next write', error);
  });
  const media = await createMediaStore(config);
  return { config, database, db: database.db, tokens, activeUsers, players: new PlayerCache(), contacts, media };
}

/**
 * On an empty database, creates the administrator (user id 1, "admin") with a random password,
 * written to DATA_DIR/initial-admin-password. Answers the password when it created one.
 */
export async function ensureAdmin(ctx: AppContext, password = randomPassword()): Promise<string | null> {
  if ((await countUsers(ctx.db)) > 0) return null;
  const row = await insertUser(ctx.db, 'admin', await hashPassword(password, ctx.config.passwordScryptCost));
  if (!row) return null;
  if (!ctx.config.inMemory) {
    await fs.mkdir(ctx.config.dataDir, { recursive: true });
    await fs.writeFile(path.join(ctx.config.dataDir, 'initial-admin-password'), `${password}\n`, { mode: 0o600 });
  }
  return password;
}
