import type { Db } from '../db/index.ts';
import { enqueueJob, insertMediaFiles } from '../db/media.ts';
import type { MediaFileRow } from '../db/media.schema.ts';
import { record } from '../domain/journal.ts';
import type { MediaStore } from './storage.ts';
import { discardTemps, type ReceivedUpload } from './upload.ts';

/**
 * Records the files and moves them from their temp paths into the store, in one transaction:
 * the probe jobs become visible to the worker only once every source is in place.
 * On failure the rows roll back and both the moved and the temp files are removed.
 */
export async function commitUpload(db: Db, store: MediaStore, upload: ReceivedUpload, userId: number, companyIds: readonly (number | null)[] = []): Promise<MediaFileRow[]> {
  const moved: number[] = [];
  try {
    return await db.transaction(async (tx) => {
      const txDb = tx as unknown as Db;
      const rows = await insertMediaFiles(
        txDb,
        upload.files.map((file, i) => {
          const info = upload.info[i]!;
          return {
            name: info.name.trim(),
            description: info.description ?? '',
            // Without a position, the probe sets it from the picture (issue 24); horizontal until then, as before.
            screenPosition: info.screen_position ?? 'horizontal',
            positionFromProbe: info.screen_position === undefined,
            deviceType: info.device_type,
            kind: file.type.kind,
            originalName: file.originalName.slice(0, 255),
            sourceExt: file.type.ext,
            mimeType: file.type.mime,
            sizeBytes: file.bytes,
            sha256: file.sha256,
            uploadedBy: userId,
            companyId: companyIds[i] ?? null,
          };
        }),
      );
      for (const [i, row] of rows.entries()) {
        const file = upload.files[i]!;
        moved.push(row.id);
        await store.move(file.tempKey, store.sourceKey(row.id, row.sourceExt));
        await enqueueJob(txDb, { mediaId: row.id, kind: 'probe' });
        await record(txDb, {
          userId,
          action: 'create',
          entity: 'media_file',
          entityId: row.id,
          detail: { name: row.name, original_name: row.originalName, size_bytes: row.sizeBytes },
        });
      }
      return rows;
    });
  } catch (error) {
    await Promise.all(moved.map((id) => store.removePrefix(store.mediaPrefix(id))));
    await discardTemps(store, upload.files.map((f) => f.tempKey));
    throw error;
  }
}
