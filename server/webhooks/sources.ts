import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { emitEvent, emitEvents } from './events.ts';

/*
 * Events raised by other features (issue 29). Each is queued after the feature's own write; a failure to queue is
 * logged by the caller and never undoes that write.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How long a device's playback errors must have been quiet before new ones raise device.playback_errors again. */
export const PLAYBACK_ERRORS_QUIET_MINUTES = 10;

/**
 * device.playback_errors for each device whose errors start a run (recordPlaybackErrors answers them, told once per
 * run), with its errors of the batch; one statement for all.
 */
export async function emitPlaybackErrors(
  db: Db,
  starting: readonly { device: { id: number; name: string; sn: string; office: number | null; company: number | null }; errors: readonly { media?: number | null; kind?: string }[] }[],
): Promise<void> {
  if (!starting.length) return;
  await emitEvents(
    db,
    'device.playback_errors',
    starting.map(({ device, errors }) => ({
      company: device.company,
      data: {
        device: { id: device.id, name: device.name, sn: device.sn, office: device.office },
        errors: errors.slice(0, 20).map((error) => ({ media: error.media ?? null, kind: error.kind ?? null })),
      },
    })),
  );
}

/** media.processing_failed for a job that failed for good. */
export async function emitMediaFailed(db: Db, job: { mediaId: number; kind: string }): Promise<void> {
  const [media] = rowsOf<{ id: number; name: string; company: number | null }>(
    await db.execute(sql`SELECT id, name, company_id AS company FROM media_files WHERE id = ${job.mediaId}`),
  );
  if (!media) return;
  await emitEvent(db, 'media.processing_failed', media.company == null ? null : Number(media.company), {
    media: { id: Number(media.id), name: media.name },
    job: job.kind,
  });
}
