import path from 'node:path';
import type { DeviceJobOptions } from './jobs/deviceJobWorker.ts';
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
  /**
   * scrypt's cost N for the password hashes this server writes (default 16384). Test servers lower it: each hash names
   * its own N, so a check reads whatever N the hash was made with, and the tests sign in and create users thousands of times.
   */
  passwordScryptCost?: number;
  /** How often the schedule compiler drains its queue (ms; 0: never, schedules are then compiled by publish, playlist commits and dev2 reads alone). */
  scheduleCompileMs?: number;
  /** Days plays are kept: older ones are refused at ingest and deleted, with their hourly roll-ups, by the retention sweep. */
  playRetentionDays?: number;
  /** How often the retention sweep runs (ms; 0: never). */
  playRetentionSweepMs?: number;
  /** Where files are kept: DATA_DIR (default) or an S3-compatible bucket (MEDIA_STORE=s3). */
  mediaStore: MediaStoreConfig;
  /** The longest a request may take to arrive whole, headers and body (ms; 0: no limit): 408 and closed after it. */
  requestTimeoutMs?: number;
  /** The longest a request body may pause between bytes before its connection is closed (ms; 0: no limit). */
  bodyIdleTimeoutMs?: number;
  /** A media job (probe, render) whose instance stopped beating for this long is taken over by another's worker (s). */
  mediaJobStaleSeconds?: number;
  /** Webhooks and offline alerts (issue 29; README, "Webhooks and offline alerts"). */
  webhooks?: Partial<WebhookConfig>;
  /** How often each instance claims URL datasets due for a read (ms; 0: never; DATASET_TICK_MS, default 30000). */
  datasetTickMs?: number;
  /** How each instance's bulk-action worker paces its jobs (issue 41; server/jobs/deviceJobWorker.ts); tests and benches set it. */
  deviceJobs?: DeviceJobOptions;
  /** Single sign-on with OpenID Connect (issue 40; README, "Single sign-on"); off when unset. */
  oidc?: OidcConfig;
  /**
   * TWO_FACTOR_KEY: the key the users' TOTP secrets are sealed with (AES-256-GCM, the key its SHA-256), so that a dump of
   * the database alone does not give them away. Unset: they are stored as they are (README says so).
   */
  twoFactorKey?: string;
}


/** The OIDC_* settings: Vitrine as a relying party of one OpenID provider. */
export interface OidcConfig {
  /** OIDC_ISSUER: the provider's issuer URL (its discovery document is at /.well-known/openid-configuration under it). */
  issuer: string;
  /** OIDC_CLIENT_ID and OIDC_CLIENT_SECRET: Vitrine's registration at the provider. */
  clientId: string;
  clientSecret: string;
  /** OIDC_REDIRECT_URL: the address registered at the provider, https://<panel>/api/v1/auth/oidc/callback/. */
  redirectUrl: string;
  /** OIDC_GROUPS_CLAIM: the claim (of the ID token, else of the userinfo answer) that lists the user's groups; default `groups`. */
  groupsClaim: string;
  /** OIDC_SCOPES: the scopes asked for (space-separated); default `openid profile email` (Okta, for one, wants `groups` too). */
  scopes: string;
  /** OIDC_NAME: the provider's name on the login page's button ("Sign in with <name>"); default `SSO`. */
  name: string;
}

/** The OIDC_* variables: undefined when OIDC_ISSUER is unset; a half-done configuration stops the start, naming what is missing. */
export function oidcFromEnv(env: NodeJS.ProcessEnv = process.env): OidcConfig | undefined {
  const read = (name: string) => env[name]?.trim() || undefined;
  const issuer = read('OIDC_ISSUER');
  if (!issuer) return undefined;
  const required = ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET', 'OIDC_REDIRECT_URL'] as const;
  const missing = required.filter((name) => !read(name));
  if (missing.length) throw new Error(`OIDC_ISSUER is set: set ${missing.join(', ')} too`);
  for (const name of ['OIDC_ISSUER', 'OIDC_REDIRECT_URL'] as const) {
    if (!URL.canParse(read(name)!) || !/^https?:$/.test(new URL(read(name)!).protocol)) throw new Error(`${name} must be an http(s) URL, got "${read(name)}"`);
  }
  return {
    issuer,
    clientId: read('OIDC_CLIENT_ID')!,
    clientSecret: read('OIDC_CLIENT_SECRET')!,
    redirectUrl: read('OIDC_REDIRECT_URL')!,
    groupsClaim: read('OIDC_GROUPS_CLAIM') ?? 'groups',
    scopes: read('OIDC_SCOPES') ?? 'openid profile email',
    name: read('OIDC_NAME') ?? 'SSO',
  };
}

