import { mediaListMachine } from '../../../src/machines/media/mediaList.machine.ts';
import { selectData, selectError, selectFetchStatus, selectIsLoading } from '../../../src/machines/fetchStatus.selectors.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const LOAD = 'open the media list';
const PAGE_2 = 'go to page 2';
const PAGE = { count: 1, next: null, previous: null, results: [{ id: 7, name: 'intro.mp4' }] };
const ANSWER = 'the server answers one file';
const FORBIDDEN = 'the server refuses (403 forbidden)';

type Context = { params: unknown };
/** The call a load makes with the params it keeps (a reload without params keeps the page and search). */
const loads = (context: Context) => `load: ${JSON.stringify({ params: context.params })}`;
// What /media shows in each fetch status (src/views/media/MediaTable.tsx, MediaPager.tsx).
const SPINNER = `a spinner ${text('common:loading')} in place of the list`;
const TABLE = `the table ${text('media:list.label')} (${text('media:fields.name')}, ${text('media:fields.uploaded')}, ${text('media:fields.status')}, ${text('media:fields.duration')}, ${text('media:fields.size')}) lists the page's files, and under it the pager ${text('media:list.page', { page: 'N', pages: 'M', count: 'K' })}`;
const DIMMED = `the table ${text('media:list.label')} stays, dimmed, while the page loads again`;
const REFUSED = `in red, in place of the list: ${text('media:messages.loadError')}: ${text('common:errors.forbidden')}`;
const NEXT = text('media:actions.next');

/** The media list: the fetch status of section 4 over GET /media/files/, starting on page 1. */
export default defineQa({
  machine: mediaListMachine,
  file: 'src/machines/media/mediaList.machine.ts',
  title: 'The media list and its fetch status',
  req: { [FORBIDDEN]: ['S8.2-21'] },
  actors: ['load'],
  namespace: 'media',
  preconditions: {
    start: {
      route: '/media (the sidebar\'s Media, then Media)',
      user: 'admin (or a user whose group gives Media "View")',
      data: '21 media files or more, so that the pager offers page 2 (the model answers each page with one file, intro.mp4)',
    },
  },
  howTo: {
    [LOAD]: `press ${text('common:actions.refresh')} (it asks for the page shown again; opening /media asks for page 1)`,
    [PAGE_2]: `press ${NEXT} (the arrow right of the pager) on page 1, or ${text('media:actions.previous')} on page 3`,
    [FORBIDDEN]: 'sign in as a user whose group gives Media "View" and open /media; as admin in another window, take that right away; then press "Refresh" (the sidebar then drops Media and the page turns into "No access")',
  },
  offScreen: {
    // The pager shows only once a page has arrived (MediaPager.tsx hides itself with no files counted).
    [PAGE_2]: (view) => (view.status === 'initial' ? 'the screen asks for page 1 as it opens' : view.rows === null ? `the pager (with ${NEXT}) shows only once a page has arrived` : undefined),
  },
  events: {
    [LOAD]: { type: 'fetch.load' },
    [PAGE_2]: { type: 'fetch.load', params: { page: 2 } },
    [ANSWER]: done('load', PAGE),
    [FORBIDDEN]: error('load', new ApiRequestError({ status: 403, code: 'forbidden', detail: 'No.' })),
  },
  initial: { start: { to: 'initial', see: { status: 'initial', loading: false } } },
  expect: {
    initial: {
      [LOAD]: { to: 'loading', calls: ['load: {"params":{"page":1}}'], screen: [SPINNER] },
      [PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'], screen: [SPINNER] },
    },
    // A load while one is under way starts it again with the params it is given (or keeps).
    loading: {
      [LOAD]: (context: Context) => ({ to: 'loading', calls: [loads(context)], screen: [`the spinner ${text('common:loading')} stays`] }),
      [PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'], screen: [`the spinner ${text('common:loading')} stays`] },
      [ANSWER]: { to: 'complete', see: { rows: 1, error: null, loading: false }, screen: [TABLE] },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' }, screen: [REFUSED] },
    },
    updating: {
      [LOAD]: (context: Context) => ({ to: 'updating', see: { rows: 1, loading: true }, calls: [loads(context)], screen: [DIMMED] }),
      [PAGE_2]: { to: 'updating', calls: ['load: {"params":{"page":2}}'], screen: [DIMMED] },
      [ANSWER]: { to: 'complete', see: { rows: 1 }, screen: [TABLE] },
      [FORBIDDEN]: { to: 'error', see: { error: 'forbidden' }, screen: [REFUSED] },
    },
    complete: {
      [LOAD]: (context: Context) => ({ to: 'updating', see: { rows: 1, loading: true }, calls: [loads(context)], screen: [DIMMED] }),
      [PAGE_2]: { to: 'updating', calls: ['load: {"params":{"page":2}}'], screen: [DIMMED] },
    },
    error: {
      [LOAD]: (context: Context) => ({ to: 'loading', see: { loading: true }, calls: [loads(context)], screen: [SPINNER] }),
      [PAGE_2]: { to: 'loading', calls: ['load: {"params":{"page":2}}'], screen: [SPINNER] },
    },
  },
  view: (snapshot) => ({
    status: selectFetchStatus(snapshot),
    loading: selectIsLoading(snapshot),
    rows: selectData(snapshot)?.results.length ?? null,
    error: selectError(snapshot),
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.error, snapshot.context.data !== null, snapshot.context.params]),
});
