import { optionSearchMachine, type OptionSearchContext } from '../../../src/machines/scheduler/optionSearch.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';

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
const searches = (change: Partial<Context['query']>) => (context: Context) => ({
  to: 'searching',
  see: { busy: true },
  calls: [`search: ${JSON.stringify({ ...context.query, ...change })}`],
});
const waits = (search: string) => ({ to: 'debouncing', see: { search, busy: true }, calls: [] });

/** In every state: typing waits for it to rest; the switch searches at once; a tick is remembered for the next search. */
const anywhere = {
  [TYPE]: waits('lobby'),
  [TYPE_MORE]: waits('lobby 1'),
  [ONLY]: searches({ onlyChosen: true }),
  [EVERY]: searches({ onlyChosen: false }),
  [TICK]: { see: { chosen: [7, 130] }, calls: [] },
};

/**
 * Issue 11: the event form's device, playlist and media pickers (and the /scheduler campaign filter) search the server
 * as the typing rests, instead of filtering a first page of 500; what the form holds chosen is listed first and kept.
 */
export default defineQa({
  machine: optionSearchMachine,
  file: 'src/machines/scheduler/optionSearch.machine.ts',
  title: 'A picker searched on the server (the devices of a campaign of 130, device 7 chosen)',
  actors: ['search'],
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
    },
  },
  delays: { searchDebounce: { ms: 300, from: 'product rule (issue 28): typing rests 300 ms before a search is sent' } },
  expect: {
    searching: {
      ...anywhere,
      [ANSWER]: { to: 'shown', see: { busy: false, results: ['Screen 130 lobby', 'Screen 010 lobby'], count: 13, matchIds: [10, 130], error: null } },
      [FAILS]: { to: 'failed', see: { busy: false, error: 'network_error' } },
    },
    debouncing: {
      ...anywhere,
      [RESTS]: searches({}),
    },
    shown: anywhere,
    failed: {
      ...anywhere,
      [RETRY]: searches({}),
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

