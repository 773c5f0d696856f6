import { bytesToMb, type FormatStatus, type MediaFallback, type MediaFile, type MediaFormat } from '../../src/services/schemas/media.ts';
import type { RenderJob } from '../db/media.ts';
import type { JobStatus, MediaFileRow } from '../db/media.schema.ts';

/** Links are absolute paths on the API origin (players download with them too). */
const LINK_BASE = '/api/v1/media/files';

const FORMAT_STATUS: Record<JobStatus, FormatStatus> = { queued: 'queued', running: 'processing', done: 'ready', failed: 'failed' };

export function toMediaFormat(job: RenderJob): MediaFormat {
  const ready = job.status === 'done';
  return {
    query_id: job.queryId!,
    name: job.queryName ?? '',
    value: job.preset ?? '',
    status: FORMAT_STATUS[job.status],
    error: job.error,
    size: ready && job.outputBytes != null ? bytesToMb(job.outputBytes) : null,
    link: ready ? `${LINK_BASE}/${job.mediaId}/render/${job.queryId}` : null,
  };
}

/** A fallback render (H.264 at a screen's largest video size) as the media page lists it. */
export function toMediaFallback(job: RenderJob): MediaFallback {
  const ready = job.status === 'done';
  return {
    size: job.preset ?? '',
    status: FORMAT_STATUS[job.status],
    error: job.error,
    file_size: ready && job.outputBytes != null ? bytesToMb(job.outputBytes) : null,
    link: ready ? `${LINK_BASE}/${job.mediaId}/fallback/${job.preset}` : null,
  };
}

/** The API shape of a file with the formats rendered (or being rendered) for it. */
export function toMediaFile(row: MediaFileRow, renders: RenderJob[]): MediaFile {
  const formats = renders.filter((r) => r.mediaId === row.id && r.kind === 'render' && r.queryId != null).map(toMediaFormat);
  const fallbacks = renders.filter((r) => r.mediaId === row.id && r.kind === 'fallback' && r.preset).map(toMediaFallback);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    screen_position: row.screenPosition,
    device_type: row.deviceType,
    kind: row.kind,
    original_name: row.originalName,
    mime_type: row.mimeType,
    duration: row.duration,
    resolution: row.width && row.height ? `${row.width}x${row.height}` : null,
    video_codec: row.videoCodec,
    size: bytesToMb(row.sizeBytes),
    uploaded: row.uploadedAt.toISOString(),
    company: row.companyId,
    status: row.status,
    failure_reason: row.failureReason,
    formats,
    fallbacks,
    links: {
      source: `${LINK_BASE}/${row.id}/source`,
      preview: row.hasPreview ? `${LINK_BASE}/${row.id}/preview` : null,
      render: formats.flatMap((f) => (f.link ? [f.link] : [])),
    },
    valid_from: row.validFrom ? row.validFrom.toISOString() : null,
    valid_until: row.validUntil ? row.validUntil.toISOString() : null,
  };
}
