/*
 * In-process caches of what the hot paths would otherwise read from the database on every request: whether a
 * signed-in user is still active, and a player's credentials and pending work. Several instances may share one
 * PostgreSQL (DATABASE_URL), and a write through another instance never reaches this one's memory, so every entry
 * is trusted only for a bounded time after it was read from (or written to) the database: CACHE_TTL_MS is the
 * longest a change made elsewhere stays unseen here. Player entries last longer while the device change log is
 * watched (see PlayerCache.isFresh): a change then reaches this instance with the next poll, about twice a second. Writes through this instance drop the entries they affect
 * at once, and a read that was under way while an entry was dropped is not stored (the generation check).
 */

/** How long an entry read from the database is trusted: the staleness bound for changes made by other instances. */
export const CACHE_TTL_MS = 2000;

/**
 * Player entries while the device change log is watched (server/db/deviceChanges.ts): an entry stays valid until the
 * log names its device, as long as the last completed poll of the log began less than CACHE_TTL_MS ago (otherwise
 * the plain time-to-live applies again), and never longer than this.
 */
export const WATCHED_ENTRY_MAX_AGE_MS = 5 * 60_000;

/** What decides whether a user's access token is current: see tokenIsCurrent. */
export interface UserSession {
  generation: number;
  keptFamily: string | null;
  /** How a company's two-factor requirement holds them (server/auth/twoFactor.ts, EnrolRequirement). */
  enrol?: 'none' | 'password' | 'always';
}

/**
 * Whether an access token of generation `generation` from refresh family `family` is current for a user whose row
 * holds `session`: tokens minted since the last password change or deactivation, and those of the session that made it.
 */
export function tokenIsCurrent(session: UserSession, generation: number, family: string | undefined): boolean {
  return generation === session.generation || (family !== undefined && family === session.keptFamily);
}

/**
 * Users found active in the database, each with its token generation (UserSession) until its entry expires. Inactive
 * or deleted users are never cached.
 */
export class ActiveUserCache {
  private readonly entries = new Map<number, { until: number; session: UserSession }>();
  private generation = 0;

  constructor(
    private readonly ttlMs = CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Call before reading the user from the database; hand the answer to confirm(). */
  begin(): { generation: number; at: number } {
    return { generation: this.generation, at: this.now() };
  }

  isActive(id: number): boolean {
    return this.live(id) !== undefined;
  }

  /**
   * Whether a token of this generation and family is current for the user by the cached entry; undefined when there is
   * no live entry, or the token is newer than it (minted after a change made elsewhere): then read the database.
   */
  accepts(id: number, generation: number, family: string | undefined): boolean | undefined {
    const session = this.live(id);
    if (!session || generation > session.generation) return undefined;
    return tokenIsCurrent(session, generation, family);
  }

  /** How the cached entry says a company's two-factor requirement holds the user; undefined without a live entry. */
  enrolRequirement(id: number): UserSession['enrol'] {
    return this.live(id)?.enrol;
  }

  /** A company's two-factor requirement changed through this instance: every user's entry and token is read again. */
  forgetAll(): void {
    this.generation += 1;
    this.entries.clear();
    this.apiTokens.clear();
  }

  private live(id: number): UserSession | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.session;
    this.entries.delete(id);
    return undefined;
  }

  /** Records that the read begun at `read` found the user active (ignored when an entry was dropped meanwhile). */
  confirm(id: number, read: { generation: number; at: number }, session: UserSession = { generation: 0, keptFamily: null }): void {
    if (read.generation === this.generation) this.entries.set(id, { until: read.at + this.ttlMs, session });
  }

  /** The user was deleted, deactivated or changed their password through this instance. */
  forget(id: number): void {
    this.generation += 1;
    this.entries.delete(id);
    this.apiTokens.clear();
  }

  private readonly families = new Map<string, number>();
  private familyGeneration = 0;
  /** At most this many open sessions remembered (the oldest forgotten first): a few hundred kB. */
  private static readonly FAMILIES = 10_000;

