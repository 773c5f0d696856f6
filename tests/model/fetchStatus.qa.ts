import { fetchStatusMachine } from '../../src/machines/fetchStatus.machine.ts';
import { selectData, selectError, selectFetchStatus, selectIsLoading } from '../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../src/services/http.ts';
import { defineQa, done, error } from './qa/catalogue.ts';
import { englishText, text } from './qa/screen.ts';

const LOAD = 'ask for the data';
const PAGE_2 = 'load: {"params":{"page":2}}';
/** A load without params asks again for what was last asked: page 2 once it was asked for, else the first load's nothing. */
const again = (context: { params?: { page?: number } }) => (context.params?.page === 2 ? PAGE_2 : 'load: {}');
const LOAD_PAGE_2 = 'ask for page 2';
const ANSWER = 'the server answers one row';
const FORBIDDEN = 'the server refuses (403 forbidden)';
const OFFLINE = 'the network is down';

const SPINNER = `a spinner ${text('common:loading')} in place of the list`;
const ROWS = 'the rows of the list';
const DIMMED = 'the rows stay, dimmed, while the list loads again (no spinner)';
const failure = (code: string) => `"${englishText('media:messages.loadError')}: ${englishText(`common:errors.${code}`)}"`;

/** Spec section 4: initial -> loading -> complete | error; a reload after completion is `updating`, not loading. */
export default defineQa({
  machine: fetchStatusMachine,
  file: 'src/machines/fetchStatus.machine.ts',
  title: 'The fetch status of a loaded list (spec section 4)',
  namespace: 'media',
  preconditions: {
    start: {
      route: '/media (the media list is one list made on this status; playlists, users, groups and webhooks are others)',
      user: 'admin',
      data: 'more than 20 media files, so the list has a page 2',
    },
  },
  howTo: {
    [LOAD]: 'open /media (or press "Refresh" once it shows)',
    [LOAD_PAGE_2]: `press ${text('media:actions.next')}`,
    [FORBIDDEN]: 'sign in as a user without media rights and open /media',
    [OFFLINE]: 'in the devtools Network tab, choose "Offline", then press "Refresh"',
  },
  actors: ['load'],
  events: {
    [LOAD]: { type: 'fetch.load' },
    [LOAD_PAGE_2]: { type: 'fetch.load', params: { page: 2 } },
    [ANSWER]: done('load', ['row']),
    [FORBIDDEN]: error('load', new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' })),
    [OFFLINE]: error('load', new TypeError('Failed to fetch')),
  },
  initial: { start: { to: 'initial', see: { status: 'initial', loading: false, data: null, error: null } } },
  // Every load calls `load` with the params asked for; a load without params asks again for the last ones (page 2
  // once page 2 was asked for: "Retry" after a failed page 2 reloads page 2, not page 1).
  expect: {
    initial: {
      [LOAD]: { to: 'loading', see: { loading: true }, calls: ['load: {}'], screen: [SPINNER], req: ['S4.1-1'] },
      [LOAD_PAGE_2]: { to: 'loading', calls: [PAGE_2], screen: [SPINNER], req: ['S4.1-1'] },
    },
    loading: {
      [LOAD]: (context) => ({ to: 'loading', see: { loading: true }, calls: [again(context)], screen: [SPINNER] }),
      [LOAD_PAGE_2]: { to: 'loading', calls: [PAGE_2], screen: [SPINNER] },
      [ANSWER]: { to: 'complete', see: { status: 'complete', data: ['row'], error: null, loading: false }, screen: [ROWS], req: ['S4.1-3'] },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden', loading: false }, screen: [failure('forbidden')], req: ['S4.1-4'] },
      [OFFLINE]: { to: 'error', see: { error: 'network_error' }, screen: [failure('network_error')], req: ['S4.1-4'] },
    },
    updating: {
      [LOAD]: (context) => ({ to: 'updating', see: { data: ['row'], loading: true }, calls: [again(context)], screen: [DIMMED] }),
      [LOAD_PAGE_2]: { to: 'updating', calls: [PAGE_2], screen: [DIMMED] },
      [ANSWER]: { to: 'complete', see: { data: ['row'], error: null }, screen: [ROWS], req: ['S4.1-3'] },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' }, screen: [failure('forbidden')], req: ['S4.1-4'] },
      [OFFLINE]: { to: 'error', see: { error: 'network_error' }, screen: [failure('network_error')], req: ['S4.1-4'] },
    },
    complete: {
      [LOAD]: (context) => ({ to: 'updating', see: { status: 'updating', data: ['row'], loading: true }, calls: [again(context)], screen: [DIMMED], req: ['S4.1-2'] }),
      [LOAD_PAGE_2]: { to: 'updating', see: { data: ['row'] }, calls: [PAGE_2], screen: [DIMMED], req: ['S4.1-2'] },
    },
    error: {
      [LOAD]: (context) => ({ to: 'loading', see: { loading: true }, calls: [again(context)], screen: [SPINNER] }),
      [LOAD_PAGE_2]: { to: 'loading', calls: [PAGE_2], screen: [SPINNER] },
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
