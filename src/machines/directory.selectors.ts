import type { SnapshotFrom } from 'xstate';
import type { directoryMachine } from './directory.machine.ts';

type DirectorySnapshot = Pick<SnapshotFrom<typeof directoryMachine>, 'context' | 'hasTag' | 'matches'>;

export const selectQueries = (snapshot: DirectorySnapshot) => snapshot.context.queries;
export const selectLoadError = (snapshot: DirectorySnapshot) => (snapshot.matches('failed') ? snapshot.context.loadError : null);
export const selectIsLoading = (snapshot: DirectorySnapshot) => snapshot.hasTag('loading');
export const selectForm = (snapshot: DirectorySnapshot) =>
  snapshot.matches({ ready: 'editing' }) || snapshot.matches({ ready: 'saving' }) ? snapshot.context.form : null;
export const selectIsSaving = (snapshot: DirectorySnapshot) => snapshot.matches({ ready: 'saving' });
export const selectFieldErrors = (snapshot: DirectorySnapshot) => snapshot.context.fieldErrors;
export const selectError = (snapshot: DirectorySnapshot) => snapshot.context.error;
export const selectTogglingId = (snapshot: DirectorySnapshot) => snapshot.context.togglingId;
export const selectPaging = (snapshot: DirectorySnapshot) => ({ page: snapshot.context.page, count: snapshot.context.count });
