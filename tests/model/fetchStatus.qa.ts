import { fetchStatusMachine } from '../../src/machines/fetchStatus.machine.ts';
import { selectData, selectError, selectFetchStatus, selectIsLoading } from '../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { defineQa, done, error } from './qa/catalogue.ts';

const LOAD = 'ask for the data';
const LOAD_PAGE_2 = 'ask for page 2';
const ANSWER = 'the server answers one row';
const FORBIDDEN = 'the server refuses (403 forbidden)';
const OFFLINE = 'the network is down';

/** Spec section 4: initial -> loading -> complete | error; a reload after completion is `updating`, not loading. */
export default defineQa({
  machine: fetchStatusMachine,
  file: 'src/machines/fetchStatus.machine.ts',
  title: 'The fetch status of a loaded list (spec section 4)',
  req: { [LOAD]: ['S4.1-1', 'S4.1-2'], [ANSWER]: ['S4.1-3'], [FORBIDDEN]: ['S4.1-4'], [OFFLINE]: ['S4.1-4'] },
  actors: ['load'],
  events: {
    [LOAD]: { type: 'fetch.load' },
    [LOAD_PAGE_2]: { type: 'fetch.load', params: { page: 2 } },
    [ANSWER]: done('load', ['row']),
    [FORBIDDEN]: error('load', new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' })),
    [OFFLINE]: error('load', new TypeError('Failed to fetch')),
  },
  initial: { start: { to: 'initial', see: { status: 'initial', loading: false, data: null, error: null } } },
  expect: {
    initial: {
      [LOAD]: { to: 'loading', see: { loading: true }, calls: ['load: {}'] },
      [LOAD_PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'] },
    },
    loading: {
      [LOAD]: { to: 'loading', see: { loading: true } },
      [LOAD_PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'] },
      [ANSWER]: { to: 'complete', see: { status: 'complete', data: ['row'], error: null, loading: false } },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden', loading: false } },
      [OFFLINE]: { to: 'error', see: { error: 'network_error' } },
    },
    updating: {
      [LOAD]: { to: 'updating', see: { data: ['row'], loading: true } },
      [LOAD_PAGE_2]: { to: 'updating', calls: ['load: {"params":{"page":2}}'] },
      [ANSWER]: { to: 'complete', see: { data: ['row'], error: null } },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' } },
      [OFFLINE]: { to: 'error', see: { error: 'network_error' } },
    },
    complete: {
      [LOAD]: { to: 'updating', see: { status: 'updating', data: ['row'], loading: true } },
      [LOAD_PAGE_2]: { to: 'updating', see: { data: ['row'] }, calls: ['load: {"params":{"page":2}}'] },
    },
    error: {
      [LOAD]: { to: 'loading', see: { loading: true } },
      [LOAD_PAGE_2]: { to: 'loading' },
    },
  },
  view: (snapshot) => ({
    status: selectFetchStatus(snapshot),
    loading: selectIsLoading(snapshot),
    data: selectData(snapshot),
    error: selectError(snapshot),
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.data !== null, snapshot.context.params]),
});
