import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ServerConfig } from '../config.ts';

/**
 * The media store: every file the server keeps (media sources, previews, renders, device photos, navigation images,
 * screenshots) is an object named by a key such as `media/12/source.mp4`, `photos/<stem>.jpg` or `navigation/<stem>.webp`.
 * Two implementations: the local directory (DATA_DIR, the embedded default: a key is a path under it) and S3-compatible
 * object storage (s3Store.ts), so that several instances behind a load balancer share one store.
 *
 * Tools (ffprobe, ffmpeg) read and write local files: `localCopy` gives one for an object (the file itself on disk, a
 * downloaded copy in S3) and `putFile` moves a finished local file into the store. Every key is built from numeric ids,
 * random stems and fixed names, never from a client's text.
 */
export interface StoredObject {
  size: number;
  modified: Date;
}

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface LocalCopy {
  path: string;
  /** Removes the copy (nothing for the local store, whose copy is the stored file itself). */
  release(): Promise<void>;
}

export interface MediaStore {
  readonly kind: 'local' | 's3';
  sourceKey(mediaId: number, ext: string): string;
  previewKey(mediaId: number): string;
  /** A render's key: of a Directory preset (`render-<queryId>.mp4`) or another named kind (`render-<name>.mp4`). */
  renderKey(mediaId: number, queryId: number | string): string;
  /** Every object of one media file starts with this. */
  mediaPrefix(mediaId: number): string;
  /** A fresh key for an upload in flight (swept by `sweepTemp` when a crash leaves it). */
  newTempKey(): string;
  /** A fresh local path for a tool to write into, on the local store's file system (so `putFile` is a rename there). */
  scratchPath(ext?: string): string;
  ensure(): Promise<void>;
  /** Streams `body` into `key` (replacing it); on failure nothing is stored and `body` is destroyed. Answers the bytes. */
  put(key: string, body: Readable, contentType?: string): Promise<number>;
  /** Moves a finished local file into `key` (the file is gone afterwards, also on failure). Answers its bytes. */
  putFile(key: string, file: string, contentType?: string): Promise<number>;
  /** Renames an object (a committed upload); `from` is gone afterwards. */
  move(from: string, to: string): Promise<void>;
  stat(key: string): Promise<StoredObject | null>;
  /** The object's bytes (or a range of them); rejects with code ENOENT when it is absent. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** A local file with the object's bytes for a tool, until `release()`. */
  localCopy(key: string, signal?: AbortSignal): Promise<LocalCopy>;
  remove(keys: (string | null | undefined)[]): Promise<void>;
  removePrefix(prefix: string): Promise<void>;
  /** Keys under a prefix (for tests and sweeps). */
  list(prefix: string): Promise<string[]>;
  /** Removes leftovers of uploads and tools not touched for `olderThanMs` (a crash mid-upload; in S3 abandoned multipart uploads too). */
  sweepTemp(olderThanMs: number): Promise<number>;
  /** A short-lived URL a client may download the object from directly, or null when the store has none. */
  presignedUrl(key: string, seconds: number, downloadName?: string, contentType?: string): Promise<string | null>;
}

const SAFE_EXT = /^[a-z0-9]{2,5}$/;
const SAFE_KEY = /^[a-z0-9._-]+(?:\/[a-z0-9._-]+)*$/i;

export function positiveId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`invalid media id ${id}`);
  return id;
}

export function checkedKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '..' || part === '.')) throw new Error(`invalid store key ${key}`);
  return key;
}

/** The keys every store shares. */
export const mediaKeys = {
  sourceKey(mediaId: number, ext: string) {
    if (!SAFE_EXT.test(ext)) throw new Error(`invalid extension ${ext}`);
    return `media/${positiveId(mediaId)}/source.${ext}`;
  },
  previewKey: (mediaId: number) => `media/${positiveId(mediaId)}/preview.jpg`,
  renderKey(mediaId: number, queryId: number | string) {
    const name = typeof queryId === 'number' ? String(positiveId(queryId)) : queryId;
    if (!/^[a-z0-9][a-z0-9-]{0,40}$/.test(name)) throw new Error(`invalid render name ${name}`);
    return `media/${positiveId(mediaId)}/render-${name}.mp4`;
  },
  mediaPrefix: (mediaId: number) => `media/${positiveId(mediaId)}/`,
};

export const tempStem = () => `${Date.now()}-${randomBytes(8).toString('hex')}`;

