import { timelineFirstPageMachine } from '../../../src/machines/timeline/timelineFirstPage.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const TODAY = '2026-11-27';
const ALL = { office: null, campaign: null, status: null };
const OPEN = 'open /timeline';
const FILTER = 'choose the office Hall';

/** Page 1 of /timeline for the filters and the day (TimelineScreen.tsx): the count and the first rows. */
export default defineFetchQa({
  machine: timelineFirstPageMachine,
  file: 'src/machines/timeline/timelineFirstPage.machine.ts',
  title: 'Page 1 of the timeline for its filters and day',
  open: { words: OPEN, params: { query: ALL, date: TODAY }, calls: `load: {"params":{"query":{"office":null,"campaign":null,"status":null},"date":"${TODAY}"}}` },
  other: { words: FILTER, params: { query: { ...ALL, office: 1 }, date: TODAY }, calls: `load: {"params":{"query":{"office":1,"campaign":null,"status":null},"date":"${TODAY}"}}` },
  answer: { words: 'the server answers 2 devices', data: { count: 2, rows: [{ device: { id: 1, name: 'Hall screen a' }, items: [] }, { device: { id: 2, name: 'Hall screen b' }, items: [] }] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'timeline',
  preconditions: { start: { route: `/timeline (sidebar ${text('screens:titles.timeline')}); ${text('timeline:filters.date')} is today`, user: 'admin (or a user with scheduler view rights)', data: 'two devices, Hall screen a and Hall screen b, in the office Hall (office 1)' } },
  howTo: {
    [OPEN]: 'open /timeline from the sidebar (or press Retry once it failed)',
    [FILTER]: `choose ${text('timeline:filters.office')}: Hall`,
    [OFFLINE.words]: blocked('*/scheduler/timeline/*', 'open /timeline'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already' },
  },
  screen: {
    loading: [`the spinner ${text('timeline:messages.loading')}`],
    answer: [text('timeline:messages.count', { count: 2 }), 'the rows Hall screen a and Hall screen b with the day\'s bars'],
    updating: [`${text('timeline:messages.count', { count: 2 })} and the rows stay until the new filter's count comes`],
    forbidden: [`in red: ${text('timeline:messages.loadError')} with the button ${text('scheduler:actions.retry')}`],
  },
});
