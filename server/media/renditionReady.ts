import type { Db } from '../db/index.ts';
import type { MediaJobRow } from '../db/media.schema.ts';
import { queueDevicesPlaying, setJobChecksum } from '../db/renditions.ts';

/**
 * After a job of a file finished: a render's or fallback's checksum is stored, then every device playing the file is
 * queued for compiling (the compiler moves the schedule version of those whose rendition changed, issue 24). A probe
 * counts too: the codec it found decides between the source and a render.
 */
export async function renditionReady(db: Db, job: MediaJobRow, sha256: string | undefined): Promise<void> {
  if (sha256) await setJobChecksum(db, job.id, sha256);
  await queueDevicesPlaying(db, job.mediaId);
}
