import type { MediaUsage } from '../../src/services/schemas/media.ts';
import type { Db } from '../db/index.ts';

/** Where one feature uses a media file: its part of the usage lists. */
export type MediaUsageProvider = (db: Db, mediaId: number) => Promise<Partial<MediaUsage>>;

/**
 * Features that reference media (playlists, campaigns, scheduler events) add a provider here;
 * details list the usage and delete refuses a file that is used.
 */
export const mediaUsageProviders: MediaUsageProvider[] = [];

export async function mediaUsage(db: Db, mediaId: number): Promise<MediaUsage> {
  const usage = { playlists: [], campaigns: [], events: [], layouts: [] } as Required<MediaUsage>;
  for (const provider of mediaUsageProviders) {
    const part = await provider(db, mediaId);
    usage.playlists.push(...(part.playlists ?? []));
    usage.campaigns.push(...(part.campaigns ?? []));
    usage.events.push(...(part.events ?? []));
    usage.layouts.push(...(part.layouts ?? []));
  }
  // Two providers may name the same campaign (an event naming the file, another showing it through a playlist).
  const once = <T extends { id: number }>(refs: T[]) => refs.filter((ref, index) => refs.findIndex((other) => other.id === ref.id) === index);
  return { playlists: once(usage.playlists), campaigns: once(usage.campaigns), events: once(usage.events), layouts: once(usage.layouts) };
}

export function isUsed(usage: MediaUsage): boolean {
  return usage.playlists.length + usage.campaigns.length + usage.events.length + (usage.layouts?.length ?? 0) > 0;
}
