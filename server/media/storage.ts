import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * The media store on disk: DATA_DIR/media/<id>/source.<ext>, preview.jpg and render-<queryId>.mp4,
 * plus DATA_DIR/media/.tmp for uploads in flight. Every path is built from numeric ids and fixed names.
 */
export interface MediaStore {
  root: string;
  tmpDir: string;
  dirOf(mediaId: number): string;
  sourcePath(mediaId: number, ext: string): string;
  previewPath(mediaId: number): string;
  renderPath(mediaId: number, queryId: number): string;
  /** A fresh, unique path in the same file system as the store (so a commit is a rename). */
  newTempPath(): string;
  /** A fresh path beside `finalPath` for a tool to write into before the atomic rename. */
  partialPath(finalPath: string): string;
  removeMedia(mediaId: number): Promise<void>;
  /** Removes upload leftovers not written to for `olderThanMs` (a crash mid-upload). */
  sweepTemp(olderThanMs: number): Promise<number>;
  ensure(): Promise<void>;
}

const SAFE_EXT = /^[a-z0-9]{2,5}$/;

function positiveId(id: number): number {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`invalid media id ${id}`);
  return id;
}

export function createMediaStore(dataDir: string): MediaStore {
  const root = path.join(dataDir, 'media');
  const tmpDir = path.join(root, '.tmp');
  const dirOf = (mediaId: number) => path.join(root, String(positiveId(mediaId)));
  return {
    root,
    tmpDir,
    dirOf,
    sourcePath(mediaId, ext) {
      if (!SAFE_EXT.test(ext)) throw new Error(`invalid extension ${ext}`);
      return path.join(dirOf(mediaId), `source.${ext}`);
    },
    previewPath: (mediaId) => path.join(dirOf(mediaId), 'preview.jpg'),
    renderPath: (mediaId, queryId) => path.join(dirOf(mediaId), `render-${positiveId(queryId)}.mp4`),
    newTempPath: () => path.join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`),
    partialPath: (finalPath) => `${finalPath}.${randomBytes(6).toString('hex')}.part`,
    removeMedia: (mediaId) => fs.rm(dirOf(mediaId), { recursive: true, force: true }),
    async sweepTemp(olderThanMs) {
      let removed = 0;
      const entries = await fs.readdir(tmpDir).catch(() => [] as string[]);
      for (const name of entries) {
        const file = path.join(tmpDir, name);
        const stat = await fs.stat(file).catch(() => null);
        if (stat && Date.now() - stat.mtimeMs >= olderThanMs) {
          await fs.rm(file, { force: true, recursive: true });
          removed += 1;
        }
      }
      return removed;
    },
    async ensure() {
      await fs.mkdir(tmpDir, { recursive: true });
    },
  };
}
