import type { SnapshotFrom } from 'xstate';
import type { mediaListMachine } from './mediaList.machine.ts';

type ListSnapshot = Pick<SnapshotFrom<typeof mediaListMachine>, 'context' | 'value'>;

export const selectMediaPage = (snapshot: ListSnapshot) => snapshot.context.data;
export const selectParams = (snapshot: ListSnapshot) => snapshot.context.params;

/** Some file on the page is still being processed: the list is worth reloading. */
export const selectHasProcessing = (snapshot: ListSnapshot): boolean =>
  !!snapshot.context.data?.results.some((media) => media.status === 'processing' || media.formats.some((f) => f.status === 'queued' || f.status === 'processing'));

/** Page number, page count and total for the pager. */
export function selectPageInfo(snapshot: ListSnapshot, pageSize: number): { page: number; pages: number; count: number } {
  const count = snapshot.context.data?.count ?? 0;
  return { page: snapshot.context.params.page, pages: Math.max(1, Math.ceil(count / pageSize)), count };
}
