import { mediaListMachine } from '../../../src/machines/media/mediaList.machine.ts';
import { selectData, selectError, selectFetchStatus, selectIsLoading } from '../../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';

const LOAD = 'open the media list';
const PAGE_2 = 'go to page 2';
const PAGE = { count: 1, next: null, previous: null, results: [{ id: 7, name: 'intro.mp4' }] };
const ANSWER = 'the server answers one file';
const FORBIDDEN = 'the server refuses (403 forbidden)';

/** The media list: the fetch status of section 4 over GET /media/files/, starting on page 1. */
export default defineQa({
  machine: mediaListMachine,
  file: 'src/machines/media/mediaList.machine.ts',
  title: 'The media list and its fetch status',
  req: { [FORBIDDEN]: ['S8.2-21'] },
  actors: ['load'],
  events: {
    [LOAD]: { type: 'fetch.load' },
    [PAGE_2]: { type: 'fetch.load', params: { page: 2 } },
    [ANSWER]: done('load', PAGE),
    [FORBIDDEN]: error('load', new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' })),
  },
  initial: { start: { to: 'initial', see: { status: 'initial', loading: false } } },
  expect: {
    initial: { [LOAD]: { to: 'loading', calls: ['load: {"params":{"page":1}}'] }, [PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'] } },
    loading: {
      [LOAD]: 'loading',
      [PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'] },
      [ANSWER]: { to: 'complete', see: { rows: 1, error: null, loading: false } },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' } },
    },
    updating: {
      [LOAD]: { to: 'updating', see: { rows: 1, loading: true } },
      [PAGE_2]: 'updating',
      [ANSWER]: { to: 'complete', see: { rows: 1 } },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' } },
    },
    complete: { [LOAD]: { to: 'updating', see: { rows: 1, loading: true } }, [PAGE_2]: { to: 'updating', calls: ['load: {"params":{"page":2}}'] } },
    error: { [LOAD]: { to: 'loading', see: { loading: true } }, [PAGE_2]: 'loading' },
  },
  view: (snapshot) => ({
    status: selectFetchStatus(snapshot),
    loading: selectIsLoading(snapshot),
    rows: selectData(snapshot)?.results.length ?? null,
    error: selectError(snapshot),
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.data !== null, snapshot.context.params]),
});
