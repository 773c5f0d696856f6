import { optionSearchMachine, type OptionSearchContext } from '../../../src/machines/scheduler/optionSearch.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const TYPE = 'type "lobby" into the device search';
const TYPE_MORE = 'type "lobby 1" into the device search';
const TICK = 'tick "Screen 130 lobby" in the form';
const ONLY = 'switch on "Show only the selected devices"';
const EVERY = 'switch "Show only the selected devices" off';
const RESTS = 'the typing rests for 300 ms';
const ANSWER = 'the server answers 13 matches, the first 2 listed';
const FAILS = 'the network is down during the search';
const RETRY = 'press "Retry"';

const FOUND = { count: 13, results: [{ id: 130, name: 'Screen 130 lobby', office_name: 'Riverside' }, { id: 10, name: 'Screen 010 lobby', office_name: 'Riverside' }], ids: [10, 130] };
const offline = new ApiRequestError({ status: 0, code: 'network_error', detail: '' });
type Context = OptionSearchContext;

// What the device section of the event form shows (src/views/scheduler/DeviceSection.tsx).
const BOX = text('scheduler:form.deviceSearch');
const SWITCH = text('scheduler:form.onlyChosen');
const SPINS = `a small spinner (${text('scheduler:form.searching')}) at the end of the box ${BOX}`;
const searches = (change: Partial<Context['query']>, screen: string[]) => (context: Context) => ({
  to: 'searching',
  see: { busy: true },
  calls: [`search: ${JSON.stringify({ ...context.query, ...change })}`],
  screen,
});
/** Typing waits for it to rest: the 300 ms wait starts with the key, and starts again with each key while it waits. */
const waits = (search: string, waiting: boolean) => ({ to: 'debouncing', see: { search, busy: true }, calls: [], timers: { searchDebounce: waiting ? ('restart' as const) : ('start' as const) }, screen: [`the box ${BOX} reads "${search}"; ${SPINS}`] });
/** The switch searches at once: a wait for typing to rest is dropped. */
const switched = (on: boolean, waiting: boolean) => (context: Context) => ({
  ...searches({ onlyChosen: on }, [`the switch ${SWITCH} is ${on ? 'on' : 'off'}; ${SPINS}`])(context),
  timers: { searchDebounce: waiting ? ('cancel' as const) : ('none' as const) },
});

/** In every state (`waiting`: typing waits to rest): typing waits; the switch searches at once; a tick is remembered for the next search. */
const everywhere = (waiting: boolean) => ({
  [TYPE]: waits('lobby', waiting),
  [TYPE_MORE]: waits('lobby 1', waiting),
  [ONLY]: switched(true, waiting),
  [EVERY]: switched(false, waiting),
  [TICK]: { see: { chosen: [7, 130] }, calls: [], screen: [`"Screen 130 lobby · Riverside" is ticked; the label reads ${text('scheduler:form.devices_other', { count: 2 })}`] },
});
const anywhere = everywhere(false);

/**
 * Issue 11: the event form's device, playlist and media pickers (and the /scheduler campaign filter) search the server
 * as the typing rests, instead of filtering a first page of 500; what the form holds chosen is listed first and kept.
 */
export default defineQa({
  machine: optionSearchMachine,
  file: 'src/machines/scheduler/optionSearch.machine.ts',
  title: 'A picker searched on the server (the devices of a campaign of 130, device 7 chosen)',
  actors: ['search'],
  namespace: 'scheduler',
  preconditions: {
    'the event form opens': {
      route: '/campaigns/9/scheduler, then press the event "Lobby news" in the calendar: the form "Edit event" opens with its section of devices',
      user: 'admin (or a user with scheduler edit rights)',
      data: 'campaign 9 with 130 devices, 13 of them with "lobby" in the name (Screen 010 lobby … Screen 130 lobby, office Riverside); an event "Lobby news" of campaign 9 on device 7 only',
    },
  },
  howTo: {
    [TICK]: 'tick the box of "Screen 130 lobby · Riverside" in the list',
    [RESTS]: 'stop typing: 300 ms later the search is sent',
    [ANSWER]: 'wait: the server answers the search',
    [FAILS]: 'in the devtools Network tab, choose "Offline" before typing (the search fails once the typing rests)',
    [RETRY]: `choose "Online" again, then press ${text('scheduler:actions.retry')} beside ${text('scheduler:form.searchError')}`,
  },
  offScreen: {
    [TICK]: (view) =>
      view.error !== null && !view.busy
        ? 'the list is replaced by the search error'
        : !(view.results as string[]).includes('Screen 130 lobby')
          ? 'the list has no "Screen 130 lobby" to tick before the search has found it'
          : undefined,
    [RETRY]: (view) => (view.error !== null && !view.busy ? undefined : `${text('scheduler:actions.retry')} shows only after a failed search`),
  },
  starts: { 'the event form opens': () => ({ query: { kind: 'devices', campaign: 9, search: '', chosen: [7], onlyChosen: false } }) },
  events: {
    [TYPE]: { type: 'search.type', search: 'lobby' },
    [TYPE_MORE]: { type: 'search.type', search: 'lobby 1' },
    [TICK]: { type: 'search.chosen', chosen: [7, 130] },
    [ONLY]: { type: 'search.onlyChosen', on: true },
    [EVERY]: { type: 'search.onlyChosen', on: false },
    [RESTS]: after('searchDebounce', 'optionSearch.debouncing'),
    [ANSWER]: done('search', FOUND),
    [FAILS]: error('search', offline),
    [RETRY]: { type: 'search.retry' },
  },
  initial: {
    'the event form opens': {
      to: 'searching',
      see: { busy: true, search: '', results: [], chosen: [7] },
      calls: ['search: {"kind":"devices","campaign":9,"search":"","chosen":[7],"onlyChosen":false}'],
      screen: [`the label ${text('scheduler:form.devices_one', { count: 1 })} over the empty box ${BOX}; ${SPINS}`],
    },
  },
  delays: { searchDebounce: { ms: 300, from: 'product rule (issue 28): typing rests 300 ms before a search is sent', watch: 'debounce' } },
  expect: {
    searching: {
      ...anywhere,
      [ANSWER]: {
        to: 'shown',
        see: { busy: false, results: ['Screen 130 lobby', 'Screen 010 lobby'], count: 13, matchIds: [10, 130], error: null },
        screen: [`the spinner goes; the list holds "Screen 130 lobby · Riverside" and "Screen 010 lobby · Riverside"; below it ${text('scheduler:form.moreDevices_other', { count: 11 })}`],
      },
      [FAILS]: { to: 'failed', see: { busy: false, error: 'network_error' }, screen: [`the list gives way to ${text('scheduler:form.searchError')} in red with the button ${text('scheduler:actions.retry')}`] },
    },
    debouncing: {
      ...everywhere(true),
      [RESTS]: searches({}, [`${SPINS} while the search runs`]),
    },
    shown: anywhere,
    failed: {
      ...anywhere,
      [RETRY]: searches({}, [`the error goes; ${SPINS}`]),
    },
  },
  view: (snapshot) => ({
    busy: snapshot.hasTag('busy'),
    search: snapshot.context.query.search,
    chosen: snapshot.context.query.chosen,
    results: snapshot.context.results.map((option) => option.name),
    count: snapshot.context.count,
    matchIds: snapshot.context.matchIds,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.query, snapshot.context.results.length, snapshot.context.error]),
});