  /** Whether the refresh family is known open (read from the database less than the TTL ago): undefined to read it. */
  familyOpen(family: string): boolean | undefined {
    const until = this.families.get(family);
    if (until === undefined) return undefined;
    if (until > this.now()) return true;
    this.families.delete(family);
    return undefined;
  }

  /** Call before reading a family from the database; hand the answer to confirmFamily(). */
  beginFamily(): { generation: number; at: number } {
    return { generation: this.familyGeneration, at: this.now() };
  }

  /** Records that the read begun at `read` found the family open (ignored when a family was ended meanwhile). */
  confirmFamily(family: string, read: { generation: number; at: number }): void {
    if (read.generation !== this.familyGeneration) return;
    if (this.families.size >= ActiveUserCache.FAMILIES) this.families.delete(this.families.keys().next().value!);
    this.families.set(family, read.at + this.ttlMs);
  }

  /** The family was revoked through this instance (logout, refresh reuse): its access tokens are refused at once. */
  endFamily(family: string): void {
    this.familyGeneration += 1;
    this.families.delete(family);
  }

  // API tokens (issue 40) found valid in the database, by the SHA-256 of their secret: a revocation, an expiry or the
  // user's deactivation through another instance is seen here within the TTL; through this one, at once.
  private readonly apiTokens = new Map<string, { until: number; token: CachedApiToken }>();
  private apiTokenGeneration = 0;

  /** The valid token with this hash, read less than the TTL ago; undefined to read the database. */
  apiToken(hash: string): CachedApiToken | undefined {
    const entry = this.apiTokens.get(hash);
    if (entry === undefined) return undefined;
    if (entry.until > this.now()) return entry.token;
    this.apiTokens.delete(hash);
    return undefined;
  }

  /** Call before reading a token from the database; hand the answer to confirmApiToken(). */
  beginApiToken(): { generation: number; at: number } {
    return { generation: this.apiTokenGeneration + this.generation, at: this.now() };
  }

  /** Records that the read begun at `read` found the token valid (ignored when a token or user was dropped meanwhile). */
  confirmApiToken(hash: string, read: { generation: number; at: number }, token: CachedApiToken): void {
    if (read.generation !== this.apiTokenGeneration + this.generation) return;
    if (this.apiTokens.size >= ActiveUserCache.FAMILIES) this.apiTokens.delete(this.apiTokens.keys().next().value!);
    this.apiTokens.set(hash, { until: read.at + this.ttlMs, token });
  }

  /** A token was revoked, or a user deactivated, through this instance: every cached token is read again. */
  forgetApiTokens(): void {
    this.apiTokenGeneration += 1;
    this.apiTokens.clear();
  }
}

/** An API token as the auth check needs it (see server/auth/apiTokens.ts). */
export interface CachedApiToken {
  id: number;
  userId: number;
  name: string;
  /** The token's own rights per area (areas it was not given are absent: none). */
  permissions: Partial<Record<string, 'none' | 'view' | 'edit'>>;
  /** Own clock (ms), or null: never. */
  expiresAt: number | null;
  /** Own clock (ms) of the last use written to the database, or null. */
  lastUsedAt: number | null;
  /** Its user has no second factor and a company of theirs requires one: refused until they enrol (403 two_factor_required). */
  held?: boolean;
}

/** What a heartbeat needs to know about a device, as last read from or written to the database. */
export interface CachedPlayer {
  id: number;
  serial: string;
  key: string;
  isActive: boolean;
  scheduleVersion: number;
  configVersion: number;
  /** Stored values a heartbeat may change: a report that differs from them is written at once. */
  ip: string | null;
  version: string;
  scheduleState: string;
  scheduleExpiry: number | null;
  /** What the device row says it plays (file and event; null: nothing or never reported). */
  playingEvent: number | null;
  playingMedia: number | null;
  /** What the player last reported of its screen ('on', 'off'; null: never said). */
  display: string | null;
  /** Own clock (ms) no later than the stored last_connection, or null when the device was never in contact. */
  contactAt: number | null;
  signedOff: boolean;
  commandsPending: boolean;
  /** Own clock (ms) no later than the moment the database answered this entry. */
  readAt: number;
}

