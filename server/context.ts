import type { ServerConfig } from './config.ts';
import type { Database, Db } from './db/index.ts';
import type { TokenService } from './auth/tokens.ts';

/** What every route plugin receives: configuration, the database and the token service. */
export interface AppContext {
  config: ServerConfig;
  database: Database;
  db: Db;
  tokens: TokenService;
}