export interface WebhookConfig {
  /** WEBHOOK_ALLOW_PRIVATE=1: endpoints may point at loopback, link-local and private addresses. */
  allowPrivate: boolean;
  /** How often each instance's worker claims due deliveries (ms; 0: never). */
  tickMs: number;
  /** The first retry waits this long; each next one twice as long, at most retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** A delivery is given up, and an endpoint failing throughout is switched off, after this long (24 h). */
  giveUpMs: number;
  /** How long one attempt may take, whole (lookup, connection, request, the answer's last byte), before it counts as failed. */
  timeoutMs: number;
  /** A delivery's claim lasts timeoutMs and this margin (30 s); then another instance may take it over. Tests shorten it. */
  leaseMarginMs?: number;
  /** How often the offline detector runs (ms; 0: never). */
  offlineCheckMs: number;
  /** smtp(s)://user:pass@host:port: offline alerts also go by email. */
  smtpUrl?: string;
  smtpFrom: string;
}

/** The webhook settings with their defaults (see WebhookConfig). */
export function webhookConfig(config: Pick<ServerConfig, 'webhooks'>): WebhookConfig {
  return {
    allowPrivate: false,
    tickMs: 1000,
    retryBaseMs: 30_000,
    retryMaxMs: 3_600_000,
    giveUpMs: 86_400_000,
    timeoutMs: 10_000,
    offlineCheckMs: 30_000,
    smtpFrom: 'Vitrine <vitrine@localhost>',
    ...config.webhooks,
  };
}

function webhooksFromEnv(): Partial<WebhookConfig> {
  const env = process.env;
  const set = <K extends keyof WebhookConfig>(key: K, value: WebhookConfig[K] | undefined) => (value === undefined ? {} : { [key]: value });
  const int = (name: string) => (env[name] === undefined || env[name] === '' ? undefined : intFromEnv(name, 0));
  return {
    ...set('allowPrivate', env.WEBHOOK_ALLOW_PRIVATE === undefined ? undefined : /^(1|true|yes)$/i.test(env.WEBHOOK_ALLOW_PRIVATE)),
    ...set('tickMs', int('WEBHOOK_TICK_MS')),
    ...set('retryBaseMs', int('WEBHOOK_RETRY_BASE_MS')),
    ...set('retryMaxMs', int('WEBHOOK_RETRY_MAX_MS')),
    ...set('giveUpMs', int('WEBHOOK_GIVE_UP_MS')),
    ...set('timeoutMs', int('WEBHOOK_TIMEOUT_MS')),
    ...set('offlineCheckMs', int('OFFLINE_CHECK_INTERVAL_MS')),
    ...set('smtpUrl', env.SMTP_URL?.trim() || undefined),
    ...set('smtpFrom', env.SMTP_FROM?.trim() || undefined),
  };
}

export type MediaStoreConfig = { kind: 'local' } | S3StoreConfig;

export interface S3StoreConfig {
  kind: 's3';
  /** https://host:port of MinIO, Ceph RGW and the like; unset for AWS S3. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, profile, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Player downloads of files at least this large answer a presigned redirect (0: never, the bytes pass through the API). */
  presignMinBytes: number;
  presignSeconds: number;
}

/** MEDIA_STORE and the S3_* variables (README, "Media store"). */
export function mediaStoreFromEnv(): MediaStoreConfig {
  const env = process.env;
  const kind = (env.MEDIA_STORE ?? 'local').trim().toLowerCase();
  if (kind === '' || kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`MEDIA_STORE must be "local" or "s3", got "${env.MEDIA_STORE}"`);
  const bucket = env.S3_BUCKET?.trim();
  if (!bucket) throw new Error('MEDIA_STORE=s3 needs S3_BUCKET');
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY) throw new Error('Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither');
  return {
    kind: 's3',
    endpoint: env.S3_ENDPOINT?.trim() || undefined,
    bucket,
    region: env.S3_REGION?.trim() || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: /^(1|true|yes)$/i.test(env.S3_FORCE_PATH_STYLE ?? ''),
    presignMinBytes: intFromEnv('S3_PRESIGN_MIN_BYTES', 0),
    presignSeconds: Math.max(1, intFromEnv('S3_PRESIGN_SECONDS', 300)),
  };
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
    mediaStore: mediaStoreFromEnv(),
    requestTimeoutMs: intFromEnv('REQUEST_TIMEOUT_MS', 900_000),
    bodyIdleTimeoutMs: intFromEnv('BODY_IDLE_TIMEOUT_MS', 30_000),
    mediaJobStaleSeconds: Math.max(1, intFromEnv('MEDIA_JOB_STALE_SECONDS', 60)),
    webhooks: webhooksFromEnv(),
    datasetTickMs: intFromEnv('DATASET_TICK_MS', 30_000),
    oidc: oidcFromEnv(),
    twoFactorKey: process.env.TWO_FACTOR_KEY || undefined,
    ...overrides,
  };
}
