import { sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { emitEvent } from './events.ts';

/*
 * Events raised by other features (issue 29). Each is queued after the feature's own write; a failure to queue is
 * logged by the caller and never undoes that write.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** How long a device's playback errors must have been quiet before new ones raise device.playback_errors again. */
export const PLAYBACK_ERRORS_QUIET_MINUTES = 10;

/**
 * Before skipped files are recorded: the references of the devices that had none in the last
 * PLAYBACK_ERRORS_QUIET_MINUTES (the start of a run of errors, told once).
 */
export async function playbackErrorsStartingOf(db: Db, deviceIds: readonly number[]) {
  if (!deviceIds.length) return [];
  return rowsOf<{ id: number; name: string; sn: string; office: number | null; company: number | null }>(
    await db.execute(sql`
      SELECT d.id, d.name, d.sn, d.office_id AS office, f.company_id AS company
      FROM devices d LEFT JOIN offices f ON f.id = d.office_id
      WHERE d.id = ANY(${`{${deviceIds.join(',')}}`}::int[])
        AND NOT EXISTS (SELECT 1 FROM playback_errors e WHERE e.device_id = d.id
                        AND e.last_at > now() - make_interval(mins => ${PLAYBACK_ERRORS_QUIET_MINUTES}))`),
  ).map((row) => ({ ...row, id: Number(row.id) }));
}

export async function emitPlaybackErrors(
  db: Db,
  device: { id: number; name: string; sn: string; office: number | null; company: number | null },
  errors: readonly { media?: number | null; kind?: string }[],
): Promise<void> {
  await emitEvent(db, 'device.playback_errors', device.company == null ? null : Number(device.company), {
    device: { id: Number(device.id), name: device.name, sn: device.sn, office: device.office == null ? null : Number(device.office) },
    errors: errors.slice(0, 20).map((error) => ({ media: error.media ?? null, kind: error.kind ?? null })),
  });
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
