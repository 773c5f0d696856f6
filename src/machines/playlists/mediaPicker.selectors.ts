import type { MediaFile } from '../../services/schemas/media.ts';

/** Why a file cannot be added to a playlist of `screenPosition`, or null when it can. */
export type NotOfferedReason = 'processing' | 'failed' | 'screen_position';

export function notOfferedReason(media: Pick<MediaFile, 'status' | 'screen_position'>, screenPosition: MediaFile['screen_position']): NotOfferedReason | null {
  if (media.status === 'processing') return 'processing';
  if (media.status === 'failed') return 'failed';
  if (media.screen_position !== screenPosition) return 'screen_position';
  return null;
}
