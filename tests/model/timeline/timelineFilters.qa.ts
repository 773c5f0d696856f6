import { timelineFiltersMachine } from '../../../src/machines/timeline/timelineFilters.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /timeline';
const AGAIN = 'open /timeline again';

/** The choices of /timeline's Office and Campaign filters (TimelineScreen.tsx), loaded together in one fetch status. */
export default defineFetchQa({
  machine: timelineFiltersMachine,
  file: 'src/machines/timeline/timelineFilters.machine.ts',
  title: 'The choices of the timeline\'s Office and Campaign filters',
  open: { words: OPEN, calls: 'load: {}' },
  other: { words: AGAIN, params: undefined, calls: 'load: {}' },
  answer: { words: 'the server answers the office Hall and the campaign Spring sale', data: { offices: [{ id: 1, name: 'Hall' }], campaigns: [{ id: 3, name: 'Spring sale' }] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'timeline',
  preconditions: { start: { route: '/timeline', user: 'admin (or a user with scheduler view rights)', data: 'the office Hall and the campaign Spring sale' } },
  howTo: {
    [OPEN]: 'open /timeline from the sidebar',
    [OFFLINE.words]: blocked('*/branch-offices/*', 'open /timeline'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already' },
    [AGAIN]: 'the page loads the choices once when it opens; opening it again starts a new page',
  },
  screen: {
    loading: [`${text('timeline:filters.office')} and ${text('timeline:filters.campaign')} offer only ${text('timeline:filters.all')}`],
    answer: [`${text('timeline:filters.office')} offers ${text('timeline:filters.all')} and Hall; ${text('timeline:filters.campaign')} offers ${text('timeline:filters.all')} and Spring sale`],
    forbidden: [`${text('timeline:filters.office')} and ${text('timeline:filters.campaign')} offer only ${text('timeline:filters.all')} (no message: the timeline still works unfiltered)`],
  },
});
