import { eventOptionsMachine } from '../../../src/machines/scheduler/eventOptions.machine.ts';
import { blocked, defineFetchQa, OFFLINE } from '../playlists/fetchQa.ts';
import { text } from '../qa/screen.ts';

const OPEN = 'open /campaigns/3/scheduler';
const RETRY = `press ${text('scheduler:actions.retry')} beside ${text('scheduler:messages.optionsError')}`;

/** What the event form of a campaign's calendar offers (SchedulerView.tsx): the campaign and its devices, in one fetch status. */
export default defineFetchQa({
  machine: eventOptionsMachine,
  file: 'src/machines/scheduler/eventOptions.machine.ts',
  title: 'What the event form of a campaign\'s calendar offers (the campaign and its devices)',
  open: { words: OPEN, params: 3, calls: 'load: {"params":3}' },
  other: { words: RETRY, params: 3, calls: 'load: {"params":3}' },
  answer: { words: 'the server answers campaign 3 and its 2 devices', data: { campaign: { id: 3, name: 'Spring sale', screen_position: 'horizontal' }, deviceIds: [1, 2] }, rows: 1 },
  failure: OFFLINE,
  namespace: 'scheduler',
  preconditions: { start: { route: '/campaigns/3/scheduler', user: 'admin (or a user with scheduler edit rights: the panel and the form are for editors)', data: 'campaign 3 named Spring sale with devices 1 and 2 taking part, and a playlist' } },
  howTo: {
    [OPEN]: 'in /campaigns, press the calendar button of Spring sale',
    [OFFLINE.words]: blocked('*/campaigns/3/participating*', 'open /campaigns/3/scheduler and click a day of the calendar'),
  },
  offScreen: {
    [OPEN]: { loading: 'the page is open already', updating: 'the page is open already', complete: 'the page is open already' },
    [RETRY]: { initial: `${text('scheduler:actions.retry')} is shown only once the form's options failed`, loading: `${text('scheduler:actions.retry')} is shown only once the form's options failed`, updating: `${text('scheduler:actions.retry')} is shown only once the form's options failed`, complete: `${text('scheduler:actions.retry')} is shown only once the form's options failed` },
  },
  screen: {
    loading: ['the calendar, without the playlists panel yet (it comes with the options)'],
    answer: ['the playlists panel beside the calendar; clicking a day opens the event form with devices 1 and 2 ticked'],
    forbidden: [`after clicking a day, in red: ${text('scheduler:messages.optionsError')} with the buttons ${text('scheduler:actions.retry')} and ${text('common:actions.close')}`],
  },
});
