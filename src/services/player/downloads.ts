import { verifyChecksum } from './checksum.ts';
import type { Credentials } from './protocol.ts';
import type { ScheduledMedia } from './schedule.ts';
import type { MediaStore } from './storage.ts';

export type DownloadOutcome = { ok: true; id: number; check: 'match' | 'unchecked' } | { ok: false; id: number; reason: 'checksum_mismatch' | 'not_found' };

/** A media link of the schedule as the player fetches it: relative links are on the server's origin. */
export function mediaUrl(url: string, origin: string): URL {
  return new URL(url, origin);
}

/**
 * Downloads one scheduled file and keeps it only when it is whole: its length as announced, and its bytes matching the
 * schedule's checksum, the SHA-256 dev2 sends (a file stored before the server kept hashes may still carry an opaque
 * tag for a while: that only decides when a kept file is fetched again).
 * Rejects when the server cannot be reached (the downloader retries later); a mismatch or a missing file resolves.
 */
export async function downloadMedia(
  media: ScheduledMedia,
  credentials: Credentials,
  store: MediaStore,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  origin = globalThis.location?.origin ?? 'http://localhost',
): Promise<DownloadOutcome> {
  const url = mediaUrl(media.url, origin);
  const headers: Record<string, string> = {};
  // The device key goes only to the player's own server, never to a CDN a link may point at.
  if (url.origin === origin) {
    headers['x-device-serial'] = credentials.serial;
    if (credentials.key) headers['x-device-key'] = credentials.key;
  }
  const response = await fetchImpl(url.toString(), { headers, cache: 'no-store' });
  if (response.status === 404 || response.status === 410) return { ok: false, id: media.id, reason: 'not_found' };
  if (!response.ok) throw new Error(`media ${media.id} answered ${response.status}`);
  const blob = await response.blob();
  // A body shorter than announced (a connection cut mid-file) is refused like a wrong checksum.
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(length) && !response.headers.get('content-encoding') && length !== blob.size) return { ok: false, id: media.id, reason: 'checksum_mismatch' };
  const check = await verifyChecksum(new Uint8Array(await blob.arrayBuffer()), media.checksum);
  if (check === 'mismatch') return { ok: false, id: media.id, reason: 'checksum_mismatch' };
  const type = media.type || blob.type || response.headers.get('content-type') || '';
  await store.put({ id: media.id, checksum: media.checksum, type, size: blob.size, blob: type && blob.type !== type ? blob.slice(0, blob.size, type) : blob });
  return { ok: true, id: media.id, check };
}
