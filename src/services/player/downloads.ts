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
 * Downloads one scheduled file, checks it against the schedule's checksum and keeps it only when it matches.
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
  const check = await verifyChecksum(new Uint8Array(await blob.arrayBuffer()), media.checksum);
  if (check === 'mismatch') return { ok: false, id: media.id, reason: 'checksum_mismatch' };
  const type = media.type || blob.type || response.headers.get('content-type') || '';
  await store.put({ id: media.id, checksum: media.checksum, type, size: blob.size, blob: type && blob.type !== type ? blob.slice(0, blob.size, type) : blob });
  return { ok: true, id: media.id, check };
}
