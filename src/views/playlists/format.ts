import { formatDuration } from '../media/format.ts';

/** Seconds as a clock ("1:05:00", "2:30"). */
export function clock(seconds: number): string {
  return formatDuration(seconds, '0:00');
}

/** The playlists-namespace message of an API error code, or the common one. */
export function playlistErrorKey(code: string | null | undefined): string {
  if (code === 'playlist_in_use' || code === 'media_not_ready' || code === 'screen_position_mismatch' || code === 'positions_mismatch') {
    return `playlists:errors.${code}`;
  }
  if (code === 'validation_error' || code === 'not_found' || code === 'network_error' || code === 'forbidden' || code === 'timeout') return `common:errors.${code}`;
  return 'common:errors.generic';
}
