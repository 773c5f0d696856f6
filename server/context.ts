import type { ServerConfig } from './config.ts';
import type { Database, Db } from './db/index.ts';
import type { TokenService } from './auth/tokens.ts';
import type { ActiveUserCache, PlayerCache } from './caches.ts';
import type { ContactWriter } from './db/heartbeats.ts';
import type { MediaStore } from './media/storage.ts';

/** What every route plugin receives: configuration, the database, the token service and this instance's caches (see caches.ts). */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
  activeUsers: ActiveUserCache;
  players: PlayerCache;
  /** Heartbeat contacts waiting to be written (see ContactWriter). */
  contacts: ContactWriter;
  /** Where files are kept (DATA_DIR or an S3 bucket shared by every instance). */
  media: MediaStore;
}
