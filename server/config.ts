import path from 'node:path';
import { DEFAULT_PLAYER_CONFIG_DIR, normaliseConfigDir } from './domain/configPaths.ts';

/** Runtime configuration of the API server, read once from the environment. */
export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  /** When set, PostgreSQL through node-postgres; otherwise embedded PGlite in dataDir (or memory). */
  databaseUrl?: string;
  /** PGlite in memory, for tests. */
  inMemory: boolean;
  staticDir: string;
  localesDir: string;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  /** Token-obtain attempts allowed per client address and window. */
  loginRateLimit: { max: number; windowSeconds: number };
  logLevel: string;
  demo: boolean;
  /** Where players keep their config files: every config path must lie under it (normalised, ends in "/"). */
  playerConfigDir: string;
  /** How often the schedule compiler drains its queue (ms; 0: never, schedules are then compiled by publish, playlist commits and dev2 reads alone). */
  scheduleCompileMs?: number;
  /** Days plays are kept: older ones are refused at ingest and deleted, with their hourly roll-ups, by the retention sweep. */
  playRetentionDays?: number;
  /** How often the retention sweep runs (ms; 0: never). */
  playRetentionSweepMs?: number;
}

const root = path.resolve(import.meta.dirname, '..');

function intFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number.parseInt(raw, 10);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

export function loadConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    port: intFromEnv('PORT', 8080),
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(process.env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: process.env.DATABASE_URL || undefined,
    inMemory: false,
    staticDir: path.resolve(process.env.STATIC_DIR ?? path.join(root, 'dist')),
    localesDir: path.join(root, 'locales'),
    accessTtlSeconds: intFromEnv('ACCESS_TOKEN_TTL', 300),
    refreshTtlSeconds: intFromEnv('REFRESH_TOKEN_TTL', 14 * 24 * 3600),
    loginRateLimit: { max: intFromEnv('LOGIN_RATE_LIMIT', 10), windowSeconds: intFromEnv('LOGIN_RATE_WINDOW', 60) },
    logLevel: process.env.LOG_LEVEL ?? 'info',
    demo: process.argv.includes('--demo') || process.env.DEMO === '1',
    playerConfigDir: normaliseConfigDir(process.env.PLAYER_CONFIG_DIR || DEFAULT_PLAYER_CONFIG_DIR),
    scheduleCompileMs: intFromEnv('SCHEDULE_COMPILE_INTERVAL_MS', 1000),
    playRetentionDays: Math.max(1, intFromEnv('PLAY_RETENTION_DAYS', 400)),
    playRetentionSweepMs: intFromEnv('PLAY_RETENTION_SWEEP_MS', 3_600_000),
    ...overrides,
  };
}