/** Player credentials and state by serial number. */
export class PlayerCache {
  private readonly bySerial = new Map<string, CachedPlayer>();
  private readonly serialById = new Map<number, string>();
  private generation = 0;

  constructor(
    readonly ttlMs = CACHE_TTL_MS,
    readonly now: () => number = Date.now,
  ) {}

  begin(): { generation: number; at: number } {
    return { generation: this.generation, at: this.now() };
  }

  /** The entry of a serial however old (see isFresh), or undefined. */
  get(serial: string): CachedPlayer | undefined {
    return this.bySerial.get(serial);
  }

  /** Own-clock start of the last poll of the device change log that completed, or null while none did. */
  private watchedAt: number | null = null;

  /** A poll of the change log that began at `startedAt` has dropped every device it named. */
  confirmWatched(startedAt: number): void {
    this.watchedAt = startedAt;
  }

  isFresh(entry: CachedPlayer, at = this.now()): boolean {
    if (this.watchedAt !== null && at - this.watchedAt < this.ttlMs) return at - entry.readAt < WATCHED_ENTRY_MAX_AGE_MS;
    return at - entry.readAt < this.ttlMs;
  }

  /** Stores what a database read or write begun at `read` answered; ignored when an entry was dropped since, or a newer one is stored. */
  store(entry: CachedPlayer, read: { generation: number }): void {
    if (read.generation !== this.generation) return;
    const current = this.bySerial.get(entry.serial);
    if (current && current.readAt > entry.readAt) return;
    if (current && current.id !== entry.id) this.serialById.delete(current.id);
    this.bySerial.set(entry.serial, entry);
    this.serialById.set(entry.id, entry.serial);
  }

  /** A read answered that no device has this serial. */
  forgetSerial(serial: string, read: { generation: number }): void {
    if (read.generation !== this.generation) return;
    const current = this.bySerial.get(serial);
    if (!current) return;
    this.bySerial.delete(serial);
    this.serialById.delete(current.id);
  }

  /**
   * A command was queued for the device (nothing else of it changed): its entry stays, marked so that its next heartbeat
   * goes to the database to claim the command, without a read first. A read or write begun before is not stored (it may
   * say no command waits).
   */
  commandQueued(id: number): void {
    this.generation += 1;
    const serial = this.serialById.get(id);
    const entry = serial === undefined ? undefined : this.bySerial.get(serial);
    if (entry) entry.commandsPending = true;
  }

  /** Whether an entry of this device is held (its schedule version is worth reading when it moves). */
  holds(id: number): boolean {
    return this.serialById.has(id);
  }

  /**
   * The device's schedule version moved to `version` (read from the database after the change log named it; issue
   * 35.20): its entry stays, with the new version, so its heartbeats are still answered from memory while an override or
   * a publish reaches every screen (dropping the entry sent each of them to the database, behind the compile and the
   * schedule downloads). A read or write begun before is not stored (it may hold the old version).
   */
  scheduleMoved(id: number, version: number): void {
    this.generation += 1;
    const serial = this.serialById.get(id);
    const entry = serial === undefined ? undefined : this.bySerial.get(serial);
    if (entry && version > entry.scheduleVersion) entry.scheduleVersion = version;
  }

  /** The device was changed through this instance (edited, activated, deleted, a config saved, signed off). */
  forgetDevice(id: number): void {
    this.generation += 1;
    const serial = this.serialById.get(id);
    if (serial === undefined) return;
    this.serialById.delete(id);
    this.bySerial.delete(serial);
  }
}
