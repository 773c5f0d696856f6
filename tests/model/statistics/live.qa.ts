import { liveFeedMachine } from '../../../src/machines/statistics/live.machine.ts';
import { ApiRequestError } from '../../../src/services/http.ts';
import type { LiveAnswer } from '../../../src/services/statistics.ts';
import { after, defineQa, done, error } from '../qa/catalogue.ts';
import { text } from '../qa/screen.ts';

const live = (plays: number): LiveAnswer => ({
  since: '2026-11-22T10:00:00.000Z',
  until: '2026-11-22T10:15:00.000Z',
  time_zone: 'UTC',
  total: { plays, seconds: plays * 10 },
  minutes: [{ minute: '2026-11-22T10:14:00Z', plays }],
  recent: [],
});

const ANSWER = 'the server answers 3 plays';
const MORE = 'the server answers 5 plays';
const OFFLINE = 'the network is down';
const TICK = 'five seconds pass';
const HIDE = 'switch to another browser tab';
const SHOW = 'come back to the tab';
const REFRESH = 'press "Try again"';

const CARD = text('statistics:live.title');
const TOTAL = text('statistics:live.total');
const REQUESTS = 'the devtools Network tab (undocked, in its own window)';
const number = (plays: number, hadError: boolean) => [
  `in the card ${CARD}, the number reads ${plays} above ${TOTAL}, with ${text('statistics:live.updated', { time: '<the time of the answer>' })} and ${text('statistics:live.timeZone', { zone: 'UTC' })}`,
  ...(hadError ? ['the red message in the card goes away'] : []),
];
const NO_RETRY = `there is no ${text('statistics:retry')} in the card: it shows only under a failed poll`;

/** The live report: polled every 5 seconds while the page is visible, paused while it is hidden, failures shown and outlived. */
export default defineQa({
  machine: liveFeedMachine,
  file: 'src/machines/statistics/live.machine.ts',
  title: 'The live report of plays',
  actors: ['loadLive'],
  namespace: 'statistics',
  preconditions: {
    'the page is visible': {
      route: `/statistics (the Charts tab), with ${REQUESTS} open to watch the requests to /api/v1/statistics/live/; the card ${CARD} is at the bottom`,
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'a device playing (any plays of the last 15 minutes; the sample answers say 3, then 5)',
    },
    'the page opens in a hidden tab': {
      route: `/statistics opened in a background tab (Ctrl+click the sidebar's Statistics link) and left unseen, with ${REQUESTS} of that tab open`,
      user: 'admin (or a user whose group gives Statistics "View")',
      data: 'a device playing (any plays of the last 15 minutes)',
    },
  },
  howTo: {
    [ANSWER]: 'wait: the server answers GET /api/v1/statistics/live/',
    [MORE]: 'wait: the next answer (let the device play two more times)',
    [OFFLINE]: 'in the devtools Network tab, choose "Offline" before the request goes (the next poll comes within 5 s); back to "No throttling" afterwards',
    [TICK]: 'wait 5 seconds after the last answer',
  },
  offScreen: {
    [HIDE]: { paused: 'the tab is already hidden' },
    [SHOW]: { running: 'the tab is already in front' },
    [REFRESH]: (view) => (view.paused ? 'the tab is hidden' : view.error ? undefined : NO_RETRY),
  },
  starts: {
    'the page is visible': () => ({ visible: true }),
    'the page opens in a hidden tab': () => ({ visible: false }),
  },
  events: {
    [ANSWER]: done('loadLive', live(3)),
    [MORE]: done('loadLive', live(5)),
    [OFFLINE]: error('loadLive', new ApiRequestError({ status: 0, code: 'network_error', detail: '' })),
    [TICK]: after('poll', 'liveFeed.running.waiting'),
    [HIDE]: { type: 'live.hide' },
    [SHOW]: { type: 'live.show' },
    [REFRESH]: { type: 'live.refresh' },
  },
  initial: {
    'the page is visible': {
      to: 'running.fetching',
      see: { loading: true, paused: false, plays: null },
      calls: ['loadLive'],
      screen: [`the card ${CARD} with "–" above ${TOTAL}; ${REQUESTS} shows a request to /api/v1/statistics/live/`],
    },
    'the page opens in a hidden tab': {
      to: 'paused',
      see: { loading: false, paused: true, plays: null },
      screen: [`${REQUESTS} shows no request to /api/v1/statistics/live/ (the card, unseen, reads ${text('statistics:live.paused')})`],
    },
  },
  delays: { poll: { ms: 5000, from: 'README /statistics, docs/api.md live report: polled every 5 s while the page is visible' } },
  expect: {
    running: {
      [HIDE]: { to: 'paused', see: { paused: true, loading: false }, screen: [`${REQUESTS} shows no more requests to /api/v1/statistics/live/ while the tab stays hidden`] },
    },
    'running.fetching': {
      [ANSWER]: (context: { error: string | null }) => ({ to: 'running.waiting', see: { loading: false, plays: 3, error: null }, screen: number(3, context.error !== null) }),
      [MORE]: (context: { error: string | null }) => ({ to: 'running.waiting', see: { loading: false, plays: 5, error: null }, screen: number(5, context.error !== null) }),
      [OFFLINE]: (context: { data: LiveAnswer | null }) => ({
        to: 'running.waiting',
        see: { error: 'network_error', plays: context.data?.total.plays ?? null },
        screen: [`in the card, in red: ${text('statistics:errors.loadFailed')}. ${text('common:errors.network_error')}, and the button ${text('statistics:retry')}; the number keeps ${context.data ? `its last value, ${context.data.total.plays}` : '"–"'}`],
      }),
    },
    'running.waiting': {
      [TICK]: { to: 'running.fetching', see: { loading: true }, calls: ['loadLive'], screen: [`${REQUESTS} shows the next request to /api/v1/statistics/live/`] },
      [REFRESH]: { to: 'running.fetching', see: { loading: true }, calls: ['loadLive'], screen: [`${REQUESTS} shows a request to /api/v1/statistics/live/ at once`] },
    },
    paused: {
      [SHOW]: { to: 'running.fetching', see: { paused: false, loading: true }, calls: ['loadLive'], screen: [`${text('statistics:live.paused')} goes away and ${REQUESTS} shows a request to /api/v1/statistics/live/ at once`] },
    },
  },
  view: (snapshot) => ({
    loading: snapshot.hasTag('loading'),
    paused: snapshot.hasTag('paused'),
    plays: snapshot.context.data?.total.plays ?? null,
    error: snapshot.context.error,
  }),
  key: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.data?.total.plays ?? null, snapshot.context.error]),
});