/** Removes files in `dir` not written to for `olderThanMs`; answers how many. */
export async function sweepDir(dir: string, olderThanMs: number): Promise<number> {
  let removed = 0;
  const entries = await fsp.readdir(dir).catch(() => [] as string[]);
  for (const name of entries) {
    const file = path.join(dir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs >= olderThanMs) {
      await fsp.rm(file, { force: true, recursive: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * The local directory store: a key is a path under DATA_DIR (media/<id>/..., photos/..., navigation/...), uploads in
 * flight in media/.tmp, files being written in media/.scratch (one file system, so every commit is a rename).
 */
export function createLocalStore(dataDir: string): MediaStore {
  const TEMP_PREFIX = 'media/.tmp/';
  const tmpDir = path.join(dataDir, 'media', '.tmp');
  // Files being written (a tool's output, an object before its rename): beside the uploads in flight, not among them.
  const scratchDir = path.join(dataDir, 'media', '.scratch');
  const pathOf = (key: string) => path.join(dataDir, checkedKey(key));
  const scratchPath = (ext = 'part') => path.join(scratchDir, `${tempStem()}.${ext}`);
  async function rename(from: string, key: string): Promise<void> {
    const target = pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    await fsp.rename(from, target);
  }
  return {
    kind: 'local',
    ...mediaKeys,
    newTempKey: () => `${TEMP_PREFIX}${tempStem()}.part`,
    scratchPath,
    async ensure() {
      await fsp.mkdir(tmpDir, { recursive: true });
      await fsp.mkdir(scratchDir, { recursive: true });
    },
    async put(key, body) {
      // An upload in flight is written in place (nothing reads a temp key); any other object appears whole by a rename.
      const direct = key.startsWith(TEMP_PREFIX);
      const partial = direct ? pathOf(key) : scratchPath();
      const out = fs.createWriteStream(partial, { flags: 'wx', highWaterMark: 1024 * 1024 });
      try {
        await pipeline(body, out);
        if (!direct) await rename(partial, key);
        return out.bytesWritten;
      } catch (error) {
        body.destroy();
        // The file may still be opening: wait until the stream has let go of it, or it would appear after the removal.
        if (!out.closed) {
          out.destroy();
          await new Promise((resolve) => out.once('close', () => resolve(undefined)));
        }
        await fsp.rm(partial, { force: true });
        throw error;
      }
    },
    async putFile(key, file) {
      try {
        const { size } = await fsp.stat(file);
        await rename(file, key);
        return size;
      } finally {
        await fsp.rm(file, { force: true });
      }
    },
    move: (from, to) => rename(pathOf(from), to),
    async stat(key) {
      const stat = await fsp.stat(pathOf(key)).catch(() => null);
      return stat?.isFile() ? { size: stat.size, modified: stat.mtime } : null;
    },
    async read(key, range) {
      const stream = fs.createReadStream(pathOf(key), range ? { start: range.start, end: range.end } : {});
      // Surface a missing file as a rejection here rather than as a stream error after the headers went out.
      await new Promise<void>((resolve, reject) => {
        stream.once('open', () => resolve());
        stream.once('error', reject);
      });
      return stream;
    },
    async localCopy(key) {
      return { path: pathOf(key), release: async () => undefined };
    },
    async remove(keys) {
      await Promise.all(keys.filter((key): key is string => !!key).map((key) => fsp.rm(pathOf(key), { force: true })));
    },
    async removePrefix(prefix) {
      await fsp.rm(pathOf(prefix.replace(/\/$/, '')), { recursive: true, force: true });
    },
    async list(prefix) {
      const base = pathOf(prefix.replace(/\/$/, ''));
      const entries = await fsp.readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(dataDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
        .sort();
    },
    sweepTemp: async (olderThanMs) => (await sweepDir(tmpDir, olderThanMs)) + (await sweepDir(scratchDir, olderThanMs)),
    presignedUrl: async () => null,
  };
}

/** The store the configuration names: S3 with MEDIA_STORE=s3, else DATA_DIR. */
export async function createMediaStore(config: Pick<ServerConfig, 'dataDir' | 'mediaStore'>): Promise<MediaStore> {
  const s3 = config.mediaStore.kind === 's3' ? config.mediaStore : null;
  if (!s3) return createLocalStore(config.dataDir);
  const { createS3Store } = await import('./s3Store.ts');
  return createS3Store(s3, path.join(config.dataDir, 'scratch'));
}
