import type { SnapshotFrom } from 'xstate';
import type { FetchStatus, fetchStatusMachine } from './fetchStatus.machine.ts';

type AnyFetchSnapshot = Pick<SnapshotFrom<typeof fetchStatusMachine>, 'value' | 'context' | 'hasTag'>;

export const selectFetchStatus = (snapshot: AnyFetchSnapshot): FetchStatus => snapshot.value as FetchStatus;
export const selectData = <S extends AnyFetchSnapshot>(snapshot: S): S['context']['data'] => snapshot.context.data;
export const selectError = (snapshot: AnyFetchSnapshot): string | null => snapshot.context.error;
export const selectIsLoading = (snapshot: AnyFetchSnapshot): boolean => snapshot.hasTag('loading');
