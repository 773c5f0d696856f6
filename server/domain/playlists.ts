import { DEFAULT_IMAGE_SECONDS, type DeviceGroup, type Playlist } from '../../src/services/schemas/playlists.ts';
import type { UsageRef } from '../../src/services/schemas/media.ts';
import type { MediaFileRow } from '../db/media.schema.ts';
import type { Db } from '../db/index.ts';
import { badRequest } from '../errors.ts';

/** Media a screen can play: probed and rendered (ready), or already playing. */
const PLAYABLE = new Set<MediaFileRow['status']>(['ready_to_play', 'playing']);

/**
 * The duration a new track plays for, or a 400 naming why the media cannot be added:
 * `media_not_ready` (still processing or failed), `screen_position_mismatch` (made for other screens).
 * An image plays `requested` seconds (default 10); a video plays its own duration.
 */
export function trackDurationFor(playlist: Pick<Playlist, 'screen_position'>, media: MediaFileRow, requested: number | undefined): number {
  if (!PLAYABLE.has(media.status)) throw badRequest('media_not_ready', 'Only media that is ready to play can be added to a playlist.', { media: 'media_not_ready' });
  if (media.screenPosition !== playlist.screen_position) {
    throw badRequest('screen_position_mismatch', "The media's screen position does not match the playlist's.", { media: 'screen_position_mismatch' });
  }
  if (media.kind === 'video') return media.duration && media.duration > 0 ? media.duration : DEFAULT_IMAGE_SECONDS;
  return requested ?? DEFAULT_IMAGE_SECONDS;
}

/*
 * Where later features plug in (campaigns, scheduler events), like media's usage providers:
 * - usage: a playlist in use cannot be deleted (409 playlist_in_use, with the users named);
 * - device groups: the campaigns and devices that play a playlist;
 * - commit listeners: a new version was committed (raise the schedule version of the devices that play it).
 */
export const playlistUsageProviders: ((db: Db, playlistId: number) => Promise<UsageRef[]>)[] = [];
export const playlistDeviceGroupProviders: ((db: Db, playlistId: number) => Promise<DeviceGroup[]>)[] = [];
export const playlistCommitListeners: ((db: Db, playlistId: number, version: number) => Promise<void>)[] = [];

export async function playlistUsage(db: Db, playlistId: number): Promise<UsageRef[]> {
  const used: UsageRef[] = [];
  for (const provider of playlistUsageProviders) used.push(...(await provider(db, playlistId)));
  return used;
}

export async function playlistDeviceGroups(db: Db, playlistId: number): Promise<DeviceGroup[]> {
  const groups: DeviceGroup[] = [];
  for (const provider of playlistDeviceGroupProviders) groups.push(...(await provider(db, playlistId)));
  return groups;
}
