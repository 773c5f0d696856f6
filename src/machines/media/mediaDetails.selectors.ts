import type { SnapshotFrom } from 'xstate';
import type { mediaDetailsMachine } from './mediaDetails.machine.ts';
import type { MediaUsage } from '../../services/schemas/media.ts';

type DetailsSnapshot = Pick<SnapshotFrom<typeof mediaDetailsMachine>, 'context' | 'hasTag' | 'matches'>;

export const selectMedia = (snapshot: DetailsSnapshot) => snapshot.context.media;
export const selectUsage = (snapshot: DetailsSnapshot) => snapshot.context.usage;
export const selectPreview = (snapshot: DetailsSnapshot) => snapshot.context.preview;
export const selectLoadError = (snapshot: DetailsSnapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null);
export const selectActionError = (snapshot: DetailsSnapshot) => snapshot.context.actionError;
export const selectIsConfirmingDelete = (snapshot: DetailsSnapshot) =>
  snapshot.matches({ ready: 'confirmingDelete' }) || snapshot.matches({ ready: 'deleting' });
export const selectIsDeleting = (snapshot: DetailsSnapshot) => snapshot.matches({ ready: 'deleting' });
export const selectIsBusy = (snapshot: DetailsSnapshot) => snapshot.hasTag('busy');
export const selectIsInitialLoading = (snapshot: DetailsSnapshot) => snapshot.matches('loading');

/** Whether the file is used anywhere (delete would be refused). */
export function isInUse(usage: MediaUsage | null): boolean {
  return !!usage && usage.playlists.length + usage.campaigns.length + usage.events.length + (usage.layouts?.length ?? 0) > 0;
}

/** A failed processing the operator can send again. */
export const selectCanRetry = (snapshot: DetailsSnapshot) =>
  !!snapshot.context.media &&
  (snapshot.context.media.status === 'failed' || snapshot.context.media.formats.some((format) => format.status === 'failed'));
