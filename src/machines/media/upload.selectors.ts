import type { SnapshotFrom } from 'xstate';
import type { BatchSummary, UploadItem, uploadMachine } from './upload.machine.ts';
import { MediaFileInfo } from '../../services/schemas/media.ts';

type UploadSnapshot = Pick<SnapshotFrom<typeof uploadMachine>, 'context' | 'hasTag' | 'matches'>;

export const selectItems = (snapshot: UploadSnapshot): UploadItem[] => snapshot.context.items;

/** Files are on the wire or waiting their turn: leaving the page would lose them. */
export const selectIsBusy = (snapshot: UploadSnapshot): boolean => snapshot.hasTag('busy');

export const selectIsEditing = (snapshot: UploadSnapshot): boolean => snapshot.matches('editing');

export const selectIsFinished = (snapshot: UploadSnapshot): boolean => snapshot.matches('finished');

/** Progress of one file in whole percent (0-100). */
export function percentOf(item: Pick<UploadItem, 'loaded' | 'total' | 'status'>): number {
  if (item.status === 'done') return 100;
  if (item.total <= 0) return 0;
  return Math.min(100, Math.floor((item.loaded / item.total) * 100));
}

/** Bytes sent and total of the whole batch (rejected files excluded). */
export function selectBatchProgress(snapshot: UploadSnapshot): { loaded: number; total: number } {
  const sent = snapshot.context.items.filter((item) => item.status !== 'rejected' && item.status !== 'cancelled');
  return {
    loaded: sent.reduce((sum, item) => sum + (item.status === 'done' ? item.total : item.loaded), 0),
    total: sent.reduce((sum, item) => sum + item.total, 0),
  };
}

export function selectSummary(snapshot: UploadSnapshot): BatchSummary {
  const count = (status: UploadItem['status']) => snapshot.context.items.filter((item) => item.status === status).length;
  return { done: count('done'), failed: count('failed'), cancelled: count('cancelled') };
}

/** Field -> error code of a file's description ('required', 'invalid'), checked with the shared schema. */
export function infoErrors(item: Pick<UploadItem, 'info'>): Record<string, string> {
  const [error] = MediaFileInfo.validate(item.info);
  if (!error) return {};
  const errors: Record<string, string> = {};
  for (const failure of error.failures()) {
    errors[String(failure.path[0])] ??= failure.type === 'requiredString' || failure.value === undefined ? 'required' : 'invalid';
  }
  return errors;
}
