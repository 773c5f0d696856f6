/*
 * What the web player keeps in the browser:
 * - localStorage `vitrine.player.*`: its serial, its device key and id, the last schedule, the config version, and
 *   the REBOOT commands to acknowledge after the reload;
 * - IndexedDB `vitrine-player`: `media` (the scheduled files as blobs, with their checksum and type) and `plays`
 *   (proof-of-play records not yet accepted by the server) and `navigation` (the screen's map and its layout image).
 * IndexedDB rather than Cache Storage: a screen on a LAN address is not a secure context, and Cache Storage (like
 * service workers and crypto.subtle) exists only in secure contexts.
 */
import type { KeptMap } from './navigation.ts';
import type { ConfigFile, PlayRecord } from './protocol.ts';
import type { DeviceSchedule } from './schedule.ts';

const PREFIX = 'vitrine.player.';

export interface Identity {
  serial: string;
  key: string | null;
  device: number | null;
}

function read(name: string): string | null {
  try {
    return localStorage.getItem(PREFIX + name);
  } catch {
    return null;
  }
}

function write(name: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(PREFIX + name);
    else localStorage.setItem(PREFIX + name, value);
  } catch {
    /* storage full or blocked: the player works on, it just forgets across reloads */
  }
}

/** A serial for a new player: WEB- and 12 characters of Crockford's base32 (crypto.getRandomValues works without TLS). */
export function newSerial(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  const chars = [...bytes].map((byte) => alphabet[byte % 32]).join('');
  return `WEB-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8)}`;
}

/** A unique id for a play (crypto.randomUUID needs a secure context; getRandomValues does not). */
export function newPlayId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const identityStore = {
  /** The stored identity; a first start makes and keeps a serial. */
  load(): Identity {
    let serial = read('serial');
    if (!serial) {
      serial = newSerial();
      write('serial', serial);
    }
    const device = Number(read('device'));
    return { serial, key: read('key'), device: Number.isInteger(device) && device > 0 ? device : null };
  },
  keep(key: string, device: number): void {
    write('key', key);
    write('device', String(device));
  },
  forgetKey(): void {
    write('key', null);
    write('device', null);
    write('schedule', null);
    write('configs', null);
  },
  loadSchedule(): DeviceSchedule | null {
    try {
      return JSON.parse(read('schedule') ?? 'null') as DeviceSchedule | null;
    } catch {
      return null;
    }
  },
  keepSchedule(schedule: DeviceSchedule): void {
    write('schedule', JSON.stringify(schedule));
  },
  /** The config files last received and their version (applied again at the next start, before any heartbeat). */
  loadConfigs(): { version: number; files: ConfigFile[] } | null {
    try {
      const kept = JSON.parse(read('configs') ?? 'null') as { version: number; files: ConfigFile[] } | null;
      return kept && typeof kept.version === 'number' && Array.isArray(kept.files) ? kept : null;
    } catch {
      return null;
    }
  },
  keepConfigs(version: number, files: ConfigFile[]): void {
    write('configs', JSON.stringify({ version, files }));
  },
  /** Commands carried out by a reload: acknowledged by the first heartbeat after it. */
  loadPendingAcks(): number[] {
    try {
      const ids = JSON.parse(read('acks') ?? '[]') as unknown;
      return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
    } catch {
      return [];
    }
  },
  keepPendingAcks(ids: number[]): void {
    write('acks', ids.length ? JSON.stringify(ids) : null);
  },
};

export interface StoredMedia {
  id: number;
  checksum: string;
  type: string;
  size: number;
  blob: Blob;
}

export interface MediaStore {
  /** Ids and checksums of the files kept (a file whose checksum changed is fetched again). */
  list(): Promise<{ id: number; checksum: string }[]>;
  get(id: number): Promise<StoredMedia | null>;
  put(media: StoredMedia): Promise<void>;
  remove(ids: number[]): Promise<void>;
}

export interface PlayStore {
  add(play: PlayRecord): Promise<void>;
  /** The oldest plays, at most `limit`. */
  take(limit: number): Promise<PlayRecord[]>;
  remove(ids: string[]): Promise<void>;
  count(): Promise<number>;
}

const DB_NAME = 'vitrine-player';
let opening: Promise<IDBDatabase> | null = null;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 3);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains('navigation')) db.createObjectStore('navigation');
      if (!db.objectStoreNames.contains('media')) db.createObjectStore('media', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('datasets')) db.createObjectStore('datasets', { keyPath: 'id' });
      if (!db.objectStoreNames.contains('plays')) db.createObjectStore('plays', { keyPath: 'id' }).createIndex('started_at', 'started_at');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error);
    };
  });
  return opening;
}

function done(request: IDBRequest | IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    if ('oncomplete' in request) {
      request.oncomplete = () => resolve();
      request.onerror = () => reject(request.error);
      request.onabort = () => reject(request.error);
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error);
    }
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Files in IndexedDB (blobs are written to disk by the browser, not held in memory). */
export const indexedDbMedia: MediaStore = {
  async list() {
    const db = await openDatabase();
    const all = await result(db.transaction('media').objectStore('media').getAll());
    return (all as StoredMedia[]).map(({ id, checksum }) => ({ id, checksum }));
  },
  async get(id) {
    const db = await openDatabase();
    return ((await result(db.transaction('media').objectStore('media').get(id))) as StoredMedia | undefined) ?? null;
  },
  async put(media) {
    const db = await openDatabase();
    const tx = db.transaction('media', 'readwrite');
    tx.objectStore('media').put(media);
    await done(tx);
  },
  async remove(ids) {
    if (ids.length === 0) return;
    const db = await openDatabase();
    const tx = db.transaction('media', 'readwrite');
    for (const id of ids) tx.objectStore('media').delete(id);
    await done(tx);
  },
};

export interface MapStore {
  load(): Promise<KeptMap | null>;
  keep(kept: KeptMap): Promise<void>;
  forget(): Promise<void>;
}

/** The screen's map in IndexedDB, one record: the answer and its layout image (a blob, on disk like the media). */
export const indexedDbMap: MapStore = {
  async load() {
    const db = await openDatabase();
    return ((await result(db.transaction('navigation').objectStore('navigation').get('current'))) as KeptMap | undefined) ?? null;
  },
  async keep(kept) {
    const db = await openDatabase();
    const tx = db.transaction('navigation', 'readwrite');
    tx.objectStore('navigation').put(kept, 'current');
    await done(tx);
  },
  async forget() {
    const db = await openDatabase();
    const tx = db.transaction('navigation', 'readwrite');
    tx.objectStore('navigation').delete('current');
    await done(tx);
  },
};

/** A dataset's table as a widget shows it (issue 38): what `GET /player/datasets/{id}/` answered last. */
export interface KeptDataset {
  id: number;
  version: number;
  checksum: string;
  columns: { name: string }[];
  rows: (string | number | null)[][];
}

export interface DatasetStore {
  get(id: number): Promise<KeptDataset | null>;
  put(table: KeptDataset): Promise<void>;
  /** Forgets every table but those of `ids`. */
  keepOnly(ids: number[]): Promise<void>;
}

/** The last table of each dataset the widgets show, in IndexedDB (shown offline, read again when its checksum moves). */
export const indexedDbDatasets: DatasetStore = {
  async get(id) {
    const db = await openDatabase();
    return ((await result(db.transaction('datasets').objectStore('datasets').get(id))) as KeptDataset | undefined) ?? null;
  },
  async put(table) {
    const db = await openDatabase();
    const tx = db.transaction('datasets', 'readwrite');
    tx.objectStore('datasets').put(table);
    await done(tx);
  },
  async keepOnly(ids) {
    const db = await openDatabase();
    const keys = (await result(db.transaction('datasets').objectStore('datasets').getAllKeys())) as number[];
    const gone = keys.filter((key) => !ids.includes(key));
    if (gone.length === 0) return;
    const tx = db.transaction('datasets', 'readwrite');
    for (const key of gone) tx.objectStore('datasets').delete(key);
    await done(tx);
  },
};

export function memoryDatasets(): DatasetStore & { tables: Map<number, KeptDataset> } {
  const tables = new Map<number, KeptDataset>();
  return {
    tables,
    get: async (id) => tables.get(id) ?? null,
    put: async (table) => void tables.set(table.id, table),
    keepOnly: async (ids) => [...tables.keys()].forEach((id) => ids.includes(id) || tables.delete(id)),
  };
}

/** Plays in IndexedDB: written before the play is shown to be sent, so a crash or reload loses none. */
export const indexedDbPlays: PlayStore = {
  async add(play) {
    const db = await openDatabase();
    const tx = db.transaction('plays', 'readwrite');
    tx.objectStore('plays').put(play);
    await done(tx);
  },
  async take(limit) {
    const db = await openDatabase();
    return (await result(db.transaction('plays').objectStore('plays').index('started_at').getAll(null, limit))) as PlayRecord[];
  },
  async remove(ids) {
    if (ids.length === 0) return;
    const db = await openDatabase();
    const tx = db.transaction('plays', 'readwrite');
    for (const id of ids) tx.objectStore('plays').delete(id);
    await done(tx);
  },
  async count() {
    const db = await openDatabase();
    return result(db.transaction('plays').objectStore('plays').count());
  },
};

/** The same stores in memory, for tests and for a browser that refuses IndexedDB (private mode). */
export function memoryMedia(): MediaStore & { files: Map<number, StoredMedia> } {
  const files = new Map<number, StoredMedia>();
  return {
    files,
    list: async () => [...files.values()].map(({ id, checksum }) => ({ id, checksum })),
    get: async (id) => files.get(id) ?? null,
    put: async (media) => void files.set(media.id, media),
    remove: async (ids) => ids.forEach((id) => files.delete(id)),
  };
}

export function memoryPlays(): PlayStore & { plays: Map<string, PlayRecord> } {
  const plays = new Map<string, PlayRecord>();
  return {
    plays,
    add: async (play) => void plays.set(play.id, play),
    take: async (limit) => [...plays.values()].sort((a, b) => a.started_at.localeCompare(b.started_at)).slice(0, limit),
    remove: async (ids) => ids.forEach((id) => plays.delete(id)),
    count: async () => plays.size,
  };
}
